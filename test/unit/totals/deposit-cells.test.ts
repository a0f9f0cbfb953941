/**
 * A receivable's expected-deposit cells (book/deposit-cells.ts): what each of its records adds to the
 * deposit of its payment date and bank account, kept as totals cells so writes add deltas.
 */
import { describe, expect, it } from 'vitest';
import { cellsOf, deltaOf, parseCell, parseExpiring } from '../../../lambdas/core/book/cells';
import { depositCells, depositPlaceOf, isDepositKind } from '../../../lambdas/core/book/deposit-cells';
import type { IsoDate } from '../../../lambdas/core/calendar';
import type { CanonicalRecord, RecordCode } from '../../../lambdas/core/ingest/records/canonical';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { applyRecords } from '../../../lambdas/core/receivables/matcher';
import { explain } from '../../../lambdas/core/receivables/status';
import { canonical, type RecordSpec, reconConfig, saleKey } from '../../support/recon-records';

const ROLES = { E1: 'CHARGEBACK', A2: 'CHARGEBACK_REVERSAL', A3: 'ADJUSTMENT', F1: 'ADVANCE' } as const;
const config = reconConfig({ hotHorizonDays: null, recordRoles: ROLES });
const key = saleKey(1); // acquirer ACQ1
const ITAU = { code: '341', branch: '0001', account: '12345-6' };
const BB = { code: '001', branch: '2', account: '777' };

const rec = (
  type: RecordCode,
  hash: string,
  netCents: number,
  paymentDate: IsoDate,
  extra?: Partial<RecordSpec>,
) => canonical({ type, key, hash, netCents, paymentDate, ...extra });

function stored(records: readonly CanonicalRecord[], before?: Receivable, cfg = config): Receivable {
  const { receivable } = applyRecords(before, records, cfg);
  if (!receivable) throw new Error('no receivable');
  const asOf = '2025-04-20';
  const { status, reason } = explain(receivable, asOf, cfg);
  return { ...receivable, status, reason, version: 1, changedOn: asOf, updatedAt: `${asOf}T00:00:00Z` };
}

/** Only the deposit cells of cellsOf, by plain name (their expiry checked apart). */
function deposits(cells: Readonly<Record<string, number>>) {
  return Object.fromEntries(
    Object.entries(cells)
      .map(([name, value]) => [parseExpiring(name).name, value] as const)
      .filter(([name]) => isDepositKind(parseCell(name).kind)),
  );
}

const a1 = rec('A1', 'a1', 10_000, null as unknown as IsoDate, { dueDate: '2025-04-01' });

describe('expected-deposit cells of a receivable', () => {
  it('puts a payment on its date and account, and an advance net of its fee on its own', () => {
    const r = stored([
      a1,
      rec('D1', 'd1', 6_000, '2025-04-01', { bank: ITAU }),
      rec('F1', 'f1', 3_900, '2025-03-20', { bank: BB, feeCents: 100 }),
    ]);
    expect(deposits(cellsOf(r, config))).toEqual({
      'd:2025-04-01|ACQ1|341/1/123456': 6_000,
      'd:2025-03-20|ACQ1|1/2/777': 3_900,
    });
  });

  it('deducts a chargeback on its own date, from the payment account, whether it came before or after', () => {
    const chargeback = rec('E1', 'e1', 2_500, '2025-04-10');
    const paid = stored([a1, rec('D1', 'd1', 10_000, '2025-04-01', { bank: ITAU })]);
    const after = stored([chargeback], paid);
    const before = stored([chargeback]);
    const expected = { 'd:2025-04-01|ACQ1|341/1/123456': 10_000, 'dk:2025-04-10|ACQ1|341/1/123456': 2_500 };
    expect(deposits(cellsOf(after, config))).toEqual(expected);
    // Alone, the chargeback has no payment to take the account from: "without account".
    expect(deposits(cellsOf(before, config))).toEqual({ 'dk:2025-04-10|ACQ1|': 2_500 });
    // Once its payment arrives, the write's delta moves it onto the payment's account.
    const joined = stored([a1, rec('D1', 'd1', 10_000, '2025-04-01', { bank: ITAU })], before);
    expect(deposits(deltaOf(before, joined, config))).toEqual({ ...expected, 'dk:2025-04-10|ACQ1|': -2_500 });
    expect(deposits(cellsOf(joined, config))).toEqual(expected);
  });

  it('adds reversals back on their own account when they name one; a linked adjustment is in its payment already', () => {
    const r = stored([
      a1,
      rec('D1', 'd1', 10_000, '2025-04-01', { bank: ITAU }),
      rec('D1', 'd2', 5_000, '2025-04-03', { bank: BB }),
      rec('E1', 'e1', 2_500, '2025-04-10'),
      rec('A2', 'r1', 2_500, '2025-04-15', { bank: ITAU }),
      rec('A3', 'j1', -300, '2025-04-10'),
    ]);
    expect(deposits(cellsOf(r, config))).toEqual({
      'd:2025-04-01|ACQ1|341/1/123456': 10_000,
      'd:2025-04-03|ACQ1|1/2/777': 5_000,
      // The latest payment's account (2025-04-03) takes what names none; the adjustment adds nothing.
      'dk:2025-04-10|ACQ1|1/2/777': 2_500,
      'dk:2025-04-15|ACQ1|341/1/123456': -2_500,
    });
  });

  it('leaves out roles the acquirer does not deduct from its deposits', () => {
    const cfg = reconConfig({
      hotHorizonDays: null,
      recordRoles: ROLES,
      deposits: { deductedRoles: ['FEE'] },
    });
    const r = stored(
      [a1, rec('D1', 'd1', 10_000, '2025-04-01'), rec('E1', 'e1', 2_500, '2025-04-10')],
      undefined,
      cfg,
    );
    expect(deposits(cellsOf(r, cfg))).toEqual({ 'd:2025-04-01|ACQ1|': 10_000 });
  });

  it('groups by brand and merchant when asked, values holding the separator read back as they were', () => {
    const cfg = reconConfig({ hotHorizonDays: null, deposits: { groupBy: ['brand', 'merchant'] } });
    const r = stored([rec('D1', 'd1', 10_000, '2025-04-01', { brand: 'MASTER|CARD%' })], undefined, cfg);
    const [name] = Object.keys(depositCells(r, cfg));
    expect(depositPlaceOf(parseCell(name as string).bucket)).toEqual({
      paymentDate: '2025-04-01',
      acquirer: 'ACQ1',
      bankAccount: '',
      group: `MASTER|CARD%|${key.merchant}`,
      groupValues: ['MASTER|CARD%', key.merchant],
    });
  });

  it('files deposit cells under their own expiry, a few months after the payment date', () => {
    const r = stored([a1, rec('D1', 'd1', 10_000, '2025-04-01', { bank: ITAU })]);
    const filed = Object.keys(cellsOf(r, config)).filter(
      (n) => parseCell(parseExpiring(n).name).kind === 'd',
    );
    // 2025-04-01 + 92 days = 2025-07-02, rounded up to the month's end; the receivable itself stays.
    expect(filed).toEqual(['x2025-07-31/d:2025-04-01|ACQ1|341/1/123456']);
  });

  it('adds nothing for a forecast alone, and drops a place whose amounts cancel out (a reversed chargeback)', () => {
    expect(deposits(cellsOf(stored([a1]), config))).toEqual({});
    const r = stored([rec('E1', 'e1', 2_500, '2025-04-10'), rec('A2', 'r1', 2_500, '2025-04-10')]);
    expect(deposits(cellsOf(r, config))).toEqual({});
  });
});
