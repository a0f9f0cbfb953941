/**
 * A limiter for one process (local runs, tests, a single Lambda): slots are claimed synchronously,
 * so concurrent acquirers always get distinct slots. It cannot see other processes: deployed
 * Lambdas share the account's budget through the DynamoDB limiter (`dynamo.ts`) instead.
 */
import { acquireSlot, boundedBackOffMs, type PacingOptions, realSleep, slotIntervalMs } from './pacing';
import type { RateLimiter } from './port';

export interface InProcessLimiterDeps extends PacingOptions {
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

export function buildInProcessLimiter(deps: InProcessLimiterDeps = {}): RateLimiter {
  const interval = slotIntervalMs(deps);
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  let nextSlotAt = Number.NEGATIVE_INFINITY;

  function claim(): number {
    const slot = Math.max(now(), nextSlotAt);
    nextSlotAt = slot + interval;
    return slot;
  }

  return {
    acquire: () => acquireSlot(claim, interval, now, sleep),
    async backOff(retryAfterMs) {
      nextSlotAt = Math.max(nextSlotAt, now() + boundedBackOffMs(retryAfterMs, deps));
    },
  };
}
