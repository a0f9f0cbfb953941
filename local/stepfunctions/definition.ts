/**
 * The state machine definition the stack deploys, taken from the synthesized template: the local
 * executor runs exactly that, not a hand-written copy. Bundling and cdk-nag are skipped (neither
 * changes the definition); ARN tokens are resolved to placeholders, since local Task states are bound
 * by state name and never call their Resource.
 */
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { buildReconApp } from '../../lib/app';
import type { StageConfigInput } from '../../lib/config';

export type WorkflowDefinition = StateMachineDefinition;

const PSEUDO_PARAMETERS: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': 'us-east-1',
  'AWS::AccountId': '000000000000',
  'AWS::URLSuffix': 'amazonaws.com',
};

/** Renders one element of an `Fn::Join` as text: strings as-is, references as placeholder ARNs. */
function resolvePart(part: unknown): string {
  if (typeof part === 'string') return part;
  const token = part as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  if (token.Ref) return PSEUDO_PARAMETERS[token.Ref] ?? token.Ref;
  if (token['Fn::GetAtt']) {
    const [logicalId] = token['Fn::GetAtt'];
    return `arn:aws:lambda:us-east-1:000000000000:function:${logicalId}`;
  }
  throw new Error(`cannot resolve definition token ${JSON.stringify(part)}`);
}

type TemplateResources = Record<string, { Type: string; Properties?: { DefinitionString?: unknown } }>;

/** `DefinitionString` of the template's state machine: a plain string or an `Fn::Join`. */
export function definitionFromTemplate(template: { readonly [key: string]: unknown }): WorkflowDefinition {
  const resources = (template.Resources ?? {}) as TemplateResources;
  const machines = Object.values(resources).filter((r) => r.Type === 'AWS::StepFunctions::StateMachine');
  if (machines.length !== 1) throw new Error(`expected one state machine, found ${machines.length}`);
  const body = machines[0]?.Properties?.DefinitionString as unknown;
  const text =
    typeof body === 'string'
      ? body
      : (body as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].map(resolvePart).join('');
  return JSON.parse(text) as WorkflowDefinition;
}

const cache = new Map<string, WorkflowDefinition>();

/**
 * Synthesizes the stack for `stage` (no bundling, no nag) and returns its state machine definition.
 * Cached per stage: a synth takes a few seconds and the definition only depends on the stage.
 */
export function synthesizeWorkflowDefinition(stage: StageConfigInput): WorkflowDefinition {
  const key = JSON.stringify(stage);
  const cached = cache.get(key);
  if (cached) return cached;
  const { app, stack } = buildReconApp({ stage, skipBundling: true, nag: false });
  const template = app.synth().getStackByName(stack.stackName).template;
  const definition = definitionFromTemplate(template);
  cache.set(key, definition);
  return definition;
}
