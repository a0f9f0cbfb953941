import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDynamoLimiter, CLAIM_HORIZON_MS } from '../../../lambdas/core/rate-limit/dynamo';
import { latenessAllowanceMs, slotIntervalMs } from '../../../lambdas/core/rate-limit/pacing';
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
/** The default pacing's slot interval. */
const INTERVAL = slotIntervalMs({ ratePerSecond: 10 });
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

async function storedSlot(account: string): Promise<unknown> {
  const { Item } = await dynamo.documentClient.send(
    new GetCommand({ TableName: dynamo.tableName, Key: ITEM_KEY(account) }),
  );
  return Item?.nextSlotAt;
}

describe('DynamoDB limiter', () => {
  it('gives distinct slots, one interval apart, to separate instances racing on one bucket', async () => {
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
    const gaps = all.slice(1).map((t, i) => t - (all[i] ?? 0));
    expect(Math.min(...gaps)).toBeCloseTo(INTERVAL, 2);
    expect(all[0]).toBe(T);
  });

  it("leaves each instance's cold-start gap after its first slot in the shared item", async () => {
    const first = virtualLimiter('cold', 150);
    const other = virtualLimiter('cold', 150);
    expect(await first.grant()).toBe(T);
    expect(await storedSlot('cold')).toBe(T + INTERVAL + 150);
    expect(await first.grant()).toBe(T + INTERVAL + 150);
    expect(await other.grant()).toBeCloseTo(T + 2 * INTERVAL + 150, 3);
    expect(await storedSlot('cold')).toBeCloseTo(T + 3 * INTERVAL + 300, 3);
  });

  it('lets a late caller send, moving the slots nobody holds yet back by twice its lateness', async () => {
    const late = virtualLimiter('late', 0, 50);
    expect(await late.grant()).toBe(T);
    expect(await late.grant()).toBeCloseTo(T + INTERVAL + 50, 3);
    const pushed = T + 2 * INTERVAL + 2 * (50 - latenessAllowanceMs({ ratePerSecond: 10 }));
    expect(await storedSlot('late')).toBeCloseTo(pushed, 3);
    expect(await virtualLimiter('late').grant()).toBeCloseTo(pushed, 3);
  });

  it("still sends on its own slot when its push loses the race to another instance's claim", async () => {
    const other = virtualLimiter('push-race');
    let othersSlot = 0;
    const late = virtualLimiter('push-race', 0, 50, async () => {
      othersSlot = await other.grant();
    });
    expect(await late.grant()).toBe(T);
    // Its second slot is T + I; it wakes 50 ms late, after the other instance claimed T + 2I.
    expect(await late.grant()).toBeCloseTo(T + INTERVAL + 50, 3);
    expect(othersSlot).toBeCloseTo(T + 2 * INTERVAL, 3);
    // The push moved the value the other instance left, not the one the late caller had seen.
    const pushed = T + 3 * INTERVAL + 2 * (50 - latenessAllowanceMs({ ratePerSecond: 10 }));
    expect(await storedSlot('push-race')).toBeCloseTo(pushed, 3);
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
    expect(await other.grant()).toBe(T + 5_000);
    const { Item } = await dynamo.documentClient.send(
      new GetCommand({ TableName: dynamo.tableName, Key: ITEM_KEY('backoff') }),
    );
    expect(Item?.nextSlotAt).toBe(T + 5_000 + INTERVAL);
    expect(Item?.[TABLE.ttlAttribute]).toBe(Math.ceil((T + 5_000 + INTERVAL) / 1000) + 3_600);
  });

  it('caps a Retry-After of a day at 60 s, for every caller', async () => {
    const first = virtualLimiter('day');
    const other = virtualLimiter('day');
    await first.grant();
    await first.limiter.backOff(86_400_000);
    expect(await storedSlot('day')).toBe(T + 60_000);
    expect(await other.grant()).toBe(T + 60_000);
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
    expect(repaired).toBeGreaterThanOrEqual(Math.max(...earlier) + CLAIM_HORIZON_MS + INTERVAL);
    const next = await other.grant();
    expect(next).toBeGreaterThanOrEqual(repaired + INTERVAL - 1e-6);
    expect(typeof (await storedSlot('corrupt'))).toBe('number');
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
    expect(afterDelete[0]).toBeGreaterThanOrEqual(Math.max(...ahead, mine) + INTERVAL);
    expect(afterDelete[1]).toBeGreaterThanOrEqual((afterDelete[0] ?? 0) + INTERVAL - 1e-6);
  });
});
