/**
 * The tests' and the benchmarks' world (world.ts) around the built-in provider simulator: the
 * simulator stranger than our assumptions (rendering variance on), stores in memory, a fast in-process
 * limiter and fast provider retries unless asked otherwise, the definition synthesized at the start,
 * and the answer key to compare the table with. Production worlds can add the webhook path: the real
 * receiver, registered with the simulator, which then signs and delivers events over HTTP.
 */
import type { IsoDate } from '../lambdas/core/calendar';
import type { ReconConfigInput } from '../lambdas/core/config';
import { buildInProcessLimiter } from '../lambdas/core/rate-limit/in-process';
import type { RateLimiter } from '../lambdas/core/rate-limit/port';
import { collect, scanPages } from '../lambdas/core/receivables/queries';
import { type ReceivableView, toReceivableView } from '../lambdas/core/receivables/view';
import type { WorkflowConfigInput } from '../lambdas/core/workflow/config';
import type { WorkflowWiring } from '../lambdas/runtime/workflow-wiring';
import type { StageConfigInput } from '../lib/config';
import type { LocalDynamo } from './aws/dynamodb';
import type { ExpectedReceivable, Simulator, SimulatorOptions } from './simulator';
import { startWorld, type World } from './world';

export interface LocalWorldOptions {
  readonly mode: 'sandbox' | 'production';
  readonly simulator?: Omit<SimulatorOptions, 'mode'>;
  /** Production only: receive the simulator's webhooks and wait for them in the workflow. */
  readonly webhook?: boolean;
  /** Stage settings: they shape the definition and, as deployed, the steps' settings. */
  readonly stage?: Omit<StageConfigInput, 'environment' | 'baseUrl' | 'webhook'>;
  /** The steps' settings over those the stage gives them (e.g. ones the stage does not expose). */
  readonly workflow?: Omit<WorkflowConfigInput, 'environment' | 'webhook'>;
  readonly recon?: ReconConfigInput;
  /** Rate of the in-process limiter. @default 1000 (pacing is the limiter's own test) */
  readonly ratePerSecond?: number;
  /** Another limiter instead (e.g. the shared DynamoDB one on this world's table, as deployed). */
  readonly limiter?: (dynamo: LocalDynamo) => RateLimiter;
  /** Provider client tuning (e.g. a short `timeoutMs` for hang faults). @default fast retries */
  readonly provider?: WorkflowWiring['provider'];
  /** The steps' clock (business date, leases, deadlines). @default the real time */
  readonly now?: () => Date;
  /** Run dynalite in its own process (benchmarks time the steps without DynamoDB's own work). */
  readonly dynamoProcess?: boolean;
  /** Where the nights' events are written, a file per night; absent: none are made. */
  readonly eventsDir?: string;
}

export interface LocalWorld extends Omit<World, 'simulator'> {
  readonly simulator: Simulator;
  /** Every receivable in the table, as views derived for `asOf`, in match-key order. */
  receivables(asOf: IsoDate): Promise<ComparableReceivable[]>;
  /** The simulator's answer key for the same period, in the same order and shape. */
  expected(query: { from: IsoDate; to: IsoDate; asOf: IsoDate }): ComparableReceivable[];
}

export type ComparableReceivable = Pick<
  ExpectedReceivable,
  | 'acquirer'
  | 'merchant'
  | 'saleDate'
  | 'nsu'
  | 'authorization'
  | 'installment'
  | 'status'
  | 'forecastNetCents'
  | 'settledNetCents'
  | 'dueDate'
>;

function comparable(r: ComparableReceivable | ReceivableView): ComparableReceivable {
  return {
    acquirer: r.acquirer as string,
    merchant: r.merchant as string,
    saleDate: r.saleDate as string,
    nsu: r.nsu as string,
    authorization: r.authorization as string,
    installment: r.installment as number,
    // The simulator's A1/D1 ground truth names the states it knows; recon's view may hold more.
    status: r.status as ComparableReceivable['status'],
    forecastNetCents: r.forecastNetCents,
    settledNetCents: r.settledNetCents,
    dueDate: r.dueDate,
  };
}

function byMatchKey(a: ComparableReceivable, b: ComparableReceivable): number {
  const ka = JSON.stringify([a.acquirer, a.merchant, a.saleDate, a.nsu, a.authorization, a.installment]);
  const kb = JSON.stringify([b.acquirer, b.merchant, b.saleDate, b.nsu, b.authorization, b.installment]);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The hmac secret the simulated world registers with the simulator (a fixed local value, no secret). */
const LOCAL_HMAC_SECRET = 'local-world-hmac-secret';

export async function startLocalWorld(options: LocalWorldOptions): Promise<LocalWorld> {
  const world = await startWorld({
    mode: options.mode,
    provider: { simulator: { ratePerSecond: 1_000, variance: true, ...options.simulator } },
    ...(options.dynamoProcess ? { dynamoProcess: true } : {}),
    stage: {
      webhook: { enabled: options.mode === 'production' && options.webhook === true },
      ...options.stage,
    },
    ...(options.workflow ? { workflow: options.workflow } : {}),
    ...(options.recon ? { recon: options.recon } : {}),
    limiter: (dynamo) =>
      options.limiter?.(dynamo) ?? buildInProcessLimiter({ ratePerSecond: options.ratePerSecond ?? 1_000 }),
    providerClient: { baseDelayMs: 5, maxDelayMs: 50, ...options.provider },
    webhook: { hmacSecret: LOCAL_HMAC_SECRET },
    ...(options.now ? { now: options.now } : {}),
    ...(options.eventsDir ? { eventsDir: options.eventsDir } : {}),
  });
  const { simulator, dynamo, reconConfig } = world;
  try {
    if (!simulator) throw new Error('the simulated world started no simulator');
    // Synthesized now, as part of the start: a test's own time holds its runs only.
    await world.definition();
  } catch (error) {
    await world.close();
    throw error;
  }
  return {
    ...world,
    simulator,
    async receivables(asOf) {
      const all = await collect(scanPages({ ddb: dynamo.documentClient, tableName: dynamo.tableName }));
      return all.map((r) => comparable(toReceivableView(r, asOf, reconConfig))).sort(byMatchKey);
    },
    expected({ from, to, asOf }) {
      const { graceDays, tolerance } = reconConfig;
      return simulator.groundTruth({ from, to, asOf, graceDays, tolerance }).map(comparable).sort(byMatchKey);
    },
  };
}
