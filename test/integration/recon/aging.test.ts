import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAging } from '../../../lambdas/core/recon/aging';
import type { ReceivableStore } from '../../../lambdas/core/recon/store';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import { freshTable, storeFor } from '../../support/recon-dynamo';
import { canonical, forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig({ graceDays: 3 });

describe('aging sweep on dynalite with a fake clock', () => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startLocalDynamo();
  });
  afterAll(async () => {
    await dynamo.close();
  });

  async function setUp(ddb: Pick<DynamoDBDocumentClient, 'send'> = dynamo.documentClient) {
    const tableName = await freshTable(dynamo);
    const clock = { asOf: '2025-03-30' };
    const store = storeFor(dynamo.documentClient, tableName, config, clock);
    const aging = buildAging({ ddb, tableName, config, now: () => new Date(`${clock.asOf}T23:00:00Z`) });
    await store.applyRecords([
      forecast(saleKey(1), 'due-0401', 10_000, '2025-04-01'),
      forecast(saleKey(2), 'due-0402', 10_000, '2025-04-02'),
      forecast(saleKey(3), 'due-0410', 10_000, '2025-04-10'),
      canonical({ type: 'A1', key: saleKey(4), hash: 'undated', dueDate: null }),
    ]);
    return { store, aging, clock };
  }

  const statusOf = async (store: ReceivableStore, n: number) => (await store.get(saleKey(n)))?.status;

  it('turns OPEN into OVERDUE only after due date + grace, once', async () => {
    const { store, aging } = await setUp();
    expect(await aging.ageReceivables('2025-04-04')).toEqual({ becameOverdue: 0, writes: 0, conflicts: 0 });
    expect(await aging.ageReceivables('2025-04-05')).toEqual({ becameOverdue: 1, writes: 1, conflicts: 0 });
    expect(await store.get(saleKey(1))).toMatchObject({
      status: 'OVERDUE',
      reason: 'PAST_DUE',
      version: 2,
      changedOn: '2025-04-05',
    });
    expect(await statusOf(store, 2)).toBe('OPEN');

    expect(await aging.ageReceivables('2025-04-05')).toEqual({ becameOverdue: 0, writes: 0, conflicts: 0 });
    expect(await aging.ageReceivables('2030-01-01')).toMatchObject({ becameOverdue: 2 });
    const stillOpen = (await store.scanAll()).filter((r) => r.status === 'OPEN');
    expect(stillOpen.map((r) => r.key)).toEqual([(await store.get(saleKey(4)))?.key]);
    expect(await store.listByStatus('OVERDUE')).toHaveLength(3);
  });

  it('a settlement arriving after the sweep still ends SETTLED', async () => {
    const { store, aging, clock } = await setUp();
    await aging.ageReceivables('2025-04-06');
    expect(await statusOf(store, 1)).toBe('OVERDUE');
    clock.asOf = '2025-04-07';
    await store.applyRecords([settlement(saleKey(1), 'late', 10_000, '2025-04-07')]);
    expect(await store.get(saleKey(1))).toMatchObject({
      status: 'SETTLED',
      reason: 'EXACT',
      version: 3,
      changedOn: '2025-04-07',
    });
    // The settled receivable left the index; the other overdue one is still listed there.
    expect((await store.listByStatus('OVERDUE')).map((r) => r.key)).toEqual([
      (await store.get(saleKey(2)))?.key,
    ]);
    expect((await store.scanAll()).filter((r) => r.status === 'SETTLED')).toHaveLength(1);
  });

  it('skips a receivable settled between its query and its write', async () => {
    let interposed = false;
    let store: ReceivableStore | undefined;
    const racing: Pick<DynamoDBDocumentClient, 'send'> = {
      send: (async (command: Parameters<DynamoDBDocumentClient['send']>[0]) => {
        // The first receivable write (not the totals' recount, which is a Put as well).
        if (
          command instanceof PutCommand &&
          String(command.input.Item?.pk).startsWith('RCV#') &&
          !interposed
        ) {
          interposed = true;
          await store?.applyRecords([settlement(saleKey(1), 'just-in-time', 9_000, '2025-04-05')]);
        }
        return dynamo.documentClient.send(command);
      }) as DynamoDBDocumentClient['send'],
    };
    const setup = await setUp(racing);
    store = setup.store;
    expect(await setup.aging.ageReceivables('2025-04-05')).toEqual({
      becameOverdue: 0,
      writes: 1,
      conflicts: 1,
    });
    expect(await store.get(saleKey(1))).toMatchObject({ status: 'UNDERPAID', version: 2 });
  });
});
