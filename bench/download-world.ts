/**
 * Benchmark 1: download throughput against the provider's ceiling (10 requests/s for the account).
 *
 * recon's real download path: the workflow's `downloadPages` step (provider client + shared DynamoDB
 * limiter + the step's page concurrency) called for the report's page batches with the inline Map's
 * batch concurrency, one step instance (own client, own limiter instance, same DynamoDB bucket) per
 * concurrent batch, as separate Lambdas would be; dynalite runs in its own process, as DynamoDB is
 * remote to a Lambda. Ingestion is replaced by a no-op here: its cost is
 * measured by the normalization and end-to-end benchmarks, and on dynalite it would measure dynalite.
 */
import { mapWithConcurrency } from '../lambdas/core/concurrency';
import { parseReconConfig } from '../lambdas/core/config';
import { emptyIngestCounts } from '../lambdas/core/lake/counts';
import { buildProviderClient } from '../lambdas/core/provider/client';
import { buildDynamoLimiter } from '../lambdas/core/rate-limit/dynamo';
import { buildInProcessLimiter } from '../lambdas/core/rate-limit/in-process';
import { slotIntervalMs } from '../lambdas/core/rate-limit/pacing';
import type { RateLimiter } from '../lambdas/core/rate-limit/port';
import { batchCount, batchLayoutOf } from '../lambdas/core/workflow/batch-layout';
import { buildWorkflowSteps } from '../lambdas/core/workflow/steps';
import { buildWorkflowDeps } from '../lambdas/runtime/workflow-wiring';
import { parseStageConfig, workflowConfigOf } from '../lib/config';
import { startDynamoProcess } from '../local/aws/dynamodb';
import { startLocalS3 } from '../local/aws/s3';
import { CONFIGURATIONS } from '../local/simulator';
import { type SimulatorThread, startSimulatorThread } from '../local/simulator/thread';
import { countLimiterWrites, type DownloadRun, figuresOf, PROVIDER_RATE } from './download-run';

/**
 * 30 days of 66,000 sales: a sales report of about 300,000 records, 1,000 per page, a mid-size
 * retailer's month (10,000 card sales a day, issue 15). Long enough that the run's fixed ends (the
 * first claim, the last page's latency) weigh about 2%, as they do on a real night.
 */
const DATASET = { sales: 66_000, from: '2025-01-01', to: '2025-01-30', recordsPerPage: 1_000 } as const;
/** The naive client's pages/s is steady after a few pages: it is timed on the first 100 only. */
const SEQUENTIAL_PAGES = 100;
/** Only the stage's download settings are used; the run itself talks to the simulator's URL. */
export const STAGE = parseStageConfig({ environment: 'production', baseUrl: 'https://provider.example.com' });

export interface LimiterSetting {
  readonly ratePerSecond: number;
  readonly marginRatio?: number;
  readonly coldStartMs?: number;
  /** One in-process limiter for all concurrent batches instead of the shared DynamoDB one (diagnosis). */
  readonly inProcess?: boolean;
}

/**
 * Waits until the provider's one-second window has forgotten the previous traffic (readiness polls,
 * the previous measured run), which used other limiters: otherwise a run's first requests would be
 * counted together with them.
 */
const windowForgets = () => new Promise((resolve) => setTimeout(resolve, 1_100));

/** A CONCLUIDO production report of DATASET's period; returns its id and page count. */
async function readyReport(simulator: SimulatorThread): Promise<{ reportId: string; pages: number }> {
  const client = buildProviderClient({
    baseUrl: simulator.url,
    credentials: simulator.credentials,
    limiter: buildInProcessLimiter({ ratePerSecond: 5 }),
  });
  const { reportId } = await client.generate({
    configurationId: CONFIGURATIONS.production.sales,
    from: DATASET.from,
    to: DATASET.to,
  });
  for (;;) {
    const report = await client.getReport(reportId);
    if (report?.situacao === 'CONCLUIDO') return { reportId, pages: report.quantidadePaginas ?? 0 };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface World {
  readonly simulator: SimulatorThread;
  readonly reportId: string;
  readonly pages: number;
  recon(setting: LimiterSetting): Promise<DownloadRun>;
  sequential(): Promise<DownloadRun>;
  close(): Promise<void>;
}

export async function startWorld(latencyMs: [number, number]): Promise<World> {
  const [simulator, dynamo, s3] = await Promise.all([
    // On its own event loop: page parsing here must not delay the arrivals it stamps (see thread.ts).
    startSimulatorThread({
      mode: 'production',
      dataset: DATASET,
      timing: { waitingMs: 0, processingMs: 0 },
    }),
    // DynamoDB is remote to a Lambda: its work must not stall the downloading event loop.
    startDynamoProcess(),
    startLocalS3(),
  ]);
  const { reportId, pages } = await readyReport(simulator);
  const limiterWrites = countLimiterWrites(dynamo.client);
  await simulator.setFaults({ latencyMs });
  const workflowConfig = workflowConfigOf(STAGE);
  let bucket = 0;

  /** One "Lambda": its own client and limiter instance on the account's shared DynamoDB bucket. */
  function lambdaSteps(limiter: RateLimiter) {
    const deps = buildWorkflowDeps({
      ddb: dynamo.documentClient,
      tableName: dynamo.tableName,
      s3: s3.client,
      bucket: s3.bucket,
      baseUrl: simulator.url,
      credentials: simulator.credentials,
      limiter,
      reconConfig: parseReconConfig({}),
      workflowConfig,
      sendTaskSuccess: async () => undefined,
      publish: async () => undefined,
    });
    return buildWorkflowSteps({
      ...deps,
      ingestPages: async (_pages, apply) => ({
        records: [],
        counts: emptyIngestCounts(),
        applied: await apply([]),
      }),
      receivables: () => ({
        applyRecords: async () => ({ changed: 0, unchanged: 0, conflicts: 0, refused: [] }),
      }),
    });
  }

  return {
    simulator,
    reportId,
    pages,
    async recon(setting) {
      // A fresh bucket per run, so one run's reserved slots do not delay the next.
      bucket += 1;
      const account = `bench-${bucket}`;
      const shared = setting.inProcess ? buildInProcessLimiter(setting) : undefined;
      const lambdas = Array.from({ length: STAGE.download.batchConcurrency }, () =>
        lambdaSteps(
          shared ??
            buildDynamoLimiter({
              ddb: dynamo.documentClient,
              tableName: dynamo.tableName,
              account,
              ...setting,
            }),
        ),
      );
      const batchIndexes = Array.from(
        { length: batchCount(pages, batchLayoutOf(workflowConfig)) },
        (_, index) => index,
      );
      const job = { kind: 'sales', configurationId: CONFIGURATIONS.production.sales, ...DATASET };
      let next = 0;
      await windowForgets();
      await simulator.resetStats();
      limiterWrites.take();
      const startedAt = performance.now();
      const results = await mapWithConcurrency(batchIndexes, lambdas.length, async (batchIndex) => {
        const steps = lambdas[next++ % lambdas.length] as (typeof lambdas)[number];
        return steps.downloadPages({
          job,
          executionId: account,
          reportId,
          generatedOn: '2025-02-01',
          asOf: '2025-02-01',
          batchIndex,
          pages,
        });
      });
      const downloaded = results.reduce((sum, r) => sum + r.pages, 0);
      const writes = limiterWrites.take();
      return figuresOf(
        simulator,
        downloaded,
        startedAt,
        setting.inProcess ? undefined : { ...writes, intervalMs: slotIntervalMs(setting) },
      );
    },
    async sequential() {
      const client = buildProviderClient({
        baseUrl: simulator.url,
        credentials: simulator.credentials,
        limiter: buildInProcessLimiter({ ratePerSecond: PROVIDER_RATE, marginRatio: 0 }),
      });
      await windowForgets();
      await simulator.resetStats();
      const startedAt = performance.now();
      const timed = Math.min(pages, SEQUENTIAL_PAGES);
      for (let page = 1; page <= timed; page++) await client.downloadPage(reportId, page);
      return figuresOf(simulator, timed, startedAt);
    },
    async close() {
      await Promise.all([simulator.close(), dynamo.close(), s3.close()]);
    },
  };
}
