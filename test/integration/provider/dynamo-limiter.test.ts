import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDynamoLimiter } from '../../../lambdas/core/rate-limit/dynamo';
import { slotIntervalMs } from '../../../lambdas/core/rate-limit/pacing';
import { TABLE } from '../../../lambdas/core/store/table';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalDynamo();
});
afterAll(async () => {
  await dynamo.close();
});

/** A frozen clock: the slot each acquire was granted is `T + the sleep it was asked to take`. */
const T = 1_800_000_000_000;
/** The default pacing's slot interval. */
const INTERVAL = slotIntervalMs({ ratePerSecond: 10 });

function frozenLimiter(account: string) {
  let slept = 0;
  const limiter = buildDynamoLimiter({
    ddb: dynamo.documentClient,
    tableName: dynamo.tableName,
    account,
    ratePerSecond: 10,
    now: () => T,
    sleep: async (ms) => {
      slept = ms;
    },
  });
  return {
    limiter,
    /** Acquires one slot and returns its (virtual) time. */
    async grant(): Promise<number> {
      slept = 0;
      await limiter.acquire();
      return T + slept;
    },
  };
}

describe('DynamoDB limiter', () => {
  it('gives distinct slots, one interval apart, to separate instances racing on one bucket', async () => {
    const instances = Array.from({ length: 4 }, () => frozenLimiter('race'));
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

  it('keeps accounts apart', async () => {
    expect(await frozenLimiter('account-a').grant()).toBe(T);
    expect(await frozenLimiter('account-b').grant()).toBe(T);
  });

  it('moves every caller past a back-off, never backwards, and sets the TTL attribute', async () => {
    const first = frozenLimiter('backoff');
    const other = frozenLimiter('backoff');
    await first.grant();
    await first.limiter.backOff(5_000);
    await other.limiter.backOff(1_000);
    expect(await other.grant()).toBe(T + 5_000);
    const { Item } = await dynamo.documentClient.send(
      new GetCommand({
        TableName: dynamo.tableName,
        Key: { [TABLE.partitionKey]: 'RATE#backoff', [TABLE.sortKey]: 'RATE' },
      }),
    );
    expect(Item?.nextSlotAt).toBe(T + 5_000 + INTERVAL);
    expect(Item?.[TABLE.ttlAttribute]).toBe(Math.ceil((T + 5_000 + INTERVAL) / 1000) + 3_600);
  });
});
