/**
 * A limiter shared by every process of an account (all Lambdas, all executions), so that together
 * they stay under the provider's budget as the provider counts it.
 *
 * One item `pk=RATE#<account>, sk=RATE` holds `nextSlotAt`, the epoch ms of the next free slot.
 * Acquiring claims the slot `max(now, nextSlotAt)` by moving `nextSlotAt` one interval forward with a
 * single-item conditional write (`nextSlotAt = :seen`): of two racing callers exactly one wins, the
 * other re-reads and claims the following slot. Then the caller sleeps until its slot (and claims
 * another if it woke too late to use it, see `pacing.ts`). Only
 * single-item conditional writes are used (no transactions), so dynalite is a faithful stand-in.
 * Each instance remembers the value it last wrote, so an uncontended acquire costs one write.
 */
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../store/conditional';
import { TABLE } from '../store/table';
import { acquireSlot, DEFAULT_BACK_OFF_MS, type PacingOptions, realSleep, slotIntervalMs } from './pacing';
import type { RateLimiter } from './port';

export interface DynamoLimiterDeps extends PacingOptions {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  /** Bucket id: one per provider account (the provider counts per account). */
  readonly account: string;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** The bucket item outlives its last slot by this much, then DynamoDB's TTL removes it. */
const TTL_SECONDS = 3_600;

export function buildDynamoLimiter(deps: DynamoLimiterDeps): RateLimiter {
  const interval = slotIntervalMs(deps);
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const key = { [TABLE.partitionKey]: `RATE#${deps.account}`, [TABLE.sortKey]: 'RATE' };
  /** Our belief about the stored `nextSlotAt`: `null` = never seen (must read), `undefined` = no item. */
  let believed: number | undefined | null = null;

  async function read(): Promise<number | undefined> {
    const { Item } = await deps.ddb.send(
      new GetCommand({ TableName: deps.tableName, Key: key, ConsistentRead: true }),
    );
    const value = Item?.nextSlotAt;
    return typeof value === 'number' ? value : undefined;
  }

  /** Moves `nextSlotAt` to `value` if `condition` holds; false when another writer got there first. */
  async function write(
    value: number,
    condition: string,
    extraValues: Record<string, number>,
  ): Promise<boolean> {
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
      believed = value;
      return true;
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      believed = await read();
      return false;
    }
  }

  /** Claims the next free slot with a conditional write, re-reading after each lost race. */
  async function claim(): Promise<number> {
    for (;;) {
      if (believed === null) believed = await read();
      const seen = believed;
      const slot = Math.max(now(), seen ?? Number.NEGATIVE_INFINITY);
      // Kept fractional: rounding each slot up to a whole ms would pace at 106 ms instead of 105.26.
      // The number round-trips exactly (DynamoDB keeps 38 digits), so the equality condition holds.
      const next = slot + interval;
      const won =
        seen === undefined
          ? await write(next, 'attribute_not_exists(nextSlotAt)', {})
          : await write(next, 'nextSlotAt = :seen', { ':seen': seen });
      if (won) return slot;
    }
  }

  /**
   * This instance's claims go one at a time, so its own concurrent callers (the page downloads of one
   * Lambda) never race each other on the item: lost races, each a wasted read and write, then only
   * happen between instances.
   */
  let lastClaim: Promise<unknown> = Promise.resolve();
  function claimInTurn(): Promise<number> {
    const turn = lastClaim.then(claim);
    lastClaim = turn.catch(() => undefined);
    return turn;
  }

  return {
    acquire: () => acquireSlot(claimInTurn, interval, now, sleep),
    async backOff(retryAfterMs = DEFAULT_BACK_OFF_MS) {
      // Only ever moves the slot forward; losing the race means someone pushed it at least as far.
      await write(
        Math.ceil(now() + retryAfterMs),
        'attribute_not_exists(nextSlotAt) OR nextSlotAt < :value',
        {},
      );
    },
  };
}
