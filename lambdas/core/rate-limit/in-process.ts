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
  windowShape,
} from './pacing';
import type { RateLimiter } from './port';
import { nextFreeSlot, type Recent, withClaim, withFloor, withPush } from './window';

export interface InProcessLimiterDeps extends PacingOptions {
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

export function buildInProcessLimiter(deps: InProcessLimiterDeps = {}): RateLimiter {
  const shape = windowShape(deps);
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  let recent: Recent = [];

  async function claim(gapMs: number): Promise<number> {
    for (;;) {
      const at = now();
      const slot = nextFreeSlot(recent, at, shape);
      const wait = slot - CLAIM_HORIZON_MS - at;
      if (wait <= 0) {
        recent = withClaim(recent, slot, gapMs, shape);
        return slot;
      }
      // Rounded up: a whole-millisecond clock must move for the loop to end.
      await sleep(Math.ceil(wait));
    }
  }

  function push(slot: number, ms: number): boolean {
    recent = withPush(recent, slot, ms);
    return true;
  }

  return {
    acquire: buildPacer({ book: { claim, push }, options: deps, now, sleep }),
    async backOff(retryAfterMs) {
      recent = withFloor(recent, now() + boundedBackOffMs(retryAfterMs, deps), shape);
    },
  };
}
