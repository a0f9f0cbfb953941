import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { AgingDeps } from '../../../lambdas/core/aging/age-receivables';
import type { ReceivableStore } from '../../../lambdas/core/receivable-store/apply-records';
import {
  agingFor,
  freshTable,
  freshTouchedLog,
  localStoresPerFile,
  storeFor,
} from '../../support/recon-dynamo';
import { canonical, forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig({ graceDays: 3 });

describe('aging sweep on dynalite and s3rver with a fake clock', () => {
  const stores = localStoresPerFile();

  async function setUp(
    ddb: Pick<DynamoDBDocumentClient, 'send'> = stores.dynamo.documentClient,
    warn?: AgingDeps['warn'],
  ) {
    const tableName = await freshTable(stores.dynamo);
    const touched = await freshTouchedLog(stores.s3);
    const clock = { asOf: '2025-03-30' };
    const store = storeFor(stores.dynamo.documentClient, tableName, config, clock, touched);
    const aging = agingFor(ddb, tableName, config, touched, () => new Date(`${clock.asOf}T23:00:00Z`), warn);
    await store.applyRecords([
      forecast(saleKey(1), 'due-0401', 10_000, '2025-04-01'),
      forecast(saleKey(2), 'due-0402', 10_000, '2025-04-02'),
      forecast(saleKey(3), 'due-0410', 10_000, '2025-04-10'),
      canonical({ type: 'A1', key: saleKey(4), hash: 'undated', dueDate: null }),
    ]);
    return { store, aging, clock, tableName, touched };
  }

  const statusOf = async (store: ReceivableStore, n: number) => (await store.get(saleKey(n)))?.status;

  it('turns OPEN into OVERDUE only after due date + grace, once', async () => {
    const { store, aging } = await setUp();
    const none = { becameOverdue: 0, writes: 0, conflicts: 0, unlisted: 0 };
    expect(await aging.ageReceivables('2025-04-04')).toEqual(none);
    expect(await aging.ageReceivables('2025-04-05')).toEqual({ ...none, becameOverdue: 1, writes: 1 });
    expect(await store.get(saleKey(1))).toMatchObject({
      status: 'OVERDUE',
      reason: 'PAST_DUE',
      version: 2,
      changedOn: '2025-04-05',
    });
    expect(await statusOf(store, 2)).toBe('OPEN');

    expect(await aging.ageReceivables('2025-04-05')).toEqual(none);
    expect(await aging.ageReceivables('2030-01-01')).toMatchObject({ becameOverdue: 2, unlisted: 0 });
    const stillOpen = (await store.scanAll()).filter((r) => r.status === 'OPEN');
    expect(stillOpen.map((r) => r.key)).toEqual([(await store.get(saleKey(4)))?.key]);
    expect(await store.scanAll({ statuses: ['OVERDUE'] })).toHaveLength(3);
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
    // The settled receivable is no longer stored OVERDUE; the other overdue one still is.
    expect((await store.scanAll({ statuses: ['OVERDUE'] })).map((r) => r.key)).toEqual([
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
        return stores.dynamo.documentClient.send(command);
      }) as DynamoDBDocumentClient['send'],
    };
    const setup = await setUp(racing);
    store = setup.store;
    expect(await setup.aging.ageReceivables('2025-04-05')).toEqual({
      becameOverdue: 0,
      writes: 1,
      conflicts: 1,
      unlisted: 0,
    });
    expect(await store.get(saleKey(1))).toMatchObject({ status: 'UNDERPAID', version: 2 });
  });

  it('gathers the due lists of nights whose aging never ran, and re-gathers a re-run night', async () => {
    const { store, aging, clock } = await setUp();
    // Nights 2025-03-31 and 2025-04-01 log new forecasts; neither night's aging runs.
    clock.asOf = '2025-03-31';
    await store.applyRecords([forecast(saleKey(5), 'due-0402-b', 5_000, '2025-04-02')]);
    clock.asOf = '2025-04-01';
    await store.applyRecords([forecast(saleKey(6), 'due-0401-b', 5_000, '2025-04-01')]);
    expect(await aging.ageReceivables('2025-04-05')).toMatchObject({ becameOverdue: 2, unlisted: 0 });
    expect((await store.scanAll({ statuses: ['OVERDUE'] })).map((r) => r.nsu).sort()).toEqual([
      '100001',
      '100006',
    ]);
    // Tonight's run is run again after its sweep and logs one more forecast, due on a date not yet aged.
    clock.asOf = '2025-04-05';
    await store.applyRecords([forecast(saleKey(7), 'due-0402-c', 5_000, '2025-04-02')]);
    expect(await aging.ageReceivables('2025-04-05')).toMatchObject({ becameOverdue: 0, unlisted: 0 });
    // Found only because the re-run's sweep gathered tonight's log again.
    expect(await aging.ageReceivables('2025-04-06')).toMatchObject({ becameOverdue: 3, unlisted: 0 });
    expect([await statusOf(store, 2), await statusOf(store, 5), await statusOf(store, 7)]).toEqual([
      'OVERDUE',
      'OVERDUE',
      'OVERDUE',
    ]);
  });

  it('reports receivables stored OPEN that no due list names, leaves them OPEN and says which dates', async () => {
    const warnings: unknown[] = [];
    const { store, aging, clock, tableName } = await setUp(stores.dynamo.documentClient, (message, details) =>
      warnings.push({ message, details }),
    );
    // Written by a store that logs nothing (as before the due lists existed).
    await storeFor(stores.dynamo.documentClient, tableName, config, clock).applyRecords([
      forecast(saleKey(8), 'unlogged', 7_000, '2025-04-01'),
    ]);
    expect(await aging.ageReceivables('2025-04-05')).toEqual({
      becameOverdue: 1,
      writes: 1,
      conflicts: 0,
      unlisted: 1,
    });
    expect(warnings).toEqual([
      {
        message: 'receivables stored OPEN past grace are in no due list; left OPEN',
        details: { byDueDate: { '2025-04-01': 1 } },
      },
    ]);
    expect([await statusOf(store, 1), await statusOf(store, 8)]).toEqual(['OVERDUE', 'OPEN']);
  });
});
