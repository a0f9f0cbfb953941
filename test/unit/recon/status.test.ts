import { describe, expect, it } from 'vitest';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { applyRecords } from '../../../lambdas/core/receivables/matcher';
import { explain, toleranceCents } from '../../../lambdas/core/receivables/status';
import { toReceivableView } from '../../../lambdas/core/receivables/view';
import { canonical, forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const key = saleKey(1);
const build = (...records: CanonicalRecord[]) => {
  const { receivable } = applyRecords(undefined, records, reconConfig());
  if (!receivable) throw new Error('no receivable');
  return receivable;
};

describe('explain', () => {
  const exact = reconConfig();

  it('OPEN until due + grace, OVERDUE the day after', () => {
    const open = build(forecast(key, 'f', 10_000, '2025-04-01'));
    expect(explain(open, '2025-04-04', exact)).toMatchObject({ status: 'OPEN', reason: 'AWAITING_PAYMENT' });
    expect(explain(open, '2025-04-05', exact)).toMatchObject({
      status: 'OVERDUE',
      reason: 'PAST_DUE',
      forecastNetCents: 10_000,
      settledNetCents: 0,
      differenceCents: -10_000,
    });
    expect(explain(open, '2025-04-02', reconConfig({ graceDays: 0 })).status).toBe('OVERDUE');
  });

  it('never OVERDUE without a due date', () => {
    const undated = build(canonical({ type: 'A1', key, hash: 'f', dueDate: null }));
    expect(explain(undated, '2030-01-01', exact).status).toBe('OPEN');
  });

  it('SETTLED exact, by partial payments, UNDERPAID and OVERPAID', () => {
    expect(explain(build(forecast(key, 'f'), settlement(key, 's')), '2025-04-10', exact)).toMatchObject({
      status: 'SETTLED',
      reason: 'EXACT',
      differenceCents: 0,
      settlementCount: 1,
    });
    const partial = build(
      forecast(key, 'f'),
      settlement(key, 's1', 4_000, '2025-04-01'),
      settlement(key, 's2', 6_000, '2025-04-03'),
    );
    expect(explain(partial, '2025-04-10', exact)).toMatchObject({
      status: 'SETTLED',
      reason: 'PARTIAL_PAYMENTS',
      settledNetCents: 10_000,
      lastPaymentDate: '2025-04-03',
      settlementCount: 2,
    });
    expect(
      explain(build(forecast(key, 'f'), settlement(key, 's', 9_999)), '2025-04-10', exact),
    ).toMatchObject({
      status: 'UNDERPAID',
      reason: 'SHORT_PAYMENT',
      differenceCents: -1,
    });
    expect(
      explain(build(forecast(key, 'f'), settlement(key, 's', 10_001)), '2025-04-10', exact),
    ).toMatchObject({
      status: 'OVERPAID',
      reason: 'OVER_PAYMENT',
      differenceCents: 1,
    });
  });

  it('settled stays settled long after the due date', () => {
    expect(explain(build(forecast(key, 'f'), settlement(key, 's')), '2026-01-01', exact).status).toBe(
      'SETTLED',
    );
  });

  it('UNEXPECTED when money arrived without a forecast', () => {
    expect(explain(build(settlement(key, 's', 777)), '2025-04-10', exact)).toMatchObject({
      status: 'UNEXPECTED',
      reason: 'NO_FORECAST',
      forecastNetCents: null,
      settledNetCents: 777,
      differenceCents: 777,
    });
  });

  it('compares the smallest-hash forecast when there are duplicates, and says so', () => {
    const duplicated = build(forecast(key, 'b', 5_000), forecast(key, 'a', 10_000), settlement(key, 's'));
    expect(explain(duplicated, '2025-04-10', exact)).toMatchObject({
      status: 'SETTLED',
      reason: 'DUPLICATE_FORECAST',
      forecastNetCents: 10_000,
    });
  });
});

describe('tolerance', () => {
  it('is max(absolute, floor(forecast × percent / 100))', () => {
    expect(toleranceCents(10_000, { absoluteCents: 5, percent: 0 })).toBe(5);
    expect(toleranceCents(10_000, { absoluteCents: 5, percent: 1 })).toBe(100);
    expect(toleranceCents(1_999, { absoluteCents: 0, percent: 0.5 })).toBe(9);
  });

  it('decides SETTLED on the boundary and UNDERPAID one centavo past it', () => {
    const config = reconConfig({ tolerance: { absoluteCents: 0, percent: 1 } });
    expect(
      explain(build(forecast(key, 'f'), settlement(key, 's', 9_900)), '2025-04-10', config),
    ).toMatchObject({
      status: 'SETTLED',
      reason: 'WITHIN_TOLERANCE',
    });
    expect(explain(build(forecast(key, 'f'), settlement(key, 's', 9_899)), '2025-04-10', config).status).toBe(
      'UNDERPAID',
    );
    expect(
      explain(build(forecast(key, 'f'), settlement(key, 's', 10_100)), '2025-04-10', config).status,
    ).toBe('SETTLED');
  });
});

describe('toReceivableView', () => {
  it('is the CLI shape: key fields, status and the amounts behind it', () => {
    const receivable = build(
      forecast(saleKey(4, 2), 'f', 10_000, '2025-04-01'),
      settlement(saleKey(4, 2), 's', 9_000, '2025-04-02'),
    );
    expect(toReceivableView(receivable, '2025-04-10', reconConfig())).toEqual({
      acquirer: 'ACQ1',
      merchant: 'EC4',
      saleDate: '2025-03-01',
      nsu: '100004',
      authorization: 'AUT4',
      installment: 2,
      status: 'UNDERPAID',
      forecastNetCents: 10_000,
      settledNetCents: 9_000,
      dueDate: '2025-04-01',
      differenceCents: -1_000,
      reason: 'SHORT_PAYMENT',
      lastPaymentDate: '2025-04-02',
      settlementCount: 1,
      cancelledNetCents: 0,
      chargedBackNetCents: 0,
      adjustmentNetCents: 0,
      advanceFeeCents: 0,
      expectedNetCents: 10_000,
      receivedNetCents: 9_000,
      lastChargebackDate: null,
      roles: 'FORECAST+PAYMENT',
    });
  });
});
