import { describe, expect, it } from 'vitest';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { applyRecords, type ReceivableContent } from '../../../lambdas/core/receivables/matcher';
import { explain } from '../../../lambdas/core/receivables/status';
import { canonical, forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const key = saleKey(7);
const asOf = '2025-04-20';
const ruled = reconConfig({
  recordRoles: {
    E1: { column: 'TIPO', values: { '8': 'CHARGEBACK', '9': 'CHARGEBACK_REVERSAL' }, default: 'ADJUSTMENT' },
  },
  recordSign: { columns: ['SINAL'] },
});
const adjustmentOnly = reconConfig({ recordRoles: { E1: 'ADJUSTMENT' } });

/** One E1 record; the identity is what the provider sent (`hash`), whatever the configuration reads. */
function e1(hash: string, netCents: number, extra: Record<string, unknown>, reportId = '1', page = 1) {
  return {
    ...canonical({ type: 'E1', key, hash, netCents, paymentDate: '2025-04-05', at: { reportId, page } }),
    extra,
  };
}

function apply(
  current: ReceivableContent | undefined,
  records: readonly CanonicalRecord[],
  config = ruled,
): ReceivableContent {
  const { receivable } = applyRecords(current, records, config);
  if (!receivable) throw new Error('no receivable');
  return receivable;
}

const paid = [forecast(key, 'f', 10_000), settlement(key, 's', 10_000)];

describe('a change of configuration followed by a re-run', () => {
  it('re-reads an adjustment with the sign the new setting gives, never keeping the old reading beside it', () => {
    const before = apply(undefined, [...paid, e1('j', 500, { SINAL: 'D' })], adjustmentOnly);
    expect(explain(before, asOf, adjustmentOnly).adjustmentNetCents).toBe(500);
    const rerun = apply(before, [e1('j', 500, { SINAL: 'D' }, '2')]);
    expect(rerun.events).toHaveLength(1);
    expect(explain(rerun, asOf, ruled)).toMatchObject({ adjustmentNetCents: -500, expectedNetCents: 9_500 });
  });

  it('moves an adjustment to the chargeback a column rule now names, counted once', () => {
    const before = apply(undefined, [...paid, e1('k', -10_000, { TIPO: '08' })], adjustmentOnly);
    expect(explain(before, asOf, adjustmentOnly).adjustmentNetCents).toBe(-10_000);
    const rerun = apply(before, [e1('k', -10_000, { TIPO: '08' }, '2')]);
    expect(rerun.events?.map((e) => e.role)).toEqual(['CHARGEBACK']);
    expect(explain(rerun, asOf, ruled)).toMatchObject({
      status: 'CHARGED_BACK',
      chargedBackNetCents: 10_000,
      adjustmentNetCents: 0,
    });
  });

  it('replaces a contribution stored under the identity an earlier version gave the record', () => {
    const stored = apply(undefined, [...paid, e1('former-k', -10_000, { TIPO: '08' })]);
    const record = { ...e1('k', -10_000, { TIPO: '08' }, '2'), formerHash: 'former-k' };
    const rerun = apply(stored, [record]);
    expect(rerun.events?.map((e) => e.hash)).toEqual(['k']);
    expect(explain(rerun, asOf, ruled).chargedBackNetCents).toBe(10_000);
  });
});

describe('records of one identity that the configuration reads two ways in one report', () => {
  const chargeback = (page = 1) => e1('x', 10_000, { TIPO: '08' }, '1', page);
  const reversal = (page = 1) => e1('x', 10_000, { TIPO: '09' }, '1', page);

  it('are a chargeback and its reversal, in one batch or across pages in either order', () => {
    const together = apply(undefined, [...paid, chargeback(), reversal()]);
    const pagesInOrder = apply(apply(undefined, [...paid, chargeback(1)]), [reversal(2)]);
    const pagesReversed = apply(apply(undefined, [...paid, reversal(2)]), [chargeback(1)]);
    for (const content of [together, pagesInOrder, pagesReversed]) {
      expect(content.events?.map((e) => e.role).sort()).toEqual(['CHARGEBACK', 'CHARGEBACK_REVERSAL']);
      expect(explain(content, asOf, ruled)).toMatchObject({ status: 'SETTLED', chargedBackNetCents: 0 });
    }
    // Re-reading either page again changes nothing.
    expect(apply(pagesInOrder, [chargeback(1), reversal(2)])).toBe(pagesInOrder);
    expect(apply(together, [chargeback(), reversal()])).toBe(together);
  });
});

describe('a record whose role no longer links it to the receivable', () => {
  const ignoringE1 = reconConfig({ recordRoles: { E1: 'IGNORE' } });
  /** Chargebacks and reversals by the column; any other E1 code reads as nothing. */
  const namedOnly = reconConfig({
    recordRoles: { E1: { column: 'TIPO', values: { '8': 'CHARGEBACK', '9': 'CHARGEBACK_REVERSAL' } } },
  });
  const chargedBack = () => apply(undefined, [...paid, e1('k', 10_000, { TIPO: '08' })]);

  it('takes its reading from another report out of the receivable', () => {
    const rerun = apply(chargedBack(), [e1('k', 10_000, { TIPO: '08' }, '2')], ignoringE1);
    expect(rerun.events ?? []).toEqual([]);
    expect(explain(rerun, asOf, ignoringE1)).toMatchObject({ status: 'SETTLED', chargedBackNetCents: 0 });
  });

  it('leaves a reading of its own report alone: there it is another record of the same identity', () => {
    // A code the rule does not name (10), beside a chargeback of the same amount and day, in report 1.
    const other = apply(chargedBack(), [e1('k', 10_000, { TIPO: '10' }, '1', 2)], namedOnly);
    expect(other.events?.map((e) => e.role)).toEqual(['CHARGEBACK']);
  });

  it('keeps the reading a linked record of the same batch holds, with the reports it was seen in', () => {
    const batch = [e1('k', 10_000, { TIPO: '08' }, '2'), e1('k', 10_000, { TIPO: '10' }, '2', 2)];
    const rerun = apply(chargedBack(), batch, namedOnly);
    expect(rerun.events?.map((e) => e.role)).toEqual(['CHARGEBACK']);
    // Still the record report 1 brought first (what the correction rule reads), not a new one.
    expect(rerun.events?.[0]?.occurrences.firstReport).toBe(
      chargedBack().events?.[0]?.occurrences.firstReport,
    );
  });
});
