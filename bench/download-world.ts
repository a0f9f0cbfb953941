/**
 * Benchmark 1: download throughput against the provider's ceiling (10 requests/s for the account).
 *
 * recon's real download path: the workflow's `downloadPages` step (provider client + shared DynamoDB
 * limiter + the step's page concurrency) called for the report's page batches with the inline Map's
 * batch concurrency, each batch on a free "Lambda" (download-lambda.ts: its own thread, clients and
 * limiter instance, same DynamoDB bucket); dynalite runs in its own process, as DynamoDB is remote
 * to a Lambda. Ingestion is replaced by a no-op here: its cost is measured by the normalization and
 * end-to-end benchmarks, and on dynalite it would measure dynalite.
 */
import { buildProviderClient } from '../lambdas/core/provider/client';
import { buildInProcessLimiter } from '../lambdas/core/rate-limit/in-process';
import { windowShape } from '../lambdas/core/rate-limit/pacing';
import { batchCount, batchLayoutOf } from '../lambdas/core/workflow/download/batch-layout';
import { parseStageConfig, workflowConfigOf } from '../lib/config';
import { startDynamoProcess } from '../local/aws/dynamodb';
import { startLocalS3 } from '../local/aws/s3';
import { CONFIGURATIONS } from '../local/simulator';
import { type SimulatorThread, startSimulatorThread } from '../local/simulator/threads/thread';
import { startWorker } from '../local/worker-rpc';
import type { LambdaOptions } from './download-lambda';
import {
  allWrites,
  type DownloadRun,
  figuresOf,
  type LimiterSetting,
  type LimiterWrites,
  PROVIDER_RATE,
} from './download-run';

/**
 * 30 days of 66,000 sales: a sales report of about 300,000 records, 1,000 per page, a mid-size
 * retailer's month (10,000 card sales a day). Long enough that the run's fixed ends (the
 * first claim, the last page's latency) weigh about 2%, as they do on a real night.
 */
const DATASET = { sales: 66_000, from: '2025-01-01', to: '2025-01-30', recordsPerPage: 1_000 } as const;
/** The naive client's pages/s is steady after a few pages: it is timed on the first 100 only. */
const SEQUENTIAL_PAGES = 100;
/** Only the stage's download settings are used; the run itself talks to the simulator's URL. */
export const STAGE = parseStageConfig({ environment: 'production', baseUrl: 'https://provider.example.com' });

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
  await simulator.setFaults({ latencyMs });
  const workflowConfig = workflowConfigOf(STAGE);
  const lambdaOptions: LambdaOptions = {
    simulatorUrl: simulator.url,
    credentials: simulator.credentials,
    dynamoEndpoint: dynamo.endpoint,
    tableName: dynamo.tableName,
    s3Endpoint: s3.endpoint,
    bucket: s3.bucket,
    workflowConfig,
  };
  const lambdas = await Promise.all(
    Array.from({ length: STAGE.download.batchConcurrency }, () =>
      startWorker<unknown>(new URL('./download-lambda.mjs', import.meta.url), lambdaOptions),
    ),
  );
  let bucket = 0;

  return {
    simulator,
    reportId,
    pages,
    async recon(setting) {
      // A fresh bucket per run, so one run's reserved slots do not delay the next.
      bucket += 1;
      const account = `bench-${bucket}`;
      // Fresh containers: new limiter instances (cold) on the run's own bucket.
      await Promise.all(lambdas.map((lambda) => lambda.call('prepare', account, setting)));
      const batchIndexes = Array.from(
        { length: batchCount(pages, batchLayoutOf(workflowConfig)) },
        (_, index) => index,
      );
      const job = { kind: 'sales', configurationId: CONFIGURATIONS.production.sales, ...DATASET };
      const queue = [...batchIndexes];
      await windowForgets();
      await simulator.resetStats();
      const startedAt = performance.now();
      // As the Map runs them: each batch on the first Lambda that is free.
      const downloaded = await Promise.all(
        lambdas.map(async (lambda) => {
          let pagesDone = 0;
          for (let batchIndex = queue.shift(); batchIndex !== undefined; batchIndex = queue.shift()) {
            const result = await lambda.call<{ pages: number }>('downloadPages', {
              job,
              executionId: account,
              reportId,
              generatedOn: '2025-02-01',
              asOf: '2025-02-01',
              batchIndex,
              pages,
            });
            pagesDone += result.pages;
          }
          return pagesDone;
        }),
      );
      const endedAt = performance.now();
      const writes = allWrites(
        await Promise.all(lambdas.map((lambda) => lambda.call<LimiterWrites>('takeWrites'))),
      );
      return figuresOf(
        simulator,
        downloaded.reduce((sum, pagesDone) => sum + pagesDone, 0),
        { startedAt, endedAt },
        { ...writes, window: windowShape(setting) },
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
      return figuresOf(simulator, timed, { startedAt, endedAt: performance.now() });
    },
    async close() {
      await Promise.all(lambdas.map((lambda) => lambda.close()));
      await Promise.all([simulator.close(), dynamo.close(), s3.close()]);
    },
  };
}
