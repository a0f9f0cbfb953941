/**
 * A limiter for one process (local runs, tests, a single Lambda): slots are claimed synchronously once
 * within the claim horizon, so concurrent acquirers always get distinct slots. It cannot see other
 * processes: deployed Lambdas share the account's budget through the DynamoDB limiter (`dynamo.ts`).
 */
import {
  boundedBackOffMs,
  buildPacer,
  CLAIM_HORIZON_MS,
  type PacingOptions,
  realSleep,
  slotIntervalMs,
} from './pacing';
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

  async function claim(gapMs: number): Promise<number> {
    // Rounded up: a whole-millisecond clock must move for the loop to end.
    for (let wait = nextSlotAt - CLAIM_HORIZON_MS - now(); wait > 0; ) {
      await sleep(Math.ceil(wait));
      wait = nextSlotAt - CLAIM_HORIZON_MS - now();
    }
    const slot = Math.max(now(), nextSlotAt);
    nextSlotAt = slot + interval + gapMs;
    return slot;
  }

  function push(ms: number): boolean {
    nextSlotAt += ms;
    return true;
  }

  return {
    acquire: buildPacer({ book: { claim, push }, options: deps, now, sleep }),
    async backOff(retryAfterMs) {
      nextSlotAt = Math.max(nextSlotAt, now() + boundedBackOffMs(retryAfterMs, deps));
    },
  };
}
