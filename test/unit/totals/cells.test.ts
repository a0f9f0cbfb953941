import { describe, expect, it } from 'vitest';
import { buildAttention } from '../../../lambdas/core/book/attention';
import { bookFromCells, openDatesPastGrace } from '../../../lambdas/core/book/book';
import { addCells, cellsOf, deltaOf } from '../../../lambdas/core/book/cells';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { applyRecords, matchKeyOf } from '../../../lambdas/core/receivables/matcher';
import { explain } from '../../../lambdas/core/receivables/status';
import { toReceivableView } from '../../../lambdas/core/receivables/view';
import { bookFromReceivables } from '../../../lambdas/core/report/compute';
import {
  canonical,
  forecast,
  portfolio,
  reconConfig,
  saleKey,
  settlement,
} from '../../support/recon-records';

/** Receivables kept forever: plain cells (filing under expiry dates: expiry.test.ts). */
const config = reconConfig({ graceDays: 3, maxContributions: 3, hotHorizonDays: null });

/** Records applied and stamped as the writer stamps them on `asOf`. */
function stored(records: readonly CanonicalRecord[], asOf: string, before?: Receivable): Receivable {
  const { receivable } = applyRecords(before, records, config);
  if (!receivable) throw new Error('no receivable');
  const { status, reason } = explain(receivable, asOf, config);
  const version = (before?.version ?? 0) + 1;
  return { ...receivable, status, reason, version, changedOn: asOf, updatedAt: `${asOf}T00:00:00Z` };
}

/** The aging sweep's write: same content, status derived on `asOf`. */
const aged = (r: Receivable, asOf: string): Receivable => stored([], asOf, r);

describe('a receivable write as a delta of the totals', () => {
  const key = saleKey(1);
  const due = '2025-04-02'; // a Wednesday: week of 2025-03-31
  const open = stored([forecast(key, 'a1', 10_000, due)], '2025-03-30');

  it('a new forecast counts as unpaid on its due date, in its week, and stored OPEN', () => {
    expect(open.status).toBe('OPEN');
    expect(deltaOf(undefined, open, config)).toEqual({
      [`un:${due}`]: 1,
      [`uf:${due}`]: 10_000,
      [`ua:${due}`]: 10_000,
      'wf:2025-03-31': 10_000,
      [`o:${due}`]: 1,
      // Its acquirer's share: expected, and unpaid on its due date (late or not is read on the day).
      'qf:ACQ1': 10_000,
      [`ql:${due}|ACQ1`]: 10_000,
    });
  });

  it('aging OPEN into OVERDUE moves only the stored-OPEN count: the state is read by date', () => {
    const overdue = aged(open, '2025-04-06');
    expect(overdue.status).toBe('OVERDUE');
    expect(deltaOf(open, overdue, config)).toEqual({ [`o:${due}`]: -1 });
  });

  it('a short payment moves the receivable from unpaid to UNDERPAID, whatever it was stored as', () => {
    const overdue = aged(open, '2025-04-06');
    const short = stored([settlement(key, 'd1', 9_000, '2025-04-07')], '2025-04-07', overdue);
    expect(short.status).toBe('UNDERPAID');
    expect(deltaOf(overdue, short, config)).toEqual({
      [`un:${due}`]: -1,
      [`uf:${due}`]: -10_000,
      [`ua:${due}`]: -10_000,
      'n:UNDERPAID': 1,
      'f:UNDERPAID': 10_000,
      's:UNDERPAID': 9_000,
      'a:UNDERPAID': 1_000,
      'ws:2025-03-31': 9_000,
      // Expected at ACQ1's deposit of its payment date, without account (the record names none).
      'x2025-07-31/d:2025-04-07|ACQ1|': 9_000,
      [`ql:${due}|ACQ1`]: -10_000,
      'qs:ACQ1': 9_000,
      'qu:ACQ1': 1_000,
    });
    // The rest paid later: UNDERPAID becomes SETTLED (partial payments), money moves state to state.
    const settled = stored([settlement(key, 'd2', 1_000, '2025-04-08')], '2025-04-08', short);
    expect(settled.status).toBe('SETTLED');
    expect(deltaOf(short, settled, config)).toEqual({
      'n:UNDERPAID': -1,
      'f:UNDERPAID': -10_000,
      's:UNDERPAID': -9_000,
      'a:UNDERPAID': -1_000,
      'n:SETTLED': 1,
      'f:SETTLED': 10_000,
      's:SETTLED': 10_000,
      'ws:2025-03-31': 1_000,
      'x2025-07-31/d:2025-04-08|ACQ1|': 1_000,
      'qs:ACQ1': 1_000,
      'qu:ACQ1': -1_000,
    });
  });

  it('a refused record flags the receivable capped: counted with its money at stake', () => {
    const two = stored([settlement(key, 'd1', 4_000), settlement(key, 'd2', 4_000)], '2025-04-03', open);
    const capped = stored([settlement(key, 'd3', 2_000)], '2025-04-03', two);
    expect([two.capped, capped.capped]).toEqual([false, true]);
    expect(deltaOf(two, capped, config)).toEqual({ 'cn:': 1, 'ca:': 2_000 });
  });

  it('a write that changes nothing in the totals has an empty delta, and deltas add up', () => {
    expect(deltaOf(open, { ...open, version: 2, updatedAt: 'later' }, config)).toEqual({});
    const overdue = aged(open, '2025-04-06');
    const sum = addCells(addCells({}, deltaOf(undefined, open, config)), deltaOf(open, overdue, config));
    expect(sum).toEqual(cellsOf(overdue, config));
  });
});

describe('the book read from summed cells', () => {
  /** The portfolio's receivables, written on 2025-03-30 and aged nightly until `asOf`. */
  function book(asOf: string): Receivable[] {
    const groups = new Map<string, CanonicalRecord[]>();
    for (const record of portfolio(60)) {
      const k = matchKeyOf(record, config);
      if (k === null || (record.recordType !== 'A1' && record.recordType !== 'D1')) continue;
      groups.set(k, [...(groups.get(k) ?? []), record]);
    }
    return [...groups.values()].map((records) => aged(stored(records, '2025-03-30'), asOf));
  }

  it.each(['2025-03-30', '2025-04-06', '2025-06-30'])(
    'equals the book computed from every receivable, as of %s',
    (asOf) => {
      const receivables = book(asOf);
      const views = receivables.map((r) => ({ ...toReceivableView(r, asOf, config), capped: r.capped }));
      const reference = bookFromReceivables(views, asOf);
      const cells = receivables.reduce((sum, r) => addCells(sum, cellsOf(r, config)), {});
      const largest = Object.fromEntries(buildAttention(views).map((c) => [c.state, c.largest]));
      expect(bookFromCells(cells, asOf, config, largest)).toEqual(reference);
      expect(reference.agingBuckets.reduce((n, b) => n + b.count, 0)).toBeGreaterThan(0);
    },
  );

  it('names the due dates aging must visit: stored OPEN and past grace, nothing else', () => {
    const receivables = book('2025-03-30');
    const cells = receivables.reduce((sum, r) => addCells(sum, cellsOf(r, config)), {});
    expect(openDatesPastGrace(cells, '2025-04-04', 3)).toEqual([]);
    expect(openDatesPastGrace(cells, '2025-04-05', 3)).toEqual(['2025-04-01']);
    const afterSweep = book('2025-04-05').reduce((sum, r) => addCells(sum, cellsOf(r, config)), {});
    expect(openDatesPastGrace(afterSweep, '2025-04-05', 3)).toEqual([]);
    expect(openDatesPastGrace(afterSweep, '2025-04-06', 3)).toEqual(['2025-04-02']);
  });
});

describe('a receivable settled by lifecycle records alone', () => {
  it('counts under its derived state, not as unpaid by due date (a cancelled sale is never late)', () => {
    const roles = reconConfig({ hotHorizonDays: null, recordRoles: { A2: 'CANCELLATION' } });
    const key = saleKey(2);
    const records = [
      forecast(key, 'a1', 10_000),
      canonical({ type: 'A2', key, hash: 'a2', netCents: 10_000 }),
    ];
    const { receivable } = applyRecords(undefined, records, roles);
    if (!receivable) throw new Error('no receivable');
    const { status, reason } = explain(receivable, '2025-05-01', roles);
    expect([status, reason]).toEqual(['CANCELLED', 'CANCELLED_BEFORE_PAYMENT']);
    const written = { ...receivable, status, reason, version: 1, changedOn: '2025-05-01', updatedAt: '' };
    const cells = cellsOf(written, roles);
    expect(cells).toMatchObject({ 'n:CANCELLED': 1, 'f:CANCELLED': 10_000 });
    expect(Object.keys(cells).some((name) => name.startsWith('u'))).toBe(false);
  });
});
