import { Template } from 'aws-cdk-lib/assertions';
import { buildReconApp } from '../../lib/app';
import type { StageConfigInput } from '../../lib/config';
import { STATE } from '../../lib/workflow/state-names';
import { definitionFromTemplate } from '../../local/stepfunctions/definition';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation properties are free-form JSON read by assertions.
export type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;

/** The few ASL fields these tests read. */
export interface AslState {
  readonly MaxConcurrency?: number;
  readonly ItemProcessor: { readonly States: Record<string, AslState>; readonly ProcessorConfig?: unknown };
  readonly Choices: unknown[];
  readonly Retry: { ErrorEquals: string[] }[];
  readonly Catch: unknown[];
  readonly Resource: string;
  readonly Parameters: { Payload: unknown };
  readonly TimeoutSeconds: number;
}

export function jobStates(template: Template): { jobs: AslState; job: Record<string, AslState> } {
  const definition = definitionFromTemplate(template.toJSON()) as unknown as {
    States: Record<string, AslState>;
  };
  const jobs = definition.States[STATE.fetchReports] as AslState;
  return { jobs, job: jobs.ItemProcessor.States };
}

export const PRODUCTION: StageConfigInput = {
  environment: 'production',
  baseUrl: 'https://provider.example/api/',
  webhook: { enabled: true, timeoutMinutes: 45 },
  financeEmails: ['finance@example.com', 'controller@example.com'],
  operationsEmails: ['ops@example.com'],
};

export function synth(stage: StageConfigInput): { template: Template; resources: Resources } {
  const { stack } = buildReconApp({ stage, skipBundling: true });
  const template = Template.fromStack(stack);
  return { template, resources: template.toJSON().Resources as Resources };
}

export function ofType(resources: Resources, type: string) {
  return Object.entries(resources).filter(([, r]) => r.Type === type);
}

/** Every IAM action granted to the role of the function whose description contains `text`. */
export interface Statement {
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: unknown;
}

export function statementsOf(resources: Resources, text: string): Statement[] {
  const fn = ofType(resources, 'AWS::Lambda::Function').find(([, r]) =>
    String(r.Properties.Description).includes(text),
  );
  if (!fn) throw new Error(`no function described as ${text}`);
  const roleId = fn[1].Properties.Role['Fn::GetAtt'][0];
  return ofType(resources, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

export function actionsOf(resources: Resources, text: string): { action: string; resource: unknown }[] {
  return statementsOf(resources, text).flatMap((s) =>
    [s.Action].flat().map((action) => ({ action, resource: s.Resource })),
  );
}
