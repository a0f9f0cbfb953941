/** One measured download run: what the provider counted, the limiter's writes, where the time went. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { rateBucket } from '../lambdas/core/rate-limit/bucket';
import type { WindowShape } from '../lambdas/core/rate-limit/window';
import type { SimulatorThread } from '../local/simulator/threads/thread';
import { round } from './figures';

/** The limiter settings a run is measured with (the rest are the stage's defaults). */
export interface LimiterSetting {
  readonly ratePerSecond: number;
  readonly marginRatio?: number;
  readonly coldStartMs?: number;
  readonly spacingMs?: number;
}

/** The provider's ceiling: requests per second for the account. */
export const PROVIDER_RATE = 10;

export interface DownloadRun {
  readonly pages: number;
  readonly seconds: number;
  readonly pagesPerSecond: number;
  readonly ceilingRatio: number;
  readonly maxRequestsInAnySecond: number;
  /** Shortest span (ms) in which 11 requests arrived, as the simulator stamped them: 1000 + headroom. */
  readonly tightestSpanMs: number | null;
  readonly rateLimited: number;
  /** Requests that arrived at the simulator (retries included). */
  readonly requests: number;
  /**
   * Where the run's time went, from the front door's arrival stamps: until the first arrival (the
   * first claim), between the first and last arrivals beyond what the limiter's window requires
   * (batch ends, cold gaps, late callers), and after the last arrival (its page's latency). The rest
   * is the pacing itself.
   */
  readonly timeline?: { leadMs: number; idleMs: number; tailMs: number };
  /** Round trip of the limiter's conditional writes on its item (dynalite here). */
  readonly limiterWriteMs?: { p50: number; p99: number; max: number };
  /** Conditional writes won: claims (one write claims a Lambda's waiting slots together) and pushes. */
  readonly limiterWrites?: number;
  readonly racesLost?: number;
}

/**
 * Counts the limiter's conditional writes on its bucket item, and times them: each won write is a
 * claim (of one or more slots), a late caller's push or a repair, each lost one a race with another
 * instance.
 */
export function countLimiterWrites(client: DynamoDBClient) {
  const tally = { claimed: 0, lost: 0 };
  let roundTrips: number[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const key = (args.input as { Item?: { pk?: { S?: string } } }).Item?.pk?.S;
      const isSlot = context.commandName === 'PutItemCommand' && key?.startsWith(rateBucket.pkPrefix);
      const sentAt = performance.now();
      try {
        const out = await next(args);
        if (isSlot) tally.claimed += 1;
        return out;
      } catch (error) {
        if (isSlot) tally.lost += 1;
        throw error;
      } finally {
        if (isSlot) roundTrips.push(performance.now() - sentAt);
      }
    },
    { step: 'build', name: 'benchLimiterWrites' },
  );
  return {
    take(): LimiterWrites {
      const taken = { ...tally, roundTrips };
      tally.claimed = 0;
      tally.lost = 0;
      roundTrips = [];
      return taken;
    },
  };
}

/** What one limiter instance's writes came to (a benchmark "Lambda" reports it from its thread). */
export interface LimiterWrites {
  readonly claimed: number;
  readonly lost: number;
  /** Round trip of each write, ms. */
  readonly roundTrips: readonly number[];
}

/** The writes of every instance of a run, with the round trips' median, 99th percentile and maximum. */
export function allWrites(instances: readonly LimiterWrites[]) {
  const sorted = instances.flatMap((one) => one.roundTrips).sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0, 1);
  return {
    claimed: instances.reduce((sum, one) => sum + one.claimed, 0),
    lost: instances.reduce((sum, one) => sum + one.lost, 0),
    writeMs: { p50: at(0.5), p99: at(0.99), max: at(1) },
  };
}

/**
 * See {@link DownloadRun.timeline}. The window lets an idle bucket's first `rate` requests leave
 * `spacingMs` apart and request k + `rate` one span after request k: that is the time n requests need.
 */
function timelineOf(arrivals: readonly number[], startedAt: number, endedAt: number, window: WindowShape) {
  const first = arrivals[0] ?? endedAt;
  const last = arrivals[arrivals.length - 1] ?? endedAt;
  const after = Math.max(0, arrivals.length - 1);
  const required = Math.floor(after / window.rate) * window.spanMs + (after % window.rate) * window.spacingMs;
  const idleMs = Math.max(0, last - first - required);
  const whole = (ms: number) => Math.round(ms);
  return { leadMs: whole(first - startedAt), idleMs: whole(idleMs), tailMs: whole(endedAt - last) };
}

export async function figuresOf(
  simulator: SimulatorThread,
  pages: number,
  { startedAt, endedAt }: { startedAt: number; endedAt: number },
  limiter?: {
    claimed: number;
    lost: number;
    writeMs: DownloadRun['limiterWriteMs'];
    window: WindowShape;
  },
): Promise<DownloadRun> {
  const seconds = (endedAt - startedAt) / 1000;
  const stats = await simulator.stats();
  const onSharedClock = (ms: number) => performance.timeOrigin + ms;
  return {
    requests: stats.requests,
    ...(limiter
      ? {
          timeline: timelineOf(
            stats.arrivals,
            onSharedClock(startedAt),
            onSharedClock(endedAt),
            limiter.window,
          ),
          limiterWriteMs: limiter.writeMs,
          limiterWrites: limiter.claimed,
          racesLost: limiter.lost,
        }
      : {}),
    pages,
    seconds: round(seconds, 2),
    pagesPerSecond: round(pages / seconds, 3),
    ceilingRatio: round(pages / seconds / PROVIDER_RATE, 3),
    maxRequestsInAnySecond: stats.maxRequestsInAnySecond,
    tightestSpanMs: stats.tightestSpanMs === null ? null : round(stats.tightestSpanMs, 1),
    rateLimited: stats.rateLimited,
  };
}
