/**
 * The kept book totals and the hot table's horizon on dynalite: receivables written through the
 * real store (and aged by the real sweep) with the shortest horizon, then read on dates past some
 * expiries. The book from the kept totals equals a recount and the book of the receivables not
 * expired, both while the expired items are still in the table (TTL lags up to two days) and once
 * they are deleted; dynalite has no TTL, so the test deletes them as DynamoDB would. A late write to
 * an expired item not deleted yet stays exact too, and a sentinel cell proves nothing was recounted.
 */
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { largestFromScan } from '../../../lambdas/core/action-list/store';
import { buildTotalsStore } from '../../../lambdas/core/book/book-store';
import { expiredNames, isExpired, unexpired } from '../../../lambdas/core/book/expiry';
import { buildBookReader } from '../../../lambdas/core/book/reader';
import { countCells } from '../../../lambdas/core/book/recount';
import { toEpochDay } from '../../../lambdas/core/calendar';
import { expiryDateOf } from '../../../lambdas/core/receivables/horizon';
import { collect, scanPages } from '../../../lambdas/core/receivables/queries';
import { toReceivableView } from '../../../lambdas/core/receivables/view';
import { bookFromReceivables } from '../../../lambdas/core/report/compute';
import { TABLE } from '../../../lambdas/core/store/table';
import {
  agingFor,
  freshTable,
  freshTouchedLog,
  localStoresPerFile,
  storeFor,
} from '../../support/recon-dynamo';
import { forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

/** The shortest horizon allowed: a settled receivable expires 32 days after its payment or write. */
const config = reconConfig({ hotHorizonDays: 30 });
const SENTINEL = 'zz:sentinel';

describe('book totals past the hot table horizon (dynalite)', () => {
  const stores = localStoresPerFile();

  it('equal a recount and the live book before and after TTL deletes the expired receivables', async () => {
    const tableName = await freshTable(stores.dynamo);
    const ddb = stores.dynamo.documentClient;
    const deps = { ddb, tableName, config };
    const totals = buildTotalsStore(deps);
    const touched = await freshTouchedLog(stores.s3);
    await totals.replace({ [SENTINEL]: 1 }, await totals.read()); // a new table, trusted from the start

    const receivables = async () => collect(scanPages(deps));

    /** Kept (sentinel aside) equals the recount on `asOf`; the summary's book equals the live book. */
    async function expectExact(asOf: string) {
      const kept = await totals.load();
      expect(kept, 'kept totals trusted').toBeDefined();
      const { [SENTINEL]: sentinel, ...cells } = kept?.cells ?? {};
      expect(sentinel, 'kept incrementally, never recounted').toBe(1);
      expect(unexpired(cells, asOf)).toEqual(await countCells({ ...deps, totals }, asOf));
      const live = (await receivables()).filter((r) => !isExpired(expiryDateOf(r, config), asOf));
      const views = live.map((r) => ({ ...toReceivableView(r, asOf, config), capped: r.capped }));
      const reference = bookFromReceivables(views, asOf);
      expect(await buildBookReader(deps)(asOf, largestFromScan(deps))).toEqual(reference);
      // The summary dropped the expired buckets from the item.
      expect(expiredNames((await totals.load())?.cells ?? {}, asOf)).toEqual([]);
      return reference;
    }

    /**
     * What DynamoDB's TTL has done by noon UTC of `asOf`: every item whose `expiresAt` passed is gone
     * (aging's due lists too). Returns how many of them were receivables.
     */
    async function deleteExpired(asOf: string): Promise<number> {
      const now = (toEpochDay(asOf) + 0.5) * 86_400;
      const { Items = [] } = await ddb.send(new ScanCommand({ TableName: tableName }));
      const gone = Items.filter(
        (item) => Number(item[TABLE.ttlAttribute] ?? Number.POSITIVE_INFINITY) <= now,
      );
      for (const { pk, sk } of gone)
        await ddb.send(new DeleteCommand({ TableName: tableName, Key: { pk, sk } }));
      return gone.filter(({ pk }) => String(pk).startsWith('RCV#')).length;
    }

    const clock = { asOf: '2025-03-30' };
    const store = storeFor(ddb, tableName, config, clock, touched);
    const due = '2025-04-01';
    await store.applyRecords([1, 2, 3, 4].map((n) => forecast(saleKey(n), `a${n}`, 10_000, due)));
    clock.asOf = '2025-04-02';
    await store.applyRecords([
      // Written 2025-04-02: + 32 days is 2025-05-04, rounded up to the month's end.
      settlement(saleKey(1), 'd1', 9_000, due), // UNDERPAID, expires 2025-05-31
      settlement(saleKey(2), 'd2', 10_000, due), // SETTLED, expires 2025-05-31
      settlement(saleKey(5), 'd5', 3_000, due), // UNEXPECTED, expires 2025-05-31
    ]);
    const aging = agingFor(ddb, tableName, config, touched, () => new Date('2025-04-10T12:00:00Z'));
    expect(await aging.ageReceivables('2025-04-10')).toMatchObject({ becameOverdue: 2, unlisted: 0 });
    clock.asOf = '2025-05-01';
    await store.applyRecords([settlement(saleKey(3), 'd3', 8_000, '2025-05-01')]); // UNDERPAID, expires 2025-06-30
    const byKey = new Map((await receivables()).map((r) => [r.key, r]));
    expect([...byKey.values()].map((r) => expiryDateOf(r, config) ?? null).sort()).toEqual([
      '2025-05-31',
      '2025-05-31',
      '2025-05-31',
      '2025-06-30',
      null, // sale 4, unpaid: never expires
    ]);

    expect((await expectExact('2025-05-01')).receivables.total.count).toBe(5);

    // Past the first expiries, before TTL deleted anything: three receivables out of the book.
    const first = await expectExact('2025-06-10');
    expect(first.receivables.total.count).toBe(2);
    expect(first.attention.find((card) => card.state === 'UNEXPECTED')?.count).toBe(0);

    // A late payment for sale 2, expired but not deleted yet, revives it: its delta subtracts the old
    // version from the dropped bucket (a leftover never read) and files the new one under 2025-07-31.
    clock.asOf = '2025-06-10';
    await store.applyRecords([settlement(saleKey(2), 'd2late', 100, '2025-06-09')]);
    expect(expiredNames((await totals.load())?.cells ?? {}, '2025-06-10').length).toBeGreaterThan(0);
    expect((await expectExact('2025-06-10')).receivables.byStatus.OVERPAID?.count).toBe(1);

    expect(await deleteExpired('2025-06-10')).toBe(2); // sales 1 and 5
    expect((await expectExact('2025-06-10')).receivables.total.count).toBe(3);

    // Every paid receivable expired; TTL not yet, then done: only the unpaid one is left.
    const late = await expectExact('2025-07-31');
    expect(late.receivables.total.count).toBe(1);
    expect(late.receivables.byStatus.OVERDUE?.count).toBe(1);
    expect(await deleteExpired('2025-07-31')).toBe(2); // sales 2 and 3
    expect(await expectExact('2025-07-31')).toEqual(late);

    // The item holds the unpaid (aged) receivable's plain cells only and the sentinel: buckets dropped.
    const { [SENTINEL]: _sentinel, ...left } = (await totals.load())?.cells ?? {};
    expect(Object.keys(left).sort()).toEqual(
      [
        'uf:2025-04-01',
        'ua:2025-04-01',
        'un:2025-04-01',
        'wf:2025-03-31',
        'qf:ACQ1',
        'ql:2025-04-01|ACQ1',
      ].sort(),
    );
  });
});
