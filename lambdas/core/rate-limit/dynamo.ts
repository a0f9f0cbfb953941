/**
 * A limiter shared by every process of an account (all Lambdas, all executions), so that together
 * they stay under the provider's budget as the provider counts it.
 *
 * One item `pk=RATE#<account>, sk=RATE` holds `nextSlotAt`, the epoch ms of the next free slot.
 * Acquiring claims the slot `max(now, nextSlotAt)` by moving `nextSlotAt` one interval forward with a
 * single-item conditional write (`nextSlotAt = :seen`): of two racing callers exactly one wins, the
 * other re-reads and claims the following slot. Then the caller sleeps until its slot (and claims
 * another, with a wider gap after it, if it woke too late to use it: see `pacing.ts`). Only
 * single-item conditional writes are used (no transactions), so dynalite is a faithful stand-in.
 * Each instance remembers the value it last wrote, so an uncontended acquire costs one write.
 *
 * The item is not trusted blindly: a slot is claimed at most {@link CLAIM_HORIZON_MS} ahead of now,
 * so every slot anybody holds lies within that horizon; an item that disappears, holds something
 * that is not a number, or goes backwards is rewritten to "now + horizon + one interval" (or
 * further, never backwards), past every slot that could still be outstanding. See docs/rate-limit.md.
 */
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../store/conditional';
import { TABLE } from '../store/table';
import {
  boundedBackOffMs,
  buildPacer,
  CLAIM_HORIZON_MS,
  type PacingOptions,
  realSleep,
  slotIntervalMs,
} from './pacing';
import type { RateLimiter } from './port';

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

/** The bucket item outlives its last slot by this much, then DynamoDB's TTL removes it. */
const TTL_SECONDS = 3_600;

/**
 * A caller facing a `nextSlotAt` later than this ahead of now (a back-off, a crowd of callers) sleeps
 * first. It bounds what a lost item can hide: no slot outstanding when the item vanished lies later
 * than this past the moment it was found missing.
 */
export { CLAIM_HORIZON_MS };

/** Writes a late caller's push may take when other instances keep winning the item. */
const PUSH_ATTEMPTS = 3;

/** `nextSlotAt` as read: a number, `undefined` when absent, `NaN` when it holds anything else. */
type Stored = number | undefined;

/** Fixes a missing or corrupted value, or moves a number forward; never moves a number backwards. */
const RAISE_OR_FIX =
  'attribute_not_exists(nextSlotAt) OR NOT attribute_type(nextSlotAt, :number) OR nextSlotAt < :value';

export function buildDynamoLimiter(deps: DynamoLimiterDeps): RateLimiter {
  const interval = slotIntervalMs(deps);
  const claimLeadMs = deps.claimLeadMs ?? 50;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const key = { [TABLE.partitionKey]: `RATE#${deps.account}`, [TABLE.sortKey]: 'RATE' };
  /** Our belief about the stored `nextSlotAt`: `null` = never seen (must read). */
  let believed: Stored | null = null;
  /**
   * The largest `nextSlotAt` this instance has seen or written. The stored value only ever grows, so
   * reading less than this means the item was deleted or overwritten; it also keeps this instance
   * from ever sending earlier than its own previous slot plus one interval.
   */
  let highWater: number | undefined;

  function believe(value: Stored): void {
    believed = value;
    if (value !== undefined && !Number.isNaN(value)) highWater = Math.max(highWater ?? value, value);
  }

  async function read(): Promise<void> {
    const { Item } = await deps.ddb.send(
      new GetCommand({ TableName: deps.tableName, Key: key, ConsistentRead: true }),
    );
    const value: unknown = Item?.nextSlotAt;
    believe(value === undefined ? undefined : typeof value === 'number' ? value : Number.NaN);
  }

  /** Moves `nextSlotAt` to `value` if `condition` holds; false when another writer got there first. */
  async function write(value: number, condition: string, extraValues: Record<string, unknown>) {
    try {
      await deps.ddb.send(
        new UpdateCommand({
          TableName: deps.tableName,
          Key: key,
          UpdateExpression: 'SET nextSlotAt = :value, #ttl = :ttl',
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute },
          ExpressionAttributeValues: {
            ':value': value,
            ':ttl': Math.ceil(value / 1000) + TTL_SECONDS,
            ...extraValues,
          },
        }),
      );
      believe(value);
      return true;
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      await read();
      return false;
    }
  }

  /** Raises `nextSlotAt` to at least `value`, repairing a missing or non-numeric one on the way. */
  function raise(value: number): Promise<boolean> {
    return write(value, RAISE_OR_FIX, { ':number': 'N' });
  }

  /** True when the item cannot be trusted: not a number, or lower than a value already seen. */
  function damaged(seen: Stored): boolean {
    if (seen !== undefined && Number.isNaN(seen)) return true;
    return highWater !== undefined && (seen === undefined || seen < highWater);
  }

  /**
   * One claim in this instance's turn, with a conditional write leaving `gapMs` more than one interval
   * after the slot: the slot won, or how long to sleep before the next free slot is within the
   * horizon (slept outside the turn, so that a late caller's push is not held up behind it). Every
   * pass either wins, returns, or follows a write somebody else made: none repeats without progress.
   */
  async function tryClaim(gapMs: number): Promise<{ slot: number } | { waitMs: number }> {
    for (;;) {
      if (believed === null) await read();
      const seen = believed as Stored;
      const at = now();
      if (damaged(seen)) {
        await raise(Math.max(at + CLAIM_HORIZON_MS + interval, highWater ?? at));
        continue;
      }
      if (seen !== undefined && seen > at + CLAIM_HORIZON_MS) return { waitMs: seen - CLAIM_HORIZON_MS - at };
      // An idle bucket's slot is `claimLeadMs` ahead: the write's own round trip would otherwise
      // make every such caller late for its slot (idle means below the rate, so this costs no rate).
      const slot = Math.max(at + claimLeadMs, seen ?? Number.NEGATIVE_INFINITY);
      // Kept fractional: rounding each slot up to a whole ms would pace at 106 ms instead of 105.26.
      // The number round-trips exactly (DynamoDB keeps 38 digits), so the equality condition holds.
      const next = slot + interval + gapMs;
      const won =
        seen === undefined
          ? await write(next, 'attribute_not_exists(nextSlotAt)', {})
          : await write(next, 'nextSlotAt = :seen', { ':seen': seen });
      if (won) return { slot };
    }
  }

  async function claimWithinHorizon(gapMs: number): Promise<number> {
    for (;;) {
      const outcome = await inTurn(() => tryClaim(gapMs));
      if ('slot' in outcome) return outcome.slot;
      await sleep(outcome.waitMs);
    }
  }

  /**
   * This instance's callers claim one behind the other, so at most one of them per instance wakes
   * when the horizon reaches the next slot (not a herd racing for it, each loss a read and a write).
   */
  let lastClaim: Promise<unknown> = Promise.resolve();
  function claim(gapMs: number): Promise<number> {
    const claimed = lastClaim.then(() => claimWithinHorizon(gapMs));
    lastClaim = claimed.catch(() => undefined);
    return claimed;
  }

  /**
   * Moves `nextSlotAt` `ms` later, from the value believed (never with DynamoDB arithmetic: a decimal
   * sum need not read back as the double the next condition compares with). A damaged item is left to
   * the claim path's repair. A lost race moves the value just read instead, a few times: whoever won
   * claimed a slot fewer than `rate` places after the late caller's, or pushed too, and the pacer
   * checks the caller's lateness again after the write (pacing.ts). Giving up at once wasted the
   * caller's slot on every race with another instance's claim: one a second in the download benchmark.
   */
  async function push(ms: number): Promise<boolean> {
    for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
      if (believed === null) await read();
      const seen = believed as Stored;
      if (seen === undefined || damaged(seen)) return false;
      if (await write(seen + ms, 'nextSlotAt = :seen', { ':seen': seen })) return true;
    }
    return false;
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
      book: { claim, push: (ms) => inTurn(() => push(ms)) },
      options: deps,
      now,
      sleep,
    }),
    async backOff(retryAfterMs) {
      // Only ever moves the slot forward; losing the race means someone pushed it at least as far.
      await raise(Math.ceil(now() + boundedBackOffMs(retryAfterMs, deps)));
    },
  };
}
