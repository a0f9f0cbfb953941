/**
 * Each step's handler builds its dependencies from exactly the environment its record declares
 * (lambdas/core/workflow/step-catalog.ts): with only those variables set, building succeeds and
 * reads every one of them; the secret is fetched only by the steps that call the provider, and a
 * step creates the AWS client of each service its record names, no other.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '../../../lambdas/core/env';
import { WORKFLOW_ENV } from '../../../lambdas/core/workflow/config';
import { STEP_CATALOG, STEP_NAMES, type StepName } from '../../../lambdas/core/workflow/step-catalog';
import type { StepContext } from '../../../lambdas/runtime/step-handler';

const secretReads = vi.hoisted(() => ({ count: 0 }));

vi.mock('@aws-lambda-powertools/parameters/secrets', () => ({
  getSecret: async () => {
    secretReads.count += 1;
    return JSON.stringify({ email: 'ops@example.com', apiToken: 'token', hmacSecret: 'h' });
  },
}));
// The handler module hands its builder to createStepHandler; keep the builder to call it here.
vi.mock('../../../lambdas/runtime/step-handler', () => ({
  createStepHandler: (step: string, build: (context: StepContext) => unknown) => ({ step, build }),
}));

const VALUES: Record<string, string> = {
  [ENV.tableName]: 'table',
  [ENV.bucketName]: 'bucket',
  [ENV.secretArn]: 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:recon',
  [ENV.providerBaseUrl]: 'https://provider.example/api',
  [ENV.providerRatePerSecond]: '10',
  [ENV.providerRateMargin]: '0.03',
  [ENV.providerRateSpacing]: '10',
  [ENV.reconConfig]: '{}',
  [ENV.topicArn]: 'arn:aws:sns:sa-east-1:123456789012:recon',
  [ENV.eventBusName]: 'recon-events',
  [WORKFLOW_ENV.workflowConfig]: JSON.stringify({ environment: 'production' }),
};
const RECON_NAMES = Object.keys(VALUES);

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.restoreAllMocks();
});

/** Sets only the step's declared variables and records which recon variables get read. */
function declaredEnvironmentOnly(step: StepName): Set<string> {
  const read = new Set<string>();
  const declared: readonly string[] = STEP_CATALOG[step].environment;
  const env: Record<string, string | undefined> = { ...saved };
  for (const name of RECON_NAMES) delete env[name];
  for (const name of declared) env[name] = VALUES[name];
  process.env = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string' && RECON_NAMES.includes(name)) read.add(name);
      return target[name as string];
    },
  });
  return read;
}

/** The services a step's record names: its table always, the bucket, the topic, the task callback, the bus. */
function servicesOf(step: StepName): string[] {
  const { environment, access } = STEP_CATALOG[step];
  const names: readonly string[] = environment;
  return [
    'DynamoDBClient',
    ...(names.includes(ENV.bucketName) ? ['S3Client'] : []),
    ...('sendTaskSuccess' in access && access.sendTaskSuccess ? ['SFNClient'] : []),
    ...(names.includes(ENV.topicArn) ? ['SNSClient'] : []),
    ...(names.includes(ENV.eventBusName) ? ['EventBridgeClient'] : []),
  ].sort();
}

const context: StepContext = {
  now: () => new Date(),
  onPageIngested: () => undefined,
  warn: () => undefined,
};

describe('each step handler', () => {
  it.each(STEP_NAMES)('%s builds from its declared environment alone, and reads all of it', async (step) => {
    const read = declaredEnvironmentOnly(step);
    secretReads.count = 0;
    // A fresh module graph per step: its clients are created by its own build, not an earlier step's.
    vi.resetModules();
    const capture = vi.spyOn(Tracer.prototype, 'captureAWSv3Client');
    const { handler } = (await import(`../../../lambdas/${STEP_CATALOG[step].folder}/handler.ts`)) as {
      handler: { step: string; build: (context: StepContext) => unknown };
    };
    expect(handler.step).toBe(step);
    expect(typeof (await handler.build(context))).toBe('function');
    expect([...read].sort()).toEqual([...STEP_CATALOG[step].environment].sort());
    expect(secretReads.count).toBe(STEP_CATALOG[step].callsProvider ? 1 : 0);
    const created = capture.mock.calls.map(([client]) => (client as object).constructor.name);
    expect(created.sort()).toEqual(servicesOf(step));
  });
});
