/**
 * `npm run bench -- --only scale`: the same night (about 10,000 records through the real steps and
 * the synthesized state machine) against books of different sizes, loaded straight into dynalite
 * with BatchWriteItem (not through the provider: a million receivables would take hours). Per step
 * and in total: wall time, DynamoDB read/write units, Lambda GB-seconds, peak RSS; the cost ratio of
 * the largest book to the smallest says whether a night's cost follows the night or the book.
 *
 * Attribution: every workflow step runs inside an AsyncLocalStorage scope named after it, and an SDK
 * middleware adds each DynamoDB answer's consumed capacity to the step whose scope sent it, so steps
 * running side by side (the download Map) are still told apart.
 */
import '../local/polyfills';
import { AsyncLocalStorage } from 'node:async_hooks';
import { loadavg } from 'node:os';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { WorkflowSteps } from '../lambdas/core/workflow/build-steps';
import type { StepName } from '../lambdas/core/workflow/step-catalog';
import { startLocalWorld } from '../local/simulated-world';
import { countS3ByPrefix } from './aws-counters';
import { loadBook } from './book';
import type { Prices } from './cost';
import { nightEvents } from './events-billing';
import { round } from './figures';
import { LIFECYCLE_MIX } from './mix';
import { type StepFigures, sumStepCosts } from './scale-cost';

const PERIOD = { from: '2025-01-01', to: '2025-01-30' } as const;
const HISTORY = { from: '2024-10-01', to: '2024-12-31' } as const;
const NIGHT_AFTER_HISTORY = '2025-01-01T02:00:00-03:00';
const NIGHT_AFTER_PERIOD = '2025-01-31T02:00:00-03:00';
/** Records of both reports over PERIOD per simulated sale (bench/pipeline.ts measured 1.7). */
const RECORDS_PER_SALE = 1.7;
const RSS_SAMPLE_MS = 50;

export interface ScaleRun {
  readonly bookSize: number;
  readonly records: number;
  readonly status: string;
  readonly seconds: number;
  readonly loadSeconds: number;
  /** S3 requests of the night by `operation prefix` (bench/aws-counters.ts). */
  readonly s3ByPrefix: Record<string, number>;
  readonly steps: Record<string, StepFigures>;
  readonly total: ReturnType<typeof sumStepCosts>['total'];
}

type Counted = { invocations: number; ms: number; rru: number; wru: number; peakRss: number };

/** Consumed capacity per step scope (the table has no secondary index: its units are all there is). */
function countByStep(client: DynamoDBClient, scope: AsyncLocalStorage<string>, byStep: Map<string, Counted>) {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const step = scope.getStore();
      const capacity = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      const units = (Array.isArray(capacity) ? capacity : capacity ? [capacity] : []).reduce(
        (sum: number, c: { CapacityUnits?: number }) => sum + (c.CapacityUnits ?? 0),
        0,
      );
      const entry = step === undefined ? undefined : byStep.get(step);
      if (!entry) return result;
      const name = context.commandName as string;
      if (/^(Get|BatchGet|Query|Scan)/.test(name)) entry.rru += units;
      else entry.wru += units;
      return result;
    },
    { step: 'initialize', name: 'benchScaleCounter', priority: 'low' },
  );
}

/** The steps, each call in its own named scope, timed, with the process's peak RSS while it ran. */
function scopedSteps(steps: WorkflowSteps, scope: AsyncLocalStorage<string>, byStep: Map<string, Counted>) {
  const active = new Set<string>();
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    for (const name of active) {
      const entry = byStep.get(name) as Counted;
      entry.peakRss = Math.max(entry.peakRss, rss);
    }
  }, RSS_SAMPLE_MS);
  const wrapped: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [name, step] of Object.entries(steps) as [string, (input: unknown) => Promise<unknown>][]) {
    byStep.set(name, { invocations: 0, ms: 0, rru: 0, wru: 0, peakRss: 0 });
    wrapped[name] = (input) =>
      scope.run(name, async () => {
        const entry = byStep.get(name) as Counted;
        active.add(name);
        const started = performance.now();
        try {
          return await step(input);
        } finally {
          entry.invocations += 1;
          entry.ms += performance.now() - started;
          entry.peakRss = Math.max(entry.peakRss, process.memoryUsage.rss());
          active.delete(name);
        }
      });
  }
  return { steps: wrapped as unknown as WorkflowSteps, stop: () => clearInterval(sampler) };
}

export async function measureScale(
  bookSize: number,
  records: number,
  context: { prices: Prices; memoryByStep: Partial<Record<StepName, number>> },
  log: (line: string) => void,
): Promise<ScaleRun> {
  let offset = 0;
  const setClock = (instant: string) => {
    offset = Date.parse(instant) - Date.now();
  };
  const events = await nightEvents();
  const world = await startLocalWorld({
    mode: 'production',
    dynamoProcess: true,
    eventsDir: events.dir,
    now: () => new Date(Date.now() + offset),
    simulator: {
      dataset: {
        sales: Math.round(records / RECORDS_PER_SALE),
        from: HISTORY.from,
        to: PERIOD.to,
        recordsPerPage: 1_000,
        ...LIFECYCLE_MIX.dataset,
      },
      timing: { waitingMs: 0, processingMs: 0 },
    },
    recon: LIFECYCLE_MIX.recon,
  });
  try {
    const loadStarted = performance.now();
    await loadBook(world.dynamo.documentClient, world.dynamo.tableName, bookSize, (done) =>
      log(`scale ${bookSize}: ${done} receivables loaded`),
    );
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    // The history night is uncounted: it ingests the forecasts the measured night's settlements pay,
    // and its summary builds the kept totals of the loaded book once (a deployed table has them).
    setClock(NIGHT_AFTER_HISTORY);
    const history = await world.run(HISTORY);
    if (history.status !== 'SUCCEEDED') throw new Error(`scale ${bookSize}: history run ${history.status}`);
    log(`scale ${bookSize}: book loaded in ${round(loadSeconds, 1)} s, history ingested (uncounted)`);

    setClock(NIGHT_AFTER_PERIOD);
    const scope = new AsyncLocalStorage<string>();
    const byStep = new Map<string, Counted>();
    countByStep(world.dynamo.client, scope, byStep);
    const s3Counter = countS3ByPrefix(world.s3.client);
    const s3 = s3Counter.byOperation;
    const scoped = scopedSteps(world.steps, scope, byStep);
    let transitions = 0;
    const started = performance.now();
    const result = await world
      .run(PERIOD, {
        steps: scoped.steps,
        onEvent: (event) => {
          if (event.type === 'StateEntered') transitions += 1;
        },
      })
      .finally(scoped.stop);
    const seconds = (performance.now() - started) / 1000;
    const received = (result.jobs ?? []).reduce((sum, job) => sum + job.counts.received, 0);
    const asOf = (result.output as { run?: { asOf: string } } | undefined)?.run?.asOf ?? '';
    const eventBridgeEvents = await events.billedOn(asOf);
    const costs = sumStepCosts(byStep, { ...context, s3, transitions, records: received, eventBridgeEvents });
    log(
      `scale ${bookSize}: ${received} records in ${round(seconds, 1)} s, ${result.status}, ` +
        `US$ ${costs.total.usd} (${costs.total.usdPerMillionRecords} per million records), load ${loadavg()[0]}, ${transitions} transitions, ` +
        `S3 ${JSON.stringify(s3Counter.byPrefix)}`,
    );
    return {
      bookSize,
      records: received,
      status: result.status,
      seconds: round(seconds, 1),
      loadSeconds: round(loadSeconds, 1),
      s3ByPrefix: s3Counter.byPrefix,
      ...costs,
    };
  } finally {
    await world.close();
    await events.remove();
  }
}
