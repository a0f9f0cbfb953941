/**
 * `recon run`: the nightly pipeline on this machine. The provider simulator (unless a provider URL
 * is given), dynalite and s3rver persisted under the data directory, the REAL workflow steps wired
 * exactly as in Lambda (shared DynamoDB rate limiter included), and the state machine definition
 * synthesized by CDK, executed by aws-local-stepfunctions.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { businessDate, type IsoDate } from '../../lambdas/core/calendar';
import type { ReconConfig } from '../../lambdas/core/config';
import type { ProviderCredentials } from '../../lambdas/core/provider/http';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { buildDynamoLimiter } from '../../lambdas/core/rate-limit/dynamo';
import { renderHtmlReport } from '../../lambdas/core/summary/html';
import { summaryKeys } from '../../lambdas/core/summary/summarizer';
import type { ReportLanguage, RunSummary } from '../../lambdas/core/summary/types';
import { buildWorkflowSteps, type WorkflowSteps } from '../../lambdas/core/workflow/steps';
import { buildWorkflowDeps } from '../../lambdas/runtime/workflow-wiring';
import { parseStageConfig, workflowConfigOf } from '../../lib/config';
import { startLocalDynamo } from '../../local/aws/dynamodb';
import { startLocalS3 } from '../../local/aws/s3';
import { type SimulatorOptions, startSimulator } from '../../local/simulator';
// Not the stepfunctions index: it loads the CDK app, which the main thread no longer needs.
import { runWorkflowLocally } from '../../local/stepfunctions/run';
import { synthesizeOffThread } from '../../local/stepfunctions/synthesize';
import { createLocalTaskTokens } from '../../local/stepfunctions/task-tokens';
import { startLocalWebhook } from '../../local/webhook/register';
import type { LocalCredentials } from '../credentials';
import { type DataPaths, dataPaths, LOCAL_BUCKET, LOCAL_TABLE, writeLastRun } from './data-dir';
import { acquireRunLock } from './lock';
import { defaultPeriod, pinnedAsOf } from './period';
import type { ProgressEvent } from './progress';
import { withProgress } from './provider-progress';
import { assertReachable } from './reachability';

/**
 * How long a job waits for the local webhook before the definition falls back to polling: the
 * simulator delivers within a second; a lost delivery must not stall a local run for the deployed
 * timeout (an hour).
 */
const LOCAL_WEBHOOK_TIMEOUT_MS = 30_000;

export interface LocalRunOptions {
  readonly env: ProviderEnvironment;
  /** A real provider (or a separate `recon simulator`); absent = start the built-in simulator. */
  readonly providerUrl?: string;
  readonly from?: IsoDate;
  readonly to?: IsoDate;
  /** The business date states are derived for; default: today, or `SIMULATOR_AS_OF` (period.ts) with the built-in simulator. */
  readonly asOf?: IsoDate;
  readonly dataDir: string;
  /** `local` starts, registers and finally removes a loopback webhook receiver (production only). */
  readonly webhook: 'local' | 'off';
  /** Required with `providerUrl`; the built-in simulator uses these (or its own) as its credentials. */
  readonly credentials: LocalCredentials;
  readonly reconConfig: ReconConfig;
  /** Language of the HTML report (default Brazilian Portuguese, as the stage's `reportLanguage`). */
  readonly reportLanguage?: ReportLanguage;
  readonly onProgress?: (event: ProgressEvent) => void;
  /** Built-in simulator settings (seed, dataset size, page size): small datasets for tests. */
  readonly simulator?: Pick<SimulatorOptions, 'seed' | 'dataset' | 'timing'>;
  readonly now?: () => Date;
  /** Stops the run (Ctrl-C): the execution is aborted, then everything started is stopped and deregistered. */
  readonly signal?: AbortSignal;
}

export interface LocalRunResult {
  readonly summary: RunSummary;
  /** The summary files copied into the data directory, and the notification's text beside them. */
  readonly files: { readonly json: string; readonly html: string; readonly notification: string };
  /** What the run would have sent to SNS: the morning message, its link the local report file. */
  readonly notification: { readonly subject: string; readonly message: string };
  /** Webhook waits parked and those a signed delivery resumed (the rest fell back to polling). */
  readonly webhookWaits: { readonly parked: number; readonly resumed: number };
}

type Cleanups = (() => Promise<void>)[];

/** The provider to talk to: the given URL, or the built-in simulator started for this run. */
async function startProvider(
  options: LocalRunOptions,
  credentials: ProviderCredentials,
  cleanups: Cleanups,
  emit: (e: ProgressEvent) => void,
) {
  if (options.providerUrl) {
    await assertReachable({
      baseUrl: options.providerUrl,
      env: options.env,
      credentials,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return options.providerUrl;
  }
  const simulator = await startSimulator({
    mode: options.env,
    credentials,
    ...options.simulator,
  });
  cleanups.push(() => simulator.close());
  emit({ type: 'stage', message: `provider simulator (${options.env}) on ${simulator.url}` });
  return simulator.url;
}

/** dynalite and s3rver, persisted under the data directory. */
async function startStores(paths: DataPaths, cleanups: Cleanups) {
  const dynamo = await startLocalDynamo({ path: paths.dynamodb, tableName: LOCAL_TABLE });
  cleanups.push(() => dynamo.close());
  await mkdir(paths.s3, { recursive: true });
  const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
  cleanups.push(() => s3.close());
  return { dynamo, s3 };
}

/**
 * One local run, start to end; always stops what it started, and resolves with the summary even when
 * a report failed (the caller decides the exit code from `summary.outcome`).
 */
export async function runLocalPipeline(options: LocalRunOptions): Promise<LocalRunResult> {
  const asOf = pinnedAsOf(options);
  // `--as-of` moves the business date only (the plan's input): times, run ids and leases stay real.
  const now = options.now ?? (() => new Date());
  const emit = options.onProgress ?? (() => undefined);
  const paths = dataPaths(options.dataDir, options.env);
  // The provider's credentials (the hmac, only the webhook's, stays out of the client).
  const credentials = { email: options.credentials.email, apiToken: options.credentials.apiToken };
  const lock = await acquireRunLock(paths.lock);
  const cleanups: Cleanups = [];
  try {
    if (lock.tookOverStale) emit({ type: 'stage', message: 'taking over from a run that was killed' });
    const baseUrl = await startProvider(options, credentials, cleanups, emit);
    options.signal?.throwIfAborted();
    emit({ type: 'stage', message: 'starting local DynamoDB and S3' });
    const { dynamo, s3 } = await startStores(paths, cleanups);
    const useWebhook = options.env === 'production' && options.webhook === 'local';
    const stage = parseStageConfig({
      environment: options.env,
      baseUrl,
      recon: options.reconConfig,
      webhook: { enabled: useWebhook },
      ...(options.reportLanguage ? { reportLanguage: options.reportLanguage } : {}),
    });
    const taskTokens = createLocalTaskTokens();
    const published: { subject: string; message: string }[] = [];
    const deps = buildWorkflowDeps({
      ddb: dynamo.documentClient,
      tableName: dynamo.tableName,
      s3: s3.client,
      bucket: s3.bucket,
      baseUrl,
      credentials,
      // The same shared DynamoDB bucket the Lambdas pace themselves with.
      limiter: buildDynamoLimiter({
        ddb: dynamo.documentClient,
        tableName: dynamo.tableName,
        account: credentials.email,
        ratePerSecond: stage.ratePerSecond,
        marginRatio: stage.rateMarginRatio,
        spacingMs: stage.rateSpacingMs,
      }),
      reconConfig: options.reconConfig,
      workflowConfig: workflowConfigOf(stage),
      sendTaskSuccess: taskTokens.sendTaskSuccess,
      publish: async (subject, message) => {
        published.push({ subject, message });
        emit({ type: 'stage', message: `notification: ${subject}` });
      },
      // No S3 link locally: the reader opens the copy written next to the local state (copySummary).
      reportLink: async (key) => ({ kind: 'file', path: localCopyOf(paths.summaries, key) }),
      warn: (message, details) =>
        emit({ type: 'stage', message: `warning: ${message} ${JSON.stringify(details)}` }),
      now,
    });
    // The lock makes this run the data directory's only user: a lease left in it is a killed run's.
    if ((await deps.leases.releaseAll()) > 0) {
      emit({ type: 'stage', message: 'released report-generation leases a killed run left behind' });
    }
    if (useWebhook) {
      const webhook = await startLocalWebhook({
        ddb: dynamo.documentClient,
        tableName: dynamo.tableName,
        provider: deps.provider,
        hmacSecret: options.credentials.hmacSecret,
        sendTaskSuccess: taskTokens.sendTaskSuccess,
        now,
      });
      cleanups.push(() => webhook.close());
      options.signal?.throwIfAborted();
      emit({ type: 'stage', message: `webhook receiver registered at the provider: ${webhook.url}` });
    }
    const period = defaultPeriod(options);
    const shown = period.from ? `${period.from}..${period.to}` : 'the default period (yesterday)';
    emit({
      type: 'stage',
      message: `running ${shown} (${options.env}), as of ${asOf ?? businessDate(now())}`,
    });
    emit({ type: 'stage', message: 'synthesizing the state machine with CDK' });
    // Off the main thread: a Ctrl-C during the seconds of synthesis is answered at once.
    const definition = await synthesizeOffThread(stage, options.signal);
    const steps = announcingPlan(
      buildWorkflowSteps({ ...deps, provider: withProgress(deps.provider, emit, options.signal) }),
      emit,
    );
    const execution = await runWorkflowLocally({
      definition,
      steps,
      taskTokens,
      input: { ...period, force: true, ...(asOf ? { asOf } : {}) },
      executionName: `local-${now().toISOString().replace(/[:.]/g, '-')}`,
      webhookTimeoutMs: LOCAL_WEBHOOK_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const summary = execution.summary as RunSummary | undefined;
    if (!summary) {
      const cause = execution.error ? `${execution.error.name}: ${execution.error.cause}` : execution.status;
      throw new Error(`the run ended without a summary (${cause})`);
    }
    await writeLastRun(paths, {
      asOf: summary.asOf,
      pinnedAsOf: asOf !== undefined,
      finishedAt: new Date().toISOString(),
    });
    const notification = published.at(-1);
    if (!notification) throw new Error('the run ended without a notification');
    return {
      summary,
      notification,
      files: await copySummary(paths.summaries, summary, notification.message),
      webhookWaits: { parked: taskTokens.issued.length, resumed: taskTokens.succeeded.length },
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await lock.release();
  }
}

/** Tells the progress display how many reports the plan holds ("report 2 of 4"). */
function announcingPlan(steps: WorkflowSteps, emit: (e: ProgressEvent) => void): WorkflowSteps {
  return {
    ...steps,
    async plan(raw) {
      const planned = await steps.plan(raw);
      emit({ type: 'plan', reports: planned.jobs.length });
      return planned;
    },
  };
}

/** Where the local copy of the summary object `key` goes. */
function localCopyOf(directory: string, key: string): string {
  return join(directory, key.replace(/^summaries\//, ''));
}

/** Copies the run's summary files and its notification next to the local state, where a person finds them. */
async function copySummary(directory: string, summary: RunSummary, message: string) {
  const keys = summaryKeys(summary.runId);
  const json = localCopyOf(directory, keys.json);
  const html = localCopyOf(directory, keys.html);
  const notification = join(html, '..', 'notification.txt');
  await mkdir(join(json, '..'), { recursive: true });
  await writeFile(json, `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(html, renderHtmlReport(summary));
  await writeFile(notification, `${message}\n`);
  return { json, html, notification };
}
