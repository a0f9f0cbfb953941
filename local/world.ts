/**
 * The whole recon system on this machine, wired in one place for `recon run` (cli/runner/run.ts), the
 * tests and the benchmarks (simulated-world.ts): the provider (the built-in simulator, or an address),
 * dynalite and s3rver (in memory, or persisted in given folders), the REAL workflow steps wired
 * exactly as the Lambdas wire them (`buildWorkflowDeps`), the state machine definition synthesized by
 * CDK for the stage, and, when the stage enables it, the real webhook receiver registered at the
 * provider. `run` executes that definition with aws-local-stepfunctions.
 */
import { mkdir } from 'node:fs/promises';
import { parseReconConfig, type ReconConfig, type ReconConfigInput } from '../lambdas/core/config';
import type { ProviderCredentials } from '../lambdas/core/provider/http';
import type { ProviderEnvironment } from '../lambdas/core/provider/port';
import type { RateLimiter } from '../lambdas/core/rate-limit/port';
import { buildWorkflowSteps, type WorkflowSteps } from '../lambdas/core/workflow/build-steps';
import {
  parseWorkflowConfig,
  type WorkflowConfig,
  type WorkflowConfigInput,
} from '../lambdas/core/workflow/config';
import type { ExecutionInput } from '../lambdas/core/workflow/contracts';
import type { WorkflowDeps } from '../lambdas/core/workflow/deps';
import { buildWorkflowDeps, type WorkflowWiring } from '../lambdas/runtime/workflow-wiring';
import { parseStageConfig, type StageConfig, type StageConfigInput, workflowConfigOf } from '../lib/config';
import { type LocalDynamo, startDynamoProcess, startLocalDynamo } from './aws/dynamodb';
import { type LocalS3, startLocalS3 } from './aws/s3';
import { eventsFileSink } from './events-file';
import { type Simulator, type SimulatorOptions, startSimulator } from './simulator';
import type { WorkflowDefinition } from './stepfunctions/definition';
import { cachedDefinition } from './stepfunctions/definition-cache';
// Not the stepfunctions index: it loads the CDK app, which `recon run` synthesizes off its main thread.
import { type LocalRunOptions, type LocalRunResult, runWorkflowLocally } from './stepfunctions/run';
import { createLocalTaskTokens, type LocalTaskTokens } from './stepfunctions/task-tokens';
import { type LocalWebhook, startLocalWebhook } from './webhook/register';

/**
 * The base URL the definition is synthesized with: the provider's address is a Lambda setting that
 * never reaches the definition, so one placeholder keeps the per-stage synthesis cache shared by
 * worlds whose simulators listen on different ports.
 */
const DEFINITION_BASE_URL = 'https://simulator.localhost';

/** The provider: one already listening (a real one, or a separate `recon simulator`), or a built-in simulator. */
export type WorldProvider =
  | { readonly url: string; readonly credentials: ProviderCredentials }
  | { readonly simulator: Omit<SimulatorOptions, 'mode'> };

export interface WorldOptions {
  readonly mode: ProviderEnvironment;
  readonly provider: WorldProvider;
  /** Folders dynalite and s3rver persist in, with the table and bucket names; absent: in memory. */
  readonly stores?: {
    readonly dynamodb: string;
    readonly s3: string;
    readonly table: string;
    readonly bucket: string;
  };
  /** Run dynalite in its own process (benchmarks time the steps without DynamoDB's own work). */
  readonly dynamoProcess?: boolean;
  /** Stage settings: they shape the definition and, as deployed, the steps' settings. */
  readonly stage?: Omit<StageConfigInput, 'environment' | 'baseUrl'>;
  /** The steps' settings over those the stage gives them (e.g. ones the stage does not expose). */
  readonly workflow?: Omit<WorkflowConfigInput, 'environment' | 'webhook'>;
  readonly recon?: ReconConfigInput;
  /** The steps' rate limiter, on this world's table and the provider account if it needs them. */
  readonly limiter: (dynamo: LocalDynamo, stage: StageConfig, account: string) => RateLimiter;
  /** Provider client tuning (e.g. fast retries in tests). @default the deployed client's */
  readonly providerClient?: WorkflowWiring['provider'];
  /** The secret the webhook is registered with, when the stage enables the webhook. */
  readonly webhook?: { readonly hmacSecret: string; readonly receivedAt?: () => Date };
  /** The steps' clock (business date, leases, deadlines). @default the real time */
  readonly now?: () => Date;
  /** Each notification the summary publishes (SNS stand-in); all are also kept in `published`. */
  readonly onPublish?: (subject: string, message: string) => void;
  /** Where the nights' events are written, a file per night (events-file.ts); absent: none are made. */
  readonly eventsDir?: string;
  readonly reportLink?: WorkflowWiring['reportLink'];
  /** The web inbox's address the report and message link into (`recon run --inbox-url`); absent: none. */
  readonly inboxUrl?: string;
  readonly warn?: WorkflowWiring['warn'];
  /** What the world starts, as it starts it (a progress display). */
  readonly onStage?: (message: string) => void;
  /** The definition for a stage. @default synthesized on this thread, cached per stage */
  readonly synthesize?: (stage: StageConfigInput) => Promise<WorkflowDefinition>;
  /** Stops the start (Ctrl-C): whatever had started is stopped again. */
  readonly signal?: AbortSignal;
}

export interface World {
  /** The built-in simulator; absent when the world talks to a provider at an address. */
  readonly simulator: Simulator | undefined;
  readonly dynamo: LocalDynamo;
  readonly s3: LocalS3;
  readonly stage: StageConfig;
  readonly reconConfig: ReconConfig;
  readonly webhook: LocalWebhook | undefined;
  readonly taskTokens: LocalTaskTokens;
  /** The real dependencies `steps` are built from (wrap one and build steps again to observe it). */
  readonly deps: WorkflowDeps;
  /** The real steps `run` executes; wrap them and pass `{ steps }` to `run` to observe or break one. */
  readonly steps: WorkflowSteps;
  /** The real steps under other recon settings, on the same stores (a configuration change between runs). */
  stepsWith(recon: ReconConfigInput): WorkflowSteps;
  /** Messages the summary published (SNS stand-in). */
  readonly published: { subject: string; message: string }[];
  /** The stage's state machine definition, synthesized on first use. */
  definition(): Promise<WorkflowDefinition>;
  run(input: ExecutionInput, options?: Partial<LocalRunOptions>): Promise<LocalRunResult>;
  /** Stops everything the world started, the webhook registration first (the provider still runs). */
  close(): Promise<void>;
}

/** What the real steps are wired from: a world's stand-ins, or a benchmark "Lambda"'s own clients on them. */
export interface StepsWiring
  extends Pick<WorkflowWiring, 'limiter' | 'now' | 'reportLink' | 'warn' | 'inboxUrl' | 'events'>,
    Partial<Pick<WorkflowWiring, 'sendTaskSuccess' | 'publish'>> {
  readonly dynamo: Pick<LocalDynamo, 'documentClient' | 'tableName'>;
  readonly s3: Pick<LocalS3, 'client' | 'bucket'>;
  readonly provider: { readonly url: string; readonly credentials: ProviderCredentials };
  readonly reconConfig: ReconConfig;
  readonly workflowConfig: WorkflowConfig;
  /** Provider client tuning (e.g. fast retries in tests). @default the deployed client's */
  readonly providerClient?: WorkflowWiring['provider'];
}

/** The steps' dependencies, composed as the Lambdas compose them (`buildWorkflowDeps`); no callback: no-ops. */
export function wireStepDeps(wiring: StepsWiring): WorkflowDeps {
  const { dynamo, s3, provider } = wiring;
  return buildWorkflowDeps({
    ddb: dynamo.documentClient,
    tableName: dynamo.tableName,
    s3: s3.client,
    bucket: s3.bucket,
    baseUrl: provider.url,
    credentials: provider.credentials,
    limiter: wiring.limiter,
    reconConfig: wiring.reconConfig,
    workflowConfig: wiring.workflowConfig,
    sendTaskSuccess: wiring.sendTaskSuccess ?? (async () => undefined),
    publish: wiring.publish ?? (async () => undefined),
    ...(wiring.now ? { now: wiring.now } : {}),
    ...(wiring.reportLink ? { reportLink: wiring.reportLink } : {}),
    ...(wiring.inboxUrl ? { inboxUrl: wiring.inboxUrl } : {}),
    ...(wiring.warn ? { warn: wiring.warn } : {}),
    ...(wiring.events ? { events: wiring.events } : {}),
    ...(wiring.providerClient ? { provider: wiring.providerClient } : {}),
  });
}

/**
 * The definition synthesized on this thread, or by an earlier process for the same code and stage
 * (definition-cache.ts); CDK is loaded on the first synthesis only.
 */
async function synthesizeHere(stage: StageConfigInput): Promise<WorkflowDefinition> {
  return cachedDefinition(stage, async () => {
    const { synthesizeWorkflowDefinition } = await import('./stepfunctions/definition');
    return synthesizeWorkflowDefinition(stage);
  });
}

type Closers = (() => Promise<void>)[];

async function startProvider(options: WorldOptions, closers: Closers) {
  if ('url' in options.provider) return { ...options.provider, simulator: undefined };
  const simulator = await startSimulator({ ...options.provider.simulator, mode: options.mode });
  closers.push(() => simulator.close());
  options.onStage?.(`provider simulator (${options.mode}) on ${simulator.url}`);
  return { url: simulator.url, credentials: simulator.credentials, simulator };
}

async function startStores(options: WorldOptions, closers: Closers) {
  options.onStage?.('starting local DynamoDB and S3');
  const { stores } = options;
  if (stores) await mkdir(stores.s3, { recursive: true });
  const started = await Promise.allSettled([
    options.dynamoProcess
      ? startDynamoProcess(stores ? { tableName: stores.table } : {})
      : startLocalDynamo(stores ? { path: stores.dynamodb, tableName: stores.table } : {}),
    startLocalS3(stores ? { directory: stores.s3, bucket: stores.bucket } : {}),
  ]);
  for (const store of started) if (store.status === 'fulfilled') closers.push(() => store.value.close());
  const [dynamo, s3] = started;
  if (dynamo.status === 'rejected') throw dynamo.reason;
  if (s3.status === 'rejected') throw s3.reason;
  return { dynamo: dynamo.value, s3: s3.value };
}

/** Starts the world; a failed or interrupted start stops again whatever it had started. */
export async function startWorld(options: WorldOptions): Promise<World> {
  const closers: Closers = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer();
  };
  try {
    const provider = await startProvider(options, closers);
    options.signal?.throwIfAborted();
    const { dynamo, s3 } = await startStores(options, closers);
    const stageInput = { ...options.stage, environment: options.mode, baseUrl: provider.url };
    const stage = parseStageConfig(stageInput);
    const reconConfig = parseReconConfig(options.recon ?? {});
    const taskTokens = createLocalTaskTokens();
    const published: { subject: string; message: string }[] = [];
    const now = options.now ?? (() => new Date());
    const depsWith = (recon: ReconConfig) =>
      wireStepDeps({
        dynamo,
        s3,
        provider,
        limiter: options.limiter(dynamo, stage, provider.credentials.email),
        reconConfig: recon,
        // Derived from the stage as the stack derives it, so the steps run with the deployed defaults.
        workflowConfig: parseWorkflowConfig({ ...workflowConfigOf(stage), ...options.workflow }),
        sendTaskSuccess: taskTokens.sendTaskSuccess,
        publish: async (subject, message) => {
          published.push({ subject, message });
          options.onPublish?.(subject, message);
        },
        now,
        ...(options.reportLink ? { reportLink: options.reportLink } : {}),
        ...(options.inboxUrl ? { inboxUrl: options.inboxUrl } : {}),
        ...(options.warn ? { warn: options.warn } : {}),
        ...(options.eventsDir ? { events: eventsFileSink(options.eventsDir) } : {}),
        ...(options.providerClient ? { providerClient: options.providerClient } : {}),
      });
    const deps = depsWith(reconConfig);
    let webhook: LocalWebhook | undefined;
    if (stage.webhook.enabled && options.webhook) {
      const registered = await startLocalWebhook({
        ddb: dynamo.documentClient,
        tableName: dynamo.tableName,
        provider: deps.provider,
        hmacSecret: options.webhook.hmacSecret,
        sendTaskSuccess: taskTokens.sendTaskSuccess,
        now,
        ...(options.webhook.receivedAt ? { receivedAt: options.webhook.receivedAt } : {}),
      });
      closers.push(() => registered.close());
      webhook = registered;
      options.signal?.throwIfAborted();
      options.onStage?.(`webhook receiver registered at the provider: ${registered.url}`);
    }
    const synthesize = options.synthesize ?? synthesizeHere;
    let definition: Promise<WorkflowDefinition> | undefined;
    const definitionOnce = () => {
      definition ??= synthesize({ ...stageInput, baseUrl: DEFINITION_BASE_URL });
      return definition;
    };
    const steps = buildWorkflowSteps(deps);
    return {
      simulator: provider.simulator,
      dynamo,
      s3,
      stage,
      reconConfig,
      webhook,
      taskTokens,
      deps,
      steps,
      stepsWith: (recon) => buildWorkflowSteps(depsWith(parseReconConfig(recon))),
      published,
      definition: definitionOnce,
      run: async (input, runOptions = {}) =>
        runWorkflowLocally({
          definition: await definitionOnce(),
          steps,
          taskTokens,
          input,
          summaries: { s3: s3.client, bucket: s3.bucket },
          ...runOptions,
        }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
