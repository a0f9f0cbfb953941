/**
 * A limiter shared by every process of an account (all Lambdas, all executions), so that together
 * they stay under the provider's budget as the provider counts it.
 *
 * One item `pk=RATE#<account>, sk=RATE` holds the bucket's `recent` entries (window.ts: for each of
 * the last `rate` slots, the latest time its request may leave) and `token`, a random value replaced
 * by every write. Acquiring claims the next free slot with a single-item conditional write
 * (`token = :seen`): of two racing callers exactly one wins, the other re-reads and claims the
 * following slot. Then the caller sleeps until its slot (and claims another, with a wider gap after
 * it, if it woke too late to use it: see `pacing.ts`). Only single-item conditional writes are used
 * (no transactions), so dynalite is a faithful stand-in. Each instance remembers what it last wrote,
 * so an uncontended acquire costs one write. A random token, not a counter: a counter restarts when
 * the item is deleted, and a stale belief would then match a new item.
 *
 * The item is not trusted blindly: a slot is claimed at most {@link CLAIM_HORIZON_MS} ahead of now,
 * so every slot anybody holds lies within that horizon; an item that disappears, holds something that
 * is not a list of entries, goes backwards or lies further ahead than any limiter writes is rewritten so that no slot is free until a full window
 * after "now + horizon" (or the latest entry this instance saw, if later): past every slot that could
 * still be outstanding. An item of the earlier format (`nextSlotAt`) is repaired the same way. See
 * docs/rate-limit.md.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { buildBucketItem } from './bucket-item';
import {
  boundedBackOffMs,
  buildPacer,
  CLAIM_HORIZON_MS,
  DEFAULT_COLD_START_MS,
  MAX_LATE_GAP_MS,
  type PacingOptions,
  realSleep,
  windowShape,
} from './pacing';
import type { RateLimiter } from './port';
import { nextFreeSlot, type Recent, withClaim, withFloor, withPush } from './window';

export interface DynamoLimiterDeps extends PacingOptions {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  /** Bucket id: one per provider account (the provider counts per account). */
  readonly account: string;
  /** How far ahead of now an idle bucket's slot is taken: more than a claim's round trip. @default 50 */
  readonly claimLeadMs?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * A caller facing a next free slot later than this ahead of now (a back-off, a crowd of callers)
 * sleeps first. It bounds what a lost item can hide: no slot outstanding when the item vanished lies
 * later than this past the moment it was found missing.
 */
export { CLAIM_HORIZON_MS };

/**
 * How long past the moment its first slot could be claimed an instance waits to claim the slots after
 * it in the same write. Its first slot is still claimed 850 ms ahead.
 */
const COLLECT_MS = 100;

/** Writes a late caller's push may take when other instances keep winning the item. */
const PUSH_ATTEMPTS = 3;

/** A slot a claim would take, and the bucket's entries once it and those before it are claimed. */
interface PlannedClaim {
  readonly slot: number;
  readonly after: Recent;
}

export function buildDynamoLimiter(deps: DynamoLimiterDeps): RateLimiter {
  const shape = windowShape(deps);
  const claimLeadMs = deps.claimLeadMs ?? 50;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  /**
   * The latest entry any limiter can have written, from now: a capped back-off, then a repair or a
   * claim with the widest gaps. A later entry is damage (a stray write), not a slot: trusting it
   * would park every caller until that date.
   */
  const farthestMs =
    boundedBackOffMs(Number.POSITIVE_INFINITY, deps) +
    CLAIM_HORIZON_MS +
    2 * shape.spanMs +
    MAX_LATE_GAP_MS +
    (deps.coldStartMs ?? DEFAULT_COLD_START_MS);
  const item = buildBucketItem({ ...deps, shape, farthestMs, now });
  const { usable, write } = item;

  /** Claims this instance's callers are waiting for, in the order they asked. */
  const waiting: { readonly gapMs: number; resolve(slot: number): void; reject(error: unknown): void }[] = [];
  let claiming = false;

  /**
   * Claims, in this instance's turn, the waiting callers' slots with one conditional write: the
   * number claimed, or how long to sleep before claiming (slept outside the turn, so that a late
   * caller's push is not held up behind it). Every pass either wins, returns, or follows a write
   * somebody else made: none repeats without progress. One write for many slots: an idle bucket's
   * slots are only `spacingMs` apart, and instances claiming them one at a time woke together for
   * each and kept losing races (a write and a read each) to one another.
   */
  async function tryClaim(): Promise<{ claimed: number } | { waitMs: number }> {
    for (;;) {
      const { seen, recent } = await usable();
      const at = now();
      const wanted = waiting.slice(0, shape.rate);
      // An idle bucket's slot is `claimLeadMs` ahead: the write's own round trip would otherwise
      // make every such caller late for its slot (idle means below the rate, so this costs no rate).
      const plan = plannedClaims(recent, at + claimLeadMs, wanted);
      const first = (plan[0] as PlannedClaim).slot;
      const wakeAt = Math.min((plan.at(-1) as PlannedClaim).slot, first + COLLECT_MS) - CLAIM_HORIZON_MS;
      if (wakeAt > at) return { waitMs: wakeAt - at };
      const within = plan.filter(({ slot }) => slot <= at + CLAIM_HORIZON_MS);
      if (await write(seen, (within.at(-1) as PlannedClaim).after)) {
        for (const [i, caller] of waiting.splice(0, within.length).entries())
          caller.resolve((within[i] as PlannedClaim).slot);
        return { claimed: within.length };
      }
    }
  }

  /** The slot each of `callers` would get, in order, from `recent`, and the entries after it. */
  function plannedClaims(recent: Recent, earliest: number, callers: readonly { gapMs: number }[]) {
    const plan: PlannedClaim[] = [];
    let after = recent;
    for (const { gapMs } of callers) {
      const slot = nextFreeSlot(after, earliest, shape);
      after = withClaim(after, slot, gapMs, shape);
      plan.push({ slot, after });
    }
    return plan;
  }

  /** One claimer per instance: at most one of its callers' claims is in flight at any time. */
  async function claimForWaiting(): Promise<void> {
    claiming = true;
    try {
      while (waiting.length > 0) {
        const outcome = await inTurn(tryClaim);
        if ('waitMs' in outcome) await sleep(outcome.waitMs);
      }
    } catch (error) {
      for (const caller of waiting.splice(0)) caller.reject(error);
    } finally {
      claiming = false;
    }
  }

  function claim(gapMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      waiting.push({ gapMs, resolve, reject });
      if (!claiming) void claimForWaiting();
    });
  }

  /**
   * Moves the late caller's entry (and every later one) `ms` on. A damaged item is left to the claim
   * path's repair. A lost race moves the entries just read instead, a few times: whoever won claimed
   * a slot fewer than `rate` places after the late caller's, or pushed too, and the pacer checks the
   * caller's lateness again after the write (pacing.ts). Giving up at once wasted the caller's slot
   * on every race with another instance's claim, which under several Lambdas is frequent.
   */
  async function push(slot: number, ms: number): Promise<boolean> {
    for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
      const { seen, recent } = await item.current();
      if (recent === undefined || recent.length === 0) return false;
      if (await write(seen, withPush(recent, slot, ms))) return true;
    }
    return false;
  }

  /** Holds every caller's next slot until `notBefore`; a lost race is retried on the item just read. */
  async function holdUntil(notBefore: number): Promise<void> {
    for (;;) {
      const { seen, recent } = await usable();
      if (await write(seen, withFloor(recent, notBefore, shape))) return;
    }
  }

  /**
   * This instance's requests to the item go one at a time, so its own concurrent callers (the page
   * downloads of one Lambda) never race each other on it, and its belief follows its own writes in
   * order: lost races, each a wasted read and write, then only happen between instances.
   */
  let lastTurn: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = lastTurn.then(work);
    lastTurn = turn.catch(() => undefined);
    return turn;
  }

  return {
    acquire: buildPacer({
      book: { claim, push: (slot, ms) => inTurn(() => push(slot, ms)) },
      options: deps,
      now,
      sleep,
    }),
    async backOff(retryAfterMs) {
      const notBefore = now() + boundedBackOffMs(retryAfterMs, deps);
      await inTurn(() => holdUntil(notBefore));
    },
  };
}
