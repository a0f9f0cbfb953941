import { describe, expect, it } from 'vitest';
import { auditFees, toAuditedView } from '../../../lambdas/core/fee-audit/audit';
import { type ContractRate, parseContractRates } from '../../../lambdas/core/fee-audit/rates';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { fromItem, toItem } from '../../../lambdas/core/receivables/item';
import { applyRecords } from '../../../lambdas/core/receivables/matcher';
import { canonical, reconConfig, type SaleKey, saleKey } from '../../support/recon-records';

const config = reconConfig({ recordRoles: { F1: 'ADVANCE' } });
const HEADER =
  'acquirer,brand,product,installmentsFrom,installmentsTo,mdrPercent,advanceMonthlyPercent,effectiveFrom';
const parsed = parseContractRates(
  [HEADER, 'ACQ1,VISA,CREDIT,1,1,2.5,3,2025-01-01', 'ACQ1,VISA,CREDIT,1,1,2,3,2025-03-01'].join('\n'),
  config,
);
if (!parsed.ok) throw new Error('bad fixture');
const rates: readonly ContractRate[] = parsed.rates;

const key: SaleKey = saleKey(1, 1); // ACQ1, sold 2025-03-01: the renegotiated 2%
const sale = (feeCents: number, extra: Partial<Parameters<typeof canonical>[0]> = {}): CanonicalRecord =>
  canonical({
    type: 'A1',
    key,
    hash: `a${feeCents}`,
    grossCents: 10_000,
    feeCents,
    netCents: 10_000 - feeCents,
    product: 'CREDIT',
    installments: 1,
    ...extra,
  });

function receivableOf(...records: CanonicalRecord[]) {
  const { receivable } = applyRecords(undefined, records, config);
  if (!receivable) throw new Error('no receivable');
  return receivable;
}

describe('auditFees', () => {
  it('compares the fee charged with gross × the MDR in force on the sale date, within the tolerance', () => {
    expect(auditFees(receivableOf(sale(200)), rates, config)).toMatchObject({
      feeAudit: 'OK',
      contractMdrPercent: '2',
      contractFeeCents: 200,
      chargedFeeCents: 200,
      feeDifferenceCents: 0,
    });
    expect(auditFees(receivableOf(sale(201)), rates, config).feeAudit).toBe('OK');
    expect(auditFees(receivableOf(sale(202)), rates, config)).toMatchObject({
      feeAudit: 'FEE_ABOVE_CONTRACT',
      feeDifferenceCents: 2,
    });
    expect(auditFees(receivableOf(sale(190)), rates, config).feeAudit).toBe('FEE_BELOW_CONTRACT');
    // Sold the day before the renegotiation: the old 2.5%.
    const before = { ...key, saleDate: '2025-02-28' };
    expect(auditFees(receivableOf(sale(250, { key: before })), rates, config).feeAudit).toBe('OK');
  });

  it('compares a fee written as a debit (VLTAXA -2,02) by its magnitude, never as below the contract', () => {
    const debit = (feeCents: number) =>
      sale(feeCents, { hash: `neg${feeCents}`, netCents: 10_000 + feeCents });
    expect(auditFees(receivableOf(debit(-200)), rates, config)).toMatchObject({
      feeAudit: 'OK',
      chargedFeeCents: 200,
      feeDifferenceCents: 0,
    });
    expect(auditFees(receivableOf(debit(-202)), rates, config)).toMatchObject({
      feeAudit: 'FEE_ABOVE_CONTRACT',
      chargedFeeCents: 202,
      contractFeeCents: 200,
      feeDifferenceCents: 2,
    });
  });

  it('says NO_CONTRACT_RATE without a matching row, and nothing when the audit is off', () => {
    const debit = receivableOf(sale(200, { product: 'DEBIT' }));
    expect(auditFees(debit, rates, config)).toMatchObject({
      feeAudit: 'NO_CONTRACT_RATE',
      contractFeeCents: null,
    });
    expect(auditFees(debit, null, config).feeAudit).toBeNull();
    const unforecast = receivableOf(canonical({ type: 'D1', key, hash: 'd1' }));
    expect(auditFees(unforecast, rates, config).feeAudit).toBeNull();
    // A forecast without gross and fee (or stored before they were kept) has nothing to compare.
    const bare = receivableOf(
      canonical({ type: 'A1', key, hash: 'bare', product: 'CREDIT', installments: 1 }),
    );
    expect(auditFees(bare, rates, config).feeAudit).toBeNull();
  });

  it('checks an advance fee against the monthly rate pro rata for the days advanced', () => {
    // Face 10000 (paid 9800 + fee 200) advanced 20 days at 3% a month: 10000 × 3% × 20/30 = 200.
    const advance = (fee: number) =>
      canonical({
        type: 'F1',
        key,
        hash: `f${fee}`,
        netCents: 10_000 - fee,
        feeCents: fee,
        paymentDate: '2025-03-12',
      });
    const exact = receivableOf(sale(200, { dueDate: '2025-04-01' }), advance(200));
    expect(auditFees(exact, rates, config)).toMatchObject({
      advanceFeeAudit: 'OK',
      contractAdvanceFeeCents: 200,
      advanceFeeDifferenceCents: 0,
    });
    const over = receivableOf(sale(200, { dueDate: '2025-04-01' }), advance(260));
    expect(auditFees(over, rates, config)).toMatchObject({
      advanceFeeAudit: 'FEE_ABOVE_CONTRACT',
      advanceFeeDifferenceCents: 60,
    });
  });

  it('reads the sale terms back from the stored item, so the audit needs no other read', () => {
    const receivable = receivableOf(sale(202));
    const stored = {
      ...receivable,
      status: 'OPEN' as const,
      reason: 'AWAITING_PAYMENT' as const,
      version: 1,
      changedOn: '2025-03-02',
      updatedAt: '2025-03-02T00:00:00Z',
    };
    const item = toItem(stored);
    expect(Object.values(item.f as object)[0]).toMatchObject({ b: 10_000, t: 202, pd: 'CREDIT', q: 1 });
    const view = toAuditedView(fromItem(JSON.parse(JSON.stringify(item))), '2025-03-02', config, rates);
    expect(view).toMatchObject({
      feeAudit: 'FEE_ABOVE_CONTRACT',
      chargedFeeCents: 202,
      contractFeeCents: 200,
    });
  });

  it('leaves an item without sale terms as it was', () => {
    const plain = receivableOf(canonical({ type: 'A1', key, hash: 'plain', installments: null }));
    const item = toItem({
      ...plain,
      status: 'OPEN',
      reason: 'AWAITING_PAYMENT',
      version: 1,
      changedOn: 'x',
      updatedAt: 'y',
    });
    const stored = Object.keys(Object.values(item.f as object)[0]);
    expect(stored.filter((name) => ['b', 't', 'pd', 'q'].includes(name))).toEqual([]);
  });
});
