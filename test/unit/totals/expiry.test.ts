/**
 * Book totals and the hot table's horizon: a receivable that will leave the table by TTL has its
 * cells filed under its expiry day, and the book read on a date leaves out the buckets expired by
 * then, exactly as a recount leaves out the expired receivables.
 */
import { describe, expect, it } from 'vitest';
import { buildAttention } from '../../../lambdas/core/book/attention';
import { bookFromCells, openDatesPastGrace } from '../../../lambdas/core/book/book';
import { addCells, cellsOf, deltaOf, expiringCell, parseExpiring } from '../../../lambdas/core/book/cells';
import { expiredNames, isExpired, liveCells, unexpired } from '../../../lambdas/core/book/expiry';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { expiryDateOf } from '../../../lambdas/core/receivables/horizon';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { applyRecords, matchKeyOf } from '../../../lambdas/core/receivables/matcher';
import { explain } from '../../../lambdas/core/receivables/status';
import { toReceivableView } from '../../../lambdas/core/receivables/view';
import { bookFromReceivables } from '../../../lambdas/core/report/compute';
import { forecast, portfolio, reconConfig, saleKey, settlement } from '../../support/recon-records';

/** The shortest horizon allowed: settled receivables expire 32 days after payment or write. */
const config = reconConfig({ graceDays: 3, maxContributions: 3, hotHorizonDays: 30 });

function stored(records: readonly CanonicalRecord[], asOf: string, before?: Receivable): Receivable {
  const { receivable } = applyRecords(before, records, config);
  if (!receivable) throw new Error('no receivable');
  const { status, reason } = explain(receivable, asOf, config);
  const version = (before?.version ?? 0) + 1;
  return { ...receivable, status, reason, version, changedOn: asOf, updatedAt: `${asOf}T00:00:00Z` };
}

const sum = (receivables: readonly Receivable[]) =>
  receivables.reduce((cells, r) => addCells(cells, cellsOf(r, config)), {});

describe('cells filed under the expiry day', () => {
  const key = saleKey(1);
  const open = stored([forecast(key, 'a1', 10_000, '2025-04-02')], '2025-03-30');
  const paid = stored([settlement(key, 'd1', 9_000, '2025-04-07')], '2025-04-07', open);

  it('names a bucket cell apart from every plain cell', () => {
    expect(expiringCell('2025-05-09', 'n:SETTLED')).toBe('x2025-05-09/n:SETTLED');
    expect(parseExpiring('x2025-05-09/wf:2025-03-31')).toEqual({
      expiry: '2025-05-09',
      name: 'wf:2025-03-31',
    });
    expect(parseExpiring('wf:2025-03-31')).toEqual({ expiry: null, name: 'wf:2025-03-31' });
    expect(parseExpiring('zz:sentinel')).toEqual({ expiry: null, name: 'zz:sentinel' });
  });

  it('keeps an unpaid forecast plain (it never expires) and files a paid one under its expiry', () => {
    expect(expiryDateOf(open, config)).toBeUndefined();
    expect(Object.keys(cellsOf(open, config)).every((name) => parseExpiring(name).expiry === null)).toBe(
      true,
    );
    // Paid and written 2025-04-07, + 30 + 2 = 2025-05-09, rounded up to the month's end.
    expect(expiryDateOf(paid, config)).toBe('2025-05-31');
    expect(deltaOf(open, paid, config)).toEqual({
      'un:2025-04-02': -1,
      'uf:2025-04-02': -10_000,
      'ua:2025-04-02': -10_000,
      'wf:2025-03-31': -10_000,
      'o:2025-04-02': -1,
      'qf:ACQ1': -10_000,
      'ql:2025-04-02|ACQ1': -10_000,
      'x2025-05-31/n:UNDERPAID': 1,
      'x2025-05-31/f:UNDERPAID': 10_000,
      'x2025-05-31/s:UNDERPAID': 9_000,
      'x2025-05-31/a:UNDERPAID': 1_000,
      'x2025-05-31/wf:2025-03-31': 10_000,
      'x2025-05-31/ws:2025-03-31': 9_000,
      // Its deposit cell would stay until 2025-07-31; the receivable's earlier expiry files it.
      'x2025-05-31/d:2025-04-07|ACQ1|': 9_000,
      'x2025-05-31/qf:ACQ1': 10_000,
      'x2025-05-31/qs:ACQ1': 9_000,
      'x2025-05-31/qu:ACQ1': 1_000,
    });
  });

  it('moves the cells to the later bucket when a later write pushes the expiry', () => {
    // Written 2025-05-01: + 32 days is 2025-06-02, so the next month's bucket.
    const settled = stored([settlement(key, 'd2', 1_000, '2025-04-30')], '2025-05-01', paid);
    expect(expiryDateOf(settled, config)).toBe('2025-06-30');
    const delta = deltaOf(paid, settled, config);
    expect(addCells({ ...cellsOf(paid, config) }, delta)).toEqual(cellsOf(settled, config));
    expect(Object.keys(delta).filter((name) => parseExpiring(name).expiry === '2025-05-31')).toHaveLength(10); // n f s a wf ws d and the acquirer's qf qs qu
    expect(delta['x2025-06-30/n:SETTLED']).toBe(1);
  });

  it('leaves a bucket out of the book from its expiry day on, and names it for removal', () => {
    const cells = addCells({ ...cellsOf(paid, config) }, { 'un:2025-06-01': 1, 'uf:2025-06-01': 500 });
    expect(isExpired('2025-05-31', '2025-05-30')).toBe(false);
    expect(isExpired('2025-05-31', '2025-05-31')).toBe(true);
    expect(isExpired(undefined, '2099-01-01')).toBe(false);
    expect(liveCells(cells, '2025-05-30')).toMatchObject({ 'n:UNDERPAID': 1, 'un:2025-06-01': 1 });
    expect(unexpired(cells, '2025-05-30')).toEqual(cells);
    expect(expiredNames(cells, '2025-05-30')).toEqual([]);
    expect(liveCells(cells, '2025-05-31')).toEqual({ 'un:2025-06-01': 1, 'uf:2025-06-01': 500 });
    expect(unexpired(cells, '2025-05-31')).toEqual({ 'un:2025-06-01': 1, 'uf:2025-06-01': 500 });
    expect(expiredNames(cells, '2025-05-31')).toHaveLength(10); // n f s a wf ws d and the acquirer's qf qs qu
  });
});

describe('the book read from bucketed cells', () => {
  /**
   * The portfolio written on 2025-03-30, every other paid one written again on 2025-04-30 (so their
   * expiries fall in two months); unpaid ones aged nightly until `asOf` (they never expire).
   */
  function book(asOf: string): Receivable[] {
    const groups = new Map<string, CanonicalRecord[]>();
    for (const record of portfolio(60)) {
      const k = matchKeyOf(record, config);
      if (k === null || (record.recordType !== 'A1' && record.recordType !== 'D1')) continue;
      groups.set(k, [...(groups.get(k) ?? []), record]);
    }
    return [...groups.values()].map((records, i) => {
      const r = stored(records, '2025-03-30');
      if (r.settlements.length === 0) return stored([], asOf, r);
      return i % 2 === 0 ? r : stored([], '2025-04-30', r);
    });
  }

  // Payments fall 2025-04-01..2025-04-22, so the paid ones expire 2025-05-31 or (written again
  // 2025-04-30) 2025-06-30: nothing expired, some expired, every paid one expired.
  it.each(['2025-04-30', '2025-06-10', '2025-07-31'])(
    'equals the book of the receivables not expired, as of %s',
    (asOf) => {
      const receivables = book(asOf);
      const live = receivables.filter((r) => !isExpired(expiryDateOf(r, config), asOf));
      const views = live.map((r) => ({ ...toReceivableView(r, asOf, config), capped: r.capped }));
      const reference = bookFromReceivables(views, asOf);
      const largest = Object.fromEntries(buildAttention(views).map((c) => [c.state, c.largest]));
      const cells = sum(receivables);
      expect(bookFromCells(cells, asOf, config, largest)).toEqual(reference);
      // The same book once the expired buckets are dropped and the expired receivables deleted.
      expect(unexpired(cells, asOf)).toEqual(sum(live));
      expect(reference.receivables.total.count).toBeGreaterThan(0);
    },
  );

  it('expires some receivables but not others on the middle date, and aging still sees OPEN dates', () => {
    const receivables = book('2025-06-10');
    const expired = receivables.filter((r) => isExpired(expiryDateOf(r, config), '2025-06-10'));
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.length).toBeLessThan(receivables.filter((r) => r.settlements.length > 0).length);
    expect(openDatesPastGrace(sum(book('2025-03-30')), '2025-04-05', 3)).toEqual(['2025-04-01']);
  });
});
