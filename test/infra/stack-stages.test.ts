/**
 * CDK assertions on the other stages: a sandbox with an imported secret, what a first deploy needs,
 * stage configuration errors, and cdk-nag failing synthesis on a finding nobody acknowledged.
 */
import { readFile } from 'node:fs/promises';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/core/env';
import { parseWorkflowConfig, WORKFLOW_ENV } from '../../lambdas/core/workflow/config';
import {
  PROVIDER_STEPS,
  STEP_CATALOG,
  STEP_NAMES,
  type StepEntry,
} from '../../lambdas/core/workflow/step-catalog';
import { buildReconApp } from '../../lib/app';
import { actionsOf, ofType, PRODUCTION, type Resources, synth } from './stack-synth';

describe('recon stack (sandbox, imported secret)', () => {
  const secretArn = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:recon-provider-AbCdEf';

  it('imports the secret, has no webhook API and waits for no webhook', () => {
    const { template } = synth({ environment: 'sandbox', baseUrl: 'https://sandbox.example', secretArn });
    template.resourceCountIs('AWS::SecretsManager::Secret', 0);
    // The one HTTP API is the web inbox's: no route receives webhooks.
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { Description: 'recon: web inbox' });
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey,
    );
    expect(routes).not.toContain('POST /webhook');
  });

  // Each Lambda gets only its own settings, so a setting's change redeploys only the steps that read it.
  it("gives each step's Lambda exactly the settings its record lists; only the provider's callers get the secret", () => {
    const { resources } = synth({ environment: 'sandbox', baseUrl: 'https://sandbox.example', secretArn });
    // One per step, and the web inbox's (lib/inbox/inbox.ts).
    expect(ofType(resources, 'AWS::Lambda::Function')).toHaveLength(STEP_NAMES.length + 1);
    const secretReaders: string[] = [];
    for (const step of STEP_NAMES) {
      const entry: StepEntry = STEP_CATALOG[step];
      const { purpose, environment } = entry;
      const vars = functionDescribed(resources, `recon: ${purpose}`).Properties.Environment.Variables;
      // The stage has the web inbox on: the settings only it brings are set too.
      const optional = entry.optionalEnvironment ?? [];
      expect(Object.keys(vars).sort()).toEqual([...environment, ...optional, ...RUNTIME_VARIABLES].sort());
      const actions = actionsOf(resources, purpose).map((a) => a.action);
      const readsSecret = actions.includes('secretsmanager:GetSecretValue');
      expect(vars[ENV.secretArn]).toBe(readsSecret ? secretArn : undefined);
      if (readsSecret) secretReaders.push(step);
      // The environment reaches the steps inside the workflow config, the one place they read it.
      if (vars[WORKFLOW_ENV.workflowConfig])
        expect(parseWorkflowConfig(JSON.parse(vars[WORKFLOW_ENV.workflowConfig])).environment).toBe(
          'sandbox',
        );
    }
    expect(secretReaders.sort()).toEqual(
      ['plan', 'generateReport', 'checkReport', 'downloadUntilEmpty', 'downloadPages', 'deleteReport'].sort(),
    );
  });
});

/** Set on every recon function by its construct, whatever its step (lib/constructs/recon-function.ts). */
const RUNTIME_VARIABLES = ['NODE_OPTIONS', 'POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_SERVICE_NAME'];

function functionDescribed(resources: Resources, description: string) {
  const [only, ...others] = ofType(resources, 'AWS::Lambda::Function')
    .filter(([, fn]) => fn.Properties.Description === description)
    .map(([, fn]) => fn);
  if (!only || others.length > 0) throw new Error(`not exactly one function described as ${description}`);
  return only;
}

describe('a deploy that works the first night', () => {
  const secretArn = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:recon-provider-AbCdEf';
  const keyArn = 'arn:aws:kms:sa-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';

  it('outputs the ARN of the secret it created, and keeps the default names', () => {
    const { template, resources } = synth(PRODUCTION);
    const [secretId] = ofType(resources, 'AWS::SecretsManager::Secret').map(([id]) => id);
    template.hasOutput('SecretArn', { Value: { Ref: secretId } });
    template.hasResourceProperties('AWS::Glue::Database', { DatabaseInput: { Name: 'recon' } });
    template.hasResourceProperties('AWS::Athena::WorkGroup', { Name: 'recon-analytics' });
  });

  it("grants kms:Decrypt on an imported secret's key, and names a second stage apart", () => {
    const stage = {
      environment: 'sandbox',
      baseUrl: 'https://sandbox.example',
      secretArn,
      secretKmsKeyArn: keyArn,
      stageName: 'qa',
    } as const;
    const { stack } = buildReconApp({ stage, skipBundling: true });
    const template = Template.fromStack(stack);
    const resources = template.toJSON().Resources as Resources;
    expect(stack.stackName).toBe('Recon-qa');
    template.hasOutput('SecretArn', { Value: secretArn });
    template.hasResourceProperties('AWS::Glue::Database', { DatabaseInput: { Name: 'recon_qa' } });
    template.hasResourceProperties('AWS::Athena::WorkGroup', { Name: 'recon_qa-analytics' });
    template.hasResourceProperties('AWS::Athena::NamedQuery', {
      Database: 'recon_qa',
      WorkGroup: 'recon_qa-analytics',
    });
    // Every function that may read the secret may decrypt it with its key, through Secrets Manager.
    const readers = ['one batch of report pages', 'run summary'].map((text) => actionsOf(resources, text));
    for (const actions of readers.filter((a) => a.some((x) => x.action === 'secretsmanager:GetSecretValue')))
      expect(actions).toContainEqual({ action: 'kms:Decrypt', resource: keyArn });
    expect(readers.some((a) => a.some((x) => x.action === 'secretsmanager:GetSecretValue'))).toBe(true);
  });

  it('refuses a stage without a baseUrl, naming the key, and cdk.json ships none', async () => {
    const cdkJson = JSON.parse(await readFile(new URL('../../cdk.json', import.meta.url), 'utf8'));
    expect(cdkJson.context.recon.baseUrl).toBeUndefined();
    expect(() => buildReconApp({ stage: cdkJson.context.recon })).toThrow(/baseUrl/);
    expect(() =>
      buildReconApp({ stage: { environment: 'sandbox', baseUrl: 'https://sandbox.example.invalid/api' } }),
    ).toThrow(/baseUrl.*\.invalid/s);
  });

  it('refuses a KMS key without an imported secret, and a stage name that cannot name a Glue database', () => {
    expect(() =>
      buildReconApp({
        stage: { environment: 'sandbox', baseUrl: 'https://s.example', secretKmsKeyArn: keyArn },
      }),
    ).toThrow(/secretArn/);
    expect(() =>
      buildReconApp({
        stage: { environment: 'sandbox', baseUrl: 'https://s.example', stageName: 'QA stage' },
      }),
    ).toThrow(/stageName/);
  });
});

describe('stage configuration', () => {
  it('rejects a webhook in the sandbox and a malformed cron before building anything', () => {
    expect(() =>
      buildReconApp({
        stage: { environment: 'sandbox', baseUrl: 'https://s.example', webhook: { enabled: true } },
      }),
    ).toThrow(/sandbox sends no webhooks/);
    expect(() =>
      buildReconApp({
        stage: { environment: 'sandbox', baseUrl: 'https://s.example', schedule: { cron: '0 6 * *' } },
      }),
    ).toThrow(/6 cron fields/);
  });

  it("passes a stage rateSpacingMs to the provider's callers and refuses a negative one, naming the key", () => {
    const { resources } = synth({ environment: 'sandbox', baseUrl: 'https://s.example', rateSpacingMs: 50 });
    for (const step of PROVIDER_STEPS) {
      const fn = functionDescribed(resources, `recon: ${STEP_CATALOG[step].purpose}`);
      expect(fn.Properties.Environment.Variables[ENV.providerRateSpacing]).toBe('50');
    }
    expect(() =>
      buildReconApp({ stage: { environment: 'sandbox', baseUrl: 'https://s.example', rateSpacingMs: -1 } }),
    ).toThrow(/rateSpacingMs/);
  });
});

describe('cdk-nag', () => {
  it('fails synthesis on a finding nobody acknowledged', () => {
    const { stack } = buildReconApp({ stage: PRODUCTION, skipBundling: true });
    new s3.Bucket(Stack.of(stack), 'Unreviewed');
    expect(() => Template.fromStack(stack)).toThrow(/AwsSolutions-S10/);
  });
});
