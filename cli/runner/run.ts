/**
 * `recon run`: the nightly pipeline on this machine. The local world (local/world.ts) with its stores
 * persisted under the data directory, the built-in provider simulator unless a provider URL is given,
 * and the shared DynamoDB rate limiter the Lambdas pace themselves with; the state machine definition
 * synthesized off the main thread and executed by aws-local-stepfunctions.
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { businessDate, type IsoDate } from '../../lambdas/core/calendar';
import type { ReconConfig } from '../../lambdas/core/config';
import { storeContractRates } from '../../lambdas/core/fee-audit/source';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { buildDynamoLimiter } from '../../lambdas/core/rate-limit/dynamo';
import { renderHtmlReport } from '../../lambdas/core/report/html';
import { summaryFileKey, summaryKeys } from '../../lambdas/core/report/summarizer';
import type { ReportLanguage, RunSummary } from '../../lambdas/core/report/types';
import { buildWorkflowSteps, type WorkflowSteps } from '../../lambdas/core/workflow/build-steps';
import type { SimulatorOptions } from '../../local/simulator';
import { synthesizeOffThread } from '../../local/stepfunctions/synthesize';
import { startWorld, type World } from '../../local/world';
import type { LocalCredentials } from '../credentials';
import { dataPaths, LOCAL_BUCKET, LOCAL_TABLE, writeLastRun } from './data-dir';
import { bringDemoInputs } from './demo';
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
  /** A contracted-rate CSV (validated by the caller) put where the steps read it; absent: the stored one stays. */
  readonly contractRates?: string;
  /**
   * With the built-in simulator started with the demo's world (local/demo.ts): its contracted rates
   * (unless `contractRates`) and its bank statements brought in before the run (demo.ts).
   */
  readonly demo?: boolean;
  /** The web inbox's address (`--inbox-url`): the report and message link into it; absent: no links. */
  readonly inboxUrl?: string;
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
  try {
    if (lock.tookOverStale) emit({ type: 'stage', message: 'taking over from a run that was killed' });
    if (options.providerUrl) {
      await assertReachable({
        baseUrl: options.providerUrl,
        env: options.env,
        credentials,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    }
    const useWebhook = options.env === 'production' && options.webhook === 'local';
    const world = await startWorld({
      mode: options.env,
      provider: options.providerUrl
        ? { url: options.providerUrl, credentials }
        : { simulator: { credentials, ...options.simulator } },
      stores: { dynamodb: paths.dynamodb, s3: paths.s3, table: LOCAL_TABLE, bucket: LOCAL_BUCKET },
      stage: {
        recon: options.reconConfig,
        webhook: { enabled: useWebhook },
        ...(options.reportLanguage ? { reportLanguage: options.reportLanguage } : {}),
      },
      recon: options.reconConfig,
      // The same shared DynamoDB bucket the Lambdas pace themselves with.
      limiter: (dynamo, stage, account) =>
        buildDynamoLimiter({
          ddb: dynamo.documentClient,
          tableName: dynamo.tableName,
          account,
          ratePerSecond: stage.ratePerSecond,
          marginRatio: stage.rateMarginRatio,
          spacingMs: stage.rateSpacingMs,
        }),
      // Deliveries are stamped with the real time, whatever business date `--as-of` pins.
      webhook: { hmacSecret: options.credentials.hmacSecret, receivedAt: () => new Date() },
      now,
      onPublish: (subject) => emit({ type: 'stage', message: `notification: ${subject}` }),
      eventsDir: paths.events,
      // No S3 link locally: the reader opens the copy written next to the local state (copySummary).
      reportLink: async (key) => ({ kind: 'file', path: localCopyOf(paths.summaries, key) }),
      ...(options.inboxUrl ? { inboxUrl: options.inboxUrl } : {}),
      warn: (message, details) =>
        emit({ type: 'stage', message: `warning: ${message} ${JSON.stringify(details)}` }),
      onStage: (message) => emit({ type: 'stage', message }),
      // Off the main thread: a Ctrl-C during the seconds of synthesis is answered at once.
      synthesize: (stage) => synthesizeOffThread(stage, options.signal),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    try {
      return await runIn(world, options, { asOf, now, emit });
    } finally {
      await world.close();
    }
  } finally {
    await lock.release();
  }
}

/** The run itself, in a started world: the execution, then the summary files beside the local state. */
async function runIn(
  world: World,
  options: LocalRunOptions,
  context: { asOf: IsoDate | undefined; now: () => Date; emit: (e: ProgressEvent) => void },
): Promise<LocalRunResult> {
  const { asOf, now, emit } = context;
  const paths = dataPaths(options.dataDir, options.env);
  // The lock makes this run the data directory's only user: a lease left in it is a killed run's.
  if ((await world.deps.leases.releaseAll()) > 0) {
    emit({ type: 'stage', message: 'released report-generation leases a killed run left behind' });
  }
  const period = defaultPeriod(options);
  const shown = period.from ? `${period.from}..${period.to}` : 'the default period (yesterday)';
  emit({
    type: 'stage',
    message: `running ${shown} (${options.env}), as of ${asOf ?? businessDate(now())}`,
  });
  emit({ type: 'stage', message: 'synthesizing the state machine with CDK' });
  await world.definition();
  if (options.contractRates !== undefined) {
    await storeContractRates({ s3: world.s3.client, bucket: world.s3.bucket }, options.contractRates);
  }
  if (options.demo && period.from && period.to) {
    const inputs = { period: { from: period.from, to: period.to }, asOf: asOf ?? businessDate(now()) };
    await bringDemoInputs(world, { ...inputs, ownRates: options.contractRates !== undefined }, emit);
  }
  const steps = announcingPlan(
    buildWorkflowSteps({
      ...world.deps,
      provider: withProgress(world.deps.provider, emit, options.signal),
    }),
    emit,
  );
  const execution = await world.run(
    { ...period, force: true, ...(asOf ? { asOf } : {}) },
    {
      steps,
      executionName: `local-${now().toISOString().replace(/[:.]/g, '-')}`,
      webhookTimeoutMs: LOCAL_WEBHOOK_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
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
  const notification = world.published.at(-1);
  if (!notification) throw new Error('the run ended without a notification');
  return {
    summary,
    notification,
    files: await copySummary(paths.summaries, summary, notification.message, async (key) => {
      const object = await world.s3.client.send(new GetObjectCommand({ Bucket: world.s3.bucket, Key: key }));
      return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    }),
    webhookWaits: { parked: world.taskTokens.issued.length, resumed: world.taskTokens.succeeded.length },
  };
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
export function localCopyOf(directory: string, key: string): string {
  return join(directory, key.replace(/^summaries\//, ''));
}

/**
 * Copies the run's summary files, its full lists and the night's ERP lines (CSVs, as bytes: their
 * BOM is kept) and its notification next to the local state, where a person finds them.
 */
async function copySummary(
  directory: string,
  summary: RunSummary,
  message: string,
  read: (key: string) => Promise<Uint8Array>,
) {
  const keys = summaryKeys(summary.runId);
  const json = localCopyOf(directory, keys.json);
  const html = localCopyOf(directory, keys.html);
  const notification = join(html, '..', 'notification.txt');
  await mkdir(join(json, '..'), { recursive: true });
  await writeFile(json, `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(html, renderHtmlReport(summary));
  await writeFile(notification, `${message}\n`);
  const erpLines = summary.erpLines ? [summary.erpLines.file] : [];
  for (const file of [...Object.values(summary.fullLists ?? {}), ...erpLines]) {
    const key = summaryFileKey(summary.runId, file);
    await writeFile(localCopyOf(directory, key), await read(key));
  }
  return { json, html, notification };
}
