/**
 * The book's lifecycle figures kept as totals cells (`lc` `lk` `lv`) and the new states' money equal
 * the same figures computed from every receivable, and chargebacks and unlinked records reach the
 * action list with their amount and date.
 */
import { describe, expect, it } from 'vitest';
import { bookFromCells } from '../../../lambdas/core/book/book';
import { addCells, cellsOf } from '../../../lambdas/core/book/cells';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { applyRecords } from '../../../lambdas/core/receivables/matcher';
import { explain } from '../../../lambdas/core/receivables/status';
import { toReceivableView } from '../../../lambdas/core/receivables/view';
import { bookFromReceivables } from '../../../lambdas/core/report/compute';
import {
  canonical,
  forecast,
  reconConfig,
  type SaleKey,
  saleKey,
  settlement,
} from '../../support/recon-records';

const config = reconConfig({
  graceDays: 3,
  hotHorizonDays: null,
  recordRoles: { A2: 'CANCELLATION', E1: 'CHARGEBACK', F1: 'ADVANCE' },
});
const AS_OF = '2025-05-02';

function stored(records: readonly CanonicalRecord[]): Receivable {
  const { receivable } = applyRecords(undefined, records, config);
  if (!receivable) throw new Error('no receivable');
  const { status, reason } = explain(receivable, AS_OF, config);
  return { ...receivable, status, reason, version: 1, changedOn: AS_OF, updatedAt: `${AS_OF}T00:00:00Z` };
}

const k = [1, 2, 3, 4, 5, 6].map((n) => saleKey(n)) as [SaleKey, SaleKey, SaleKey, SaleKey, SaleKey, SaleKey];
const book = [
  // Paid, then charged back on 10/04.
  stored([
    forecast(k[0], 'f0', 10_000),
    settlement(k[0], 'p0', 10_000),
    canonical({ type: 'E1', key: k[0], hash: 'c0', netCents: 10_000, paymentDate: '2025-04-10' }),
  ]),
  // A smaller chargeback, later.
  stored([
    forecast(k[1], 'f1', 3_000),
    settlement(k[1], 'p1', 3_000),
    canonical({ type: 'E1', key: k[1], hash: 'c1', netCents: 3_000, paymentDate: '2025-04-20' }),
  ]),
  // Cancelled in full before payment; cancelled in part, the rest paid.
  stored([forecast(k[2], 'f2', 5_000), canonical({ type: 'A2', key: k[2], hash: 'x2', netCents: 5_000 })]),
  stored([
    forecast(k[3], 'f3', 8_000),
    canonical({ type: 'A2', key: k[3], hash: 'x3', netCents: 2_000 }),
    settlement(k[3], 'p3', 6_000),
  ]),
  // Advanced: 9.800 paid early, 200 of fee.
  stored([
    forecast(k[4], 'f4', 10_000),
    {
      ...canonical({ type: 'F1', key: k[4], hash: 'v4', netCents: 9_800, paymentDate: '2025-03-20' }),
      feeCents: 200,
    },
  ]),
  // A chargeback whose sale recon never saw.
  stored([canonical({ type: 'E1', key: k[5], hash: 'c5', netCents: 700, paymentDate: '2025-04-15' })]),
];

describe('lifecycle figures of the book', () => {
  const views = book.map((r) => toReceivableView(r, AS_OF, config));

  it('are the states the lifecycle derives', () => {
    expect(views.map((v) => v.status)).toEqual([
      'CHARGED_BACK',
      'CHARGED_BACK',
      'CANCELLED',
      'SETTLED',
      'ADVANCED',
      'CHARGED_BACK',
    ]);
  });

  it('sum cancellations, chargebacks and advance fees, the same from every receivable and from the kept cells', () => {
    const reference = bookFromReceivables(views, AS_OF);
    expect(reference.lifecycle).toEqual({
      cancelledNetCents: 7_000,
      chargedBackNetCents: 13_700,
      advanceFeeCents: 200,
    });
    const cells = book.reduce((sum, r) => addCells(sum, cellsOf(r, config)), {});
    const kept = bookFromCells(cells, AS_OF, config, {});
    expect(kept.lifecycle).toEqual(reference.lifecycle);
    for (const state of ['CANCELLED', 'ADVANCED', 'CHARGED_BACK', 'UNLINKED', 'SETTLED']) {
      expect(kept.receivables.byStatus[state]).toEqual(reference.receivables.byStatus[state]);
    }
    expect(reference.receivables.byStatus.ADVANCED).toMatchObject({ count: 1, settledNetCents: 9_800 });
    expect(kept.receivables.total).toEqual(reference.receivables.total);
    expect(kept.attention.map((c) => [c.state, c.count, c.amountCents])).toEqual(
      reference.attention.map((c) => [c.state, c.count, c.amountCents]),
    );
  });

  it('lists chargebacks largest first, with their amount and date, a sale recon never saw included', () => {
    const { attention } = bookFromReceivables(views, AS_OF);
    const chargebacks = attention.find((c) => c.state === 'CHARGED_BACK');
    expect(chargebacks).toMatchObject({ count: 3, amountCents: 13_700 });
    expect(
      chargebacks?.largest.map((i) => [i.nsu, i.chargedBackNetCents, i.chargebackDate, i.differenceCents]),
    ).toEqual([
      [k[0].nsu, 10_000, '2025-04-10', -10_000],
      [k[1].nsu, 3_000, '2025-04-20', -3_000],
      [k[5].nsu, 700, '2025-04-15', -700],
    ]);
    expect(attention.find((c) => c.state === 'UNLINKED')).toMatchObject({ count: 0, amountCents: 0 });
  });

  it('count a late receivable cancelled in part by what is still owed, in the card and per acquirer alike', () => {
    const key = saleKey(7);
    const late = stored([
      forecast(key, 'f7', 8_000),
      canonical({ type: 'A2', key, hash: 'x7', netCents: 2_000 }),
    ]);
    const view = toReceivableView(late, AS_OF, config);
    expect(view).toMatchObject({ status: 'OVERDUE', differenceCents: -6_000 });
    const reference = bookFromReceivables([view], AS_OF);
    const kept = bookFromCells(cellsOf(late, config), AS_OF, config, {});
    const overdue = (b: typeof kept) => b.attention.find((c) => c.state === 'OVERDUE')?.amountCents;
    expect(overdue(reference)).toBe(6_000);
    expect(overdue(kept)).toBe(6_000);
    expect(kept.byAcquirer?.[key.acquirer]?.lateCents).toBe(6_000);
    expect(kept.byAcquirer).toEqual(reference.byAcquirer);
  });
});
