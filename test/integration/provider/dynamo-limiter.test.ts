import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDynamoLimiter, CLAIM_HORIZON_MS } from '../../../lambdas/core/rate-limit/dynamo';
import {
  DEFAULT_SPACING_MS,
  latenessAllowanceMs,
  slotIntervalMs,
} from '../../../lambdas/core/rate-limit/pacing';
import { TABLE } from '../../../lambdas/core/store/table';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalDynamo();
});
afterAll(async () => {
  await dynamo.close();
});

/**
 * Each instance has its own virtual clock, starting at T and moved only by the limiter's own sleeps
 * (as a Lambda's clock moves while it waits): the slot an acquire was granted is the clock after it.
 */
const T = 1_800_000_000_000;
/** What any 11 slots span at the default pacing: 10 intervals. */
const SPAN = 10 * slotIntervalMs({ ratePerSecond: 10 });
const SPACING = DEFAULT_SPACING_MS;
/** How far a caller 50 ms late moves its entry: twice its lateness past the allowance. */
const PUSH_50 = 2 * (50 - latenessAllowanceMs({ ratePerSecond: 10 }));
const ITEM_KEY = (account: string) => ({
  [TABLE.partitionKey]: `RATE#${account}`,
  [TABLE.sortKey]: 'RATE',
});

/** `duringFirstSleep` runs while the instance sleeps for the first time (another instance's turn). */
function virtualLimiter(
  account: string,
  coldStartMs = 0,
  lateOnFirstWake = 0,
  duringFirstSleep?: () => Promise<unknown>,
) {
  let clock = T;
  let wakes = 0;
  let requests = 0;
  const counted = {
    send: (command: never) => {
      requests++;
      return dynamo.documentClient.send(command);
    },
  } as unknown as DynamoDBDocumentClient;
  const limiter = buildDynamoLimiter({
    ddb: counted,
    tableName: dynamo.tableName,
    account,
    ratePerSecond: 10,
    coldStartMs,
    claimLeadMs: 0,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms + (++wakes === 1 ? lateOnFirstWake : 0);
      if (wakes === 1) await duringFirstSleep?.();
    },
  });
  return {
    limiter,
    /** DynamoDB requests this instance has sent so far. */
    requests: () => requests,
    /** Acquires one slot and returns its (virtual) time. */
    async grant(): Promise<number> {
      await limiter.acquire();
      return clock;
    },
  };
}

async function storedItem(account: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo.documentClient.send(
    new GetCommand({ TableName: dynamo.tableName, Key: ITEM_KEY(account) }),
  );
  return Item;
}

/** The bucket's stored entries: for each of the last 10 slots, the latest time its request may leave. */
async function storedRecent(account: string): Promise<number[]> {
  return ((await storedItem(account))?.recent as number[] | undefined) ?? [];
}

function expectCloseTo(actual: readonly number[], expected: readonly number[]): void {
  expect(actual).toHaveLength(expected.length);
  for (const [i, value] of actual.entries()) expect(value).toBeCloseTo(expected[i] ?? Number.NaN, 3);
}

describe('DynamoDB limiter', () => {
  it('gives racing instances distinct slots, an idle bucket its first 10 at once, any 11 a full window apart', async () => {
    const instances = Array.from({ length: 4 }, () => virtualLimiter('race'));
    const perInstance = await Promise.all(
      instances.map(async (instance) => {
        const grants: number[] = [];
        for (let i = 0; i < 8; i++) grants.push(await instance.grant());
        return grants;
      }),
    );
    const all = perInstance.flat().sort((a, b) => a - b);
    expect(new Set(all).size).toBe(32);
    expect(all[0]).toBe(T);
    expect(all[9]).toBeCloseTo(T + 9 * SPACING, 3);
    const spans = all.slice(10).map((t, i) => t - (all[i] ?? 0));
    // Less a millisecond's fraction: at 1.8e12 ms a double resolves 0.24 µs.
    expect(Math.min(...spans)).toBeGreaterThanOrEqual(SPAN - 1e-3);
  });

  it("records each instance's cold-start gap after its first slot in the shared item", async () => {
    const first = virtualLimiter('cold', 150);
    const other = virtualLimiter('cold', 150);
    expect(await first.grant()).toBe(T);
    expectCloseTo(await storedRecent('cold'), [T + 150]);
    expect(await first.grant()).toBeCloseTo(T + 150 + SPACING, 3);
    expect(await other.grant()).toBeCloseTo(T + 150 + 2 * SPACING, 3);
    expectCloseTo(await storedRecent('cold'), [T + 150, T + 150 + SPACING, T + 300 + 2 * SPACING]);
  });

  it('lets a late caller send, moving its entry and the free slots back by twice its lateness', async () => {
    const late = virtualLimiter('late', 0, 50);
    expect(await late.grant()).toBe(T);
    expect(await late.grant()).toBeCloseTo(T + SPACING + 50, 3);
    expectCloseTo(await storedRecent('late'), [T, T + SPACING + PUSH_50]);
    expect(await virtualLimiter('late').grant()).toBeCloseTo(T + 2 * SPACING + PUSH_50, 3);
  });

  it("still sends on its own slot when its push loses the race to another instance's claim", async () => {
    const other = virtualLimiter('push-race');
    let othersSlot = 0;
    const late = virtualLimiter('push-race', 0, 50, async () => {
      othersSlot = await other.grant();
    });
    expect(await late.grant()).toBe(T);
    // Its second slot is T + 10; it wakes 50 ms late, after the other instance claimed T + 20.
    expect(await late.grant()).toBeCloseTo(T + SPACING + 50, 3);
    expect(othersSlot).toBeCloseTo(T + 2 * SPACING, 3);
    // The push moved the entries the other instance left, not the ones the late caller had seen.
    expectCloseTo(await storedRecent('push-race'), [T, T + SPACING + PUSH_50, T + 2 * SPACING + PUSH_50]);
  });

  it('keeps accounts apart', async () => {
    expect(await virtualLimiter('account-a').grant()).toBe(T);
    expect(await virtualLimiter('account-b').grant()).toBe(T);
  });

  it('moves every caller past a back-off, never backwards, and sets the TTL attribute', async () => {
    const first = virtualLimiter('backoff');
    const other = virtualLimiter('backoff');
    await first.grant();
    await first.limiter.backOff(5_000);
    await other.limiter.backOff(1_000);
    expect(await other.grant()).toBeCloseTo(T + 5_000, 3);
    const item = await storedItem('backoff');
    const recent = item?.recent as number[];
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBeCloseTo(T + 5_000 - SPAN, 3);
    expect(recent.at(-1)).toBeCloseTo(T + 5_000, 3);
    expect(item?.[TABLE.ttlAttribute]).toBe(Math.ceil((recent.at(-1) ?? 0) / 1000) + 3_600);
  });

  it('caps a Retry-After of a day at 60 s, for every caller', async () => {
    const first = virtualLimiter('day');
    const other = virtualLimiter('day');
    await first.grant();
    await first.limiter.backOff(86_400_000);
    expectCloseTo(await storedRecent('day'), Array<number>(10).fill(T + 60_000 - SPAN));
    expect(await other.grant()).toBeCloseTo(T + 60_000, 3);
  });

  it('repairs a corrupted item past every outstanding slot, with a bounded number of requests', async () => {
    const first = virtualLimiter('corrupt');
    const other = virtualLimiter('corrupt');
    const earlier = [await first.grant(), await other.grant(), await first.grant()];
    await dynamo.documentClient.send(
      new PutCommand({
        TableName: dynamo.tableName,
        Item: { ...ITEM_KEY('corrupt'), nextSlotAt: 'garbage' },
      }),
    );
    const before = first.requests();
    const repaired = await first.grant();
    // The stale belief fails its condition (write + read), the repair writes, the claim writes.
    expect(first.requests() - before).toBeLessThanOrEqual(4);
    // No slot until a full window after every slot that could have been outstanding.
    expect(repaired).toBeGreaterThanOrEqual(Math.max(...earlier) + CLAIM_HORIZON_MS + SPAN);
    const next = await other.grant();
    expect(next).toBeGreaterThanOrEqual(repaired + SPACING - 1e-6);
    expect(await storedRecent('corrupt')).toHaveLength(10);
  });

  it('repairs an item whose entries lie a day ahead instead of parking every caller until then', async () => {
    await dynamo.documentClient.send(
      new PutCommand({
        TableName: dynamo.tableName,
        Item: { ...ITEM_KEY('far'), recent: [T + 86_400_000], token: 'stray' },
      }),
    );
    expect(await virtualLimiter('far').grant()).toBeCloseTo(T + CLAIM_HORIZON_MS + SPAN, 3);
    expect(Math.max(...(await storedRecent('far')))).toBeLessThan(T + 5_000);
  });

  it('repairs an item of the earlier format (nextSlotAt) the same way', async () => {
    await dynamo.documentClient.send(
      new PutCommand({ TableName: dynamo.tableName, Item: { ...ITEM_KEY('upgrade'), nextSlotAt: T + 500 } }),
    );
    expect(await virtualLimiter('upgrade').grant()).toBeGreaterThanOrEqual(T + CLAIM_HORIZON_MS + SPAN);
    expect((await storedItem('upgrade'))?.nextSlotAt).toBeUndefined();
  });

  it('never hands out a slot earlier than one already seen after the item is deleted mid-run', async () => {
    const first = virtualLimiter('deleted');
    const other = virtualLimiter('deleted');
    // `other` runs ahead: it holds slots `first` has never seen when the item disappears.
    const ahead: number[] = [];
    for (let i = 0; i < 6; i++) ahead.push(await other.grant());
    const mine = await first.grant();
    await dynamo.documentClient.send(
      new DeleteCommand({ TableName: dynamo.tableName, Key: ITEM_KEY('deleted') }),
    );
    const before = other.requests();
    const afterDelete = [await other.grant(), await first.grant()];
    expect(other.requests() - before).toBeLessThanOrEqual(4);
    // `other` repairs from its own high-water mark; `first` (which saw less) still lands after it.
    expect(afterDelete[0]).toBeGreaterThanOrEqual(Math.max(...ahead, mine) + SPAN);
    expect(afterDelete[1]).toBeGreaterThanOrEqual((afterDelete[0] ?? 0) + SPACING - 1e-6);
  });
});
