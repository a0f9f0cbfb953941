/**
 * One nightly run of the real local pipeline (production simulator without latency, dynalite,
 * s3rver, the synthesized definition on aws-local-stepfunctions, the real steps with the shared
 * DynamoDB limiter at the stage's rate), with every AWS request counted. Feeds benchmarks 3-5.
 * Role records are in the mix (bench/mix.ts); the run is exact when it equals the lifecycle truth.
 * The months before it are run first, uncounted, so that the night finds what any night after the
 * first finds: the forecasts its settlements pay.
 */
import '../local/polyfills';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { TOTALS_SHARDS, totalsShardKey } from '../lambdas/core/book/book-store';
import { buildDynamoLimiter } from '../lambdas/core/rate-limit/dynamo';
import type { JobResult } from '../lambdas/core/workflow/contracts';
import { parseStageConfig } from '../lib/config';
import { expectedLifecycle, storedLifecycle } from '../local/lifecycle-compare';
import { startLocalWorld } from '../local/simulated-world';
import { countDynamo, countS3ByPrefix, type DynamoCounts, type StepTimings, timeSteps } from './aws-counters';
import { nightEvents } from './events-billing';
import { round } from './figures';
import { LIFECYCLE_MIX } from './mix';
import { itemBytes } from './write-attribution';

/** A movement period of 30 days; sales start three months earlier so the period has settlements too. */
const PERIOD = { from: '2025-01-01', to: '2025-01-30' } as const;
const DATASET_FROM = '2024-10-01';
/** The history before PERIOD, ingested by an uncounted run on the night after it. */
const HISTORY = { from: DATASET_FROM, to: '2024-12-31' } as const;
const NIGHT_AFTER_HISTORY = '2025-01-01T02:00:00-03:00';
/** Records of both reports over PERIOD per simulated sale (measured: 68,175 records for 40,000 sales). */
const RECORDS_PER_SALE = 1.7;
/**
 * A nightly run processes the period that just ended, so the run's clock reads the night after
 * PERIOD: forecasts due later are OPEN and only the ones really past due + grace are OVERDUE (derived
 * as of today, every 2025 forecast would be overdue, which no real night looks like).
 */
const NIGHT_AFTER_PERIOD = '2025-01-31T02:00:00-03:00';

/** A clock that runs at the real pace from whatever instant it was last set to. */
function settableClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set(instant: string) {
      offset = Date.parse(instant) - Date.now();
    },
  };
}

export const STAGE = parseStageConfig({ environment: 'production', baseUrl: 'https://provider.example.com' });

export interface PipelineRun {
  readonly records: number;
  readonly byCode: Record<string, number>;
  readonly seconds: number;
  readonly status: string;
  readonly outcomes: string[];
  /** Receivables and account-level totals equal the simulator's lifecycle truth. */
  readonly exact: boolean;
  readonly providerRequests: number;
  readonly maxRequestsInAnySecond: number;
  readonly stateTransitions: number;
  readonly dynamo: DynamoCounts;
  /** The book totals' size at the end of the night, all shards together. */
  readonly totalsItemBytes: number;
  readonly s3: Record<string, number>;
  /** S3 requests per `operation prefix` (bench/aws-counters.ts s3PrefixOf). */
  readonly s3ByPrefix: Record<string, number>;
  readonly steps: StepTimings['byStep'];
  readonly published: number;
  /** The night's events as EventBridge bills them (a billed event per started 64 KB of an entry). */
  readonly eventBridgeEvents: number;
}

/** The book totals' size at the end of the night, all shards: each update of a shard costs a unit per started KB of it. */
async function totalsItemSize(dynamo: { documentClient: DynamoDBDocumentClient; tableName: string }) {
  let bytes = 0;
  for (let shard = 0; shard < TOTALS_SHARDS; shard++) {
    const { Item } = await dynamo.documentClient.send(
      new GetCommand({ TableName: dynamo.tableName, Key: totalsShardKey(shard), ConsistentRead: true }),
    );
    bytes += Item === undefined ? 0 : itemBytes(Item);
  }
  return bytes;
}

export async function measurePipeline(records: number, log: (line: string) => void): Promise<PipelineRun> {
  const clock = settableClock();
  // The summary gathers and hands out the night's events as deployed; locally they land in files.
  const events = await nightEvents();
  const world = await startLocalWorld({
    mode: 'production',
    simulator: {
      dataset: {
        sales: Math.round(records / RECORDS_PER_SALE),
        from: DATASET_FROM,
        to: PERIOD.to,
        recordsPerPage: 1_000,
        ...LIFECYCLE_MIX.dataset,
      },
      ratePerSecond: 10,
      timing: { waitingMs: 0, processingMs: 0 },
    },
    recon: LIFECYCLE_MIX.recon,
    eventsDir: events.dir,
    now: clock.now,
    // As in AWS, a step's wall time holds its own work and the wait for DynamoDB, not DynamoDB's work.
    dynamoProcess: true,
    limiter: (dynamo) =>
      buildDynamoLimiter({
        ddb: dynamo.documentClient,
        tableName: dynamo.tableName,
        account: 'bench',
        ratePerSecond: STAGE.ratePerSecond,
      }),
  });
  try {
    const dynamoCounter = countDynamo(world.dynamo.client);
    clock.set(NIGHT_AFTER_HISTORY);
    const history = await world.run(HISTORY);
    if (history.status !== 'SUCCEEDED') throw new Error(`history run ${history.status}`);
    log(`pipeline ${records}: history ${HISTORY.from}..${HISTORY.to} ingested (uncounted)`);
    clock.set(NIGHT_AFTER_PERIOD);
    dynamoCounter.restart();
    const s3Counter = countS3ByPrefix(world.s3.client);
    const s3 = s3Counter.byOperation;
    const { steps, timings } = timeSteps(world.steps);
    let stateTransitions = 0;
    world.simulator.resetStats();
    const started = performance.now();
    const result = await world.run(PERIOD, {
      steps,
      onEvent: (event) => {
        if (event.type === 'StateEntered') stateTransitions += 1;
      },
    });
    const seconds = (performance.now() - started) / 1000;
    // The night's requests only: the comparison with the truth below scans the table, which no night does.
    const dynamo = structuredClone(dynamoCounter.counts);
    const totalsItemBytes = await totalsItemSize(world.dynamo);
    const jobs = (result.jobs ?? []) as JobResult[];
    const asOf = (result.output as { run?: { asOf: string } } | undefined)?.run?.asOf ?? '';
    const stored = await storedLifecycle(world, asOf);
    const expected = expectedLifecycle(world, { from: HISTORY.from, to: PERIOD.to, asOf });
    const actual = { rows: stored.receivables.map((r) => r.row), totals: stored.totals };
    const byCode: Record<string, number> = {};
    for (const job of jobs) {
      for (const [code, n] of Object.entries(job.counts.byCode)) byCode[code] = (byCode[code] ?? 0) + n;
    }
    const run: PipelineRun = {
      records: jobs.reduce((sum, job) => sum + job.counts.received, 0),
      byCode,
      seconds: round(seconds, 1),
      status: result.status,
      outcomes: jobs.map((job) => `${job.kind}:${job.outcome}`),
      exact: actual.rows.length > 0 && JSON.stringify(actual) === JSON.stringify(expected),
      providerRequests: world.simulator.stats().requests,
      maxRequestsInAnySecond: world.simulator.stats().maxRequestsInAnySecond,
      stateTransitions,
      dynamo,
      totalsItemBytes,
      s3,
      s3ByPrefix: s3Counter.byPrefix,
      steps: timings.byStep,
      published: world.published.length,
      eventBridgeEvents: await events.billedOn(asOf),
    };
    log(
      `pipeline ${records}: ${run.records} records in ${run.seconds} s, ${run.status}, exact=${run.exact}, ` +
        `${run.stateTransitions} transitions, ${run.providerRequests} provider requests`,
    );
    return run;
  } finally {
    await world.close();
    await events.remove();
  }
}
