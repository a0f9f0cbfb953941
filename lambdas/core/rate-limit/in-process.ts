/**
 * A limiter for one process (local runs, tests, a single Lambda): slots are claimed synchronously,
 * so concurrent acquirers always get distinct slots. It cannot see other processes: deployed
 * Lambdas share the account's budget through the DynamoDB limiter (`dynamo.ts`) instead.
 */
import { boundedBackOffMs, buildPacer, type PacingOptions, realSleep, slotIntervalMs } from './pacing';
import type { RateLimiter } from './port';

export interface InProcessLimiterDeps extends PacingOptions {
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

export function buildInProcessLimiter(deps: InProcessLimiterDeps = {}): RateLimiter {
  const interval = slotIntervalMs(deps);
  const now = deps.now ?? Date.now;
  let nextSlotAt = Number.NEGATIVE_INFINITY;

  function claim(gapMs: number): number {
    const slot = Math.max(now(), nextSlotAt);
    nextSlotAt = slot + interval + gapMs;
    return slot;
  }

  return {
    acquire: buildPacer({ claim, options: deps, now, sleep: deps.sleep ?? realSleep }),
    async backOff(retryAfterMs) {
      nextSlotAt = Math.max(nextSlotAt, now() + boundedBackOffMs(retryAfterMs, deps));
    },
  };
}
