/** The store's DynamoDB protocol with a scripted fake: BatchGet paging and retries, bounded races. */
import { BatchGetCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { buildReceivableStore } from '../../../lambdas/core/receivable-store/apply-records';
import { forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig();
type Command = { input: Record<string, unknown> };

function storeWith(send: (command: Command) => Promise<unknown>, maxAttempts?: number) {
  return buildReceivableStore({
    ddb: { send: send as never },
    tableName: 't',
    config,
    asOf: () => '2025-04-01',
    now: () => new Date('2025-04-01T12:00:00Z'),
    maxAttempts,
  });
}

describe('receivable store protocol', () => {
  it('reads 100 keys per BatchGet and asks again for unprocessed keys', async () => {
    const batches: number[] = [];
    let puts = 0;
    let throttledOnce = false;
    const store = storeWith(async (command) => {
      if (command instanceof BatchGetCommand) {
        const keys = (command.input.RequestItems as Record<string, { Keys: unknown[] }>).t?.Keys ?? [];
        batches.push(keys.length);
        if (!throttledOnce && keys.length > 10) {
          throttledOnce = true;
          return { Responses: { t: [] }, UnprocessedKeys: { t: { Keys: keys.slice(10) } } };
        }
        return { Responses: { t: [] } };
      }
      if (command instanceof PutCommand) puts += 1;
      return {};
    });
    // Payments: every key is read (forecast keys a sample shows new are not: presumed-new.ts).
    const counts = await store.applyRecords(
      Array.from({ length: 250 }, (_, n) => settlement(saleKey(n), `d${n}`)),
    );
    expect(batches).toEqual([100, 90, 100, 50]);
    expect(counts).toEqual({
      changed: 250,
      unchanged: 0,
      ignored: 0,
      writes: 250,
      conflicts: 0,
      refused: [],
      archived: [],
    });
    expect(puts).toBe(250);
  });

  it('gives up after a bounded number of lost races instead of looping', async () => {
    const conflict = Object.assign(new Error('condition'), { name: 'ConditionalCheckFailedException' });
    let version = 0;
    const store = storeWith(async (command) => {
      if (command instanceof BatchGetCommand) return { Responses: { t: [] } };
      if (command instanceof PutCommand) throw conflict;
      if (command instanceof GetCommand) {
        version += 1;
        return {
          Item: {
            pk: (command.input.Key as { pk: string }).pk,
            sk: 'RCV',
            version,
            status: 'OPEN',
            reason: 'AWAITING_PAYMENT',
            changedOn: '2025-03-01',
            updatedAt: '2025-03-01T00:00:00.000Z',
          },
        };
      }
      // The batch's kept-totals registration (lambdas/core/book) is not what races here.
      if (command instanceof UpdateCommand && (command.input.Key as { pk: string }).pk.startsWith('TOTALS'))
        return {};
      throw new Error('unexpected command');
    }, 3);
    await expect(store.applyRecords([forecast(saleKey(1), 'f')])).rejects.toThrow(/still contended after 3/);
  });
});
