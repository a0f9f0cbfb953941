/**
 * One receivable's money counted once across roles and reports (docs/lifecycle.md, "Counted once"):
 * an installment advanced and paid, a lifecycle record restated by a later report, twins one of which
 * a later report corrects, and a chargeback on a sale recon never saw. Every order gives one answer.
 */
import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../../lambdas/core/calendar';
import type { CanonicalRecord, RecordCode } from '../../../lambdas/core/ingest/records/canonical';
import {
  applyRecords,
  pruneContent,
  type ReceivableContent,
} from '../../../lambdas/core/receivables/matcher';
import { explain } from '../../../lambdas/core/receivables/status';
import { canonical, type RecordSpec, reconConfig, saleKey } from '../../support/recon-records';

const config = reconConfig({
  recordRoles: { E1: { column: 'TIPO', values: { '8': 'CHARGEBACK' } }, F1: 'ADVANCE' },
});
const key = saleKey(31);
const asOf = '2025-05-20';

type Where = NonNullable<RecordSpec['at']>;
const R1: Where = { generatedOn: '2025-04-02', reportId: 'R1' };
const R2: Where = { generatedOn: '2025-04-09', reportId: 'R2' };

function rec(type: RecordCode, hash: string, netCents: number, at: Where, more: Partial<RecordSpec> = {}) {
  const record = canonical({ type, key, hash, netCents, paymentDate: '2025-04-01', at, ...more });
  return type === 'E1' ? { ...record, extra: { TIPO: '08' } } : record;
}

/** The explanation after each page is applied as one batch, the same in every page order tried. */
function explained(records: readonly CanonicalRecord[]) {
  const pages = new Map<string, CanonicalRecord[]>();
  for (const r of records) {
    const page = `${r.source.generatedOn}|${r.source.reportId}|${r.source.page}`;
    pages.set(page, [...(pages.get(page) ?? []), r]);
  }
  const apply = (batches: readonly CanonicalRecord[][]) => {
    let content: ReceivableContent | undefined;
    for (const batch of batches) content = applyRecords(content, batch, config).receivable;
    return explain(content as ReceivableContent, asOf, config);
  };
  const batches = [...pages.values()];
  const forward = apply(batches);
  expect(apply([...batches].reverse())).toEqual(forward);
  expect(apply([...batches, ...batches])).toEqual(forward);
  return forward;
}

describe('counted once', () => {
  it('an installment advanced in full and paid again on its due date: the advance counts, flagged', () => {
    const advance = { ...rec('F1', 'v', 9_461, R1, { paymentDate: '2025-03-10' }), feeCents: 239 };
    expect(explained([rec('A1', 'f', 9_700, R1), advance, rec('D1', 'd', 9_700, R2)])).toMatchObject({
      status: 'ADVANCED',
      reason: 'ADVANCE_AND_PAYMENT',
      settledNetCents: 9_461,
      advanceFeeCents: 239,
      differenceCents: 0,
    });
  });

  it('a partial advance and the payment of the rest both count', () => {
    const advance = { ...rec('F1', 'v', 3_900, R1, { paymentDate: '2025-03-10' }), feeCents: 100 };
    expect(explained([rec('A1', 'f', 10_000, R1), advance, rec('D1', 'd', 6_000, R2)])).toMatchObject({
      status: 'ADVANCED',
      reason: 'ADVANCE',
      settledNetCents: 9_900,
    });
  });

  it('a chargeback restated by a later report supersedes the first, flagged, never summed', () => {
    const records = [
      rec('A1', 'f', 9_000, R1),
      rec('D1', 'd', 9_000, R1),
      rec('E1', 'k60', 6_000, R1, { paymentDate: '2025-04-10' }),
      rec('E1', 'k100', 10_000, R2, { paymentDate: '2025-04-10' }),
    ];
    expect(explained(records)).toMatchObject({
      status: 'CHARGED_BACK',
      reason: 'POSSIBLE_CORRECTION',
      chargedBackNetCents: 10_000,
      receivedNetCents: -1_000,
    });
  });

  it('twin payments one of which a later report corrects: the later report’s statement, flagged', () => {
    const twin = (line: number) => rec('D1', 'd35', 3_500, { ...R1, line });
    // The sale's forecast was restated too: 35,00 + 36,00.
    const records = [
      rec('A1', 'f', 7_100, R2),
      twin(0),
      twin(1),
      rec('D1', 'd35', 3_500, { ...R2, line: 0 }),
      rec('D1', 'd36', 3_600, { ...R2, line: 1 }),
    ];
    expect(explained(records)).toMatchObject({
      status: 'SETTLED',
      reason: 'POSSIBLE_CORRECTION',
      settledNetCents: 7_100,
      settlementCount: 2,
    });
  });

  it('keeps that answer once the older reports’ page counts have aged out', () => {
    const twins = [0, 1].map((line) => rec('D1', 'd35', 3_500, { ...R1, line }));
    const corrected = [
      rec('D1', 'd35', 3_500, { ...R2, line: 0 }),
      rec('D1', 'd36', 3_600, { ...R2, line: 1 }),
    ];
    const first = applyRecords(undefined, [rec('A1', 'f', 7_100, R2), ...twins], config).receivable;
    const content = applyRecords(first, corrected, config).receivable as ReceivableContent;
    for (const day of ['2025-06-01', '2026-01-01'] as const) {
      expect(explain(pruneContent(content, day), asOf, config)).toEqual(explain(content, asOf, config));
    }
  });

  it('twins re-delivered whole by a later report stay two payments, unflagged', () => {
    const twin = (at: Where, line: number) => rec('D1', 'd35', 3_500, { ...at, line });
    expect(
      explained([rec('A1', 'f', 7_000, R1), twin(R1, 0), twin(R1, 1), twin(R2, 0), twin(R2, 1)]),
    ).toMatchObject({
      status: 'SETTLED',
      reason: 'PARTIAL_PAYMENTS',
      settledNetCents: 7_000,
    });
  });

  it('a chargeback on a sale recon never saw is CHARGED_BACK with the amount taken back at stake', () => {
    const paidThenTaken = [
      rec('D1', 'd', 10_000, R1),
      rec('E1', 'k', 10_000, R2, { paymentDate: '2025-04-10' }),
    ];
    expect(explained(paidThenTaken)).toMatchObject({
      status: 'CHARGED_BACK',
      reason: 'CHARGEBACK_WITHOUT_SALE',
      chargedBackNetCents: 10_000,
      differenceCents: -10_000,
      lastChargebackDate: '2025-04-10' as IsoDate,
    });
    const takenOnly = [rec('E1', 'k', 700, R2, { paymentDate: '2025-04-10' })];
    expect(explained([...takenOnly, ...takenOnly])).toMatchObject({
      status: 'CHARGED_BACK',
      differenceCents: -700,
    });
  });
});
