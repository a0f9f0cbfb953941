import { describe, expect, it } from 'vitest';
import { fromEpochDay, toEpochDay } from '../../../lambdas/core/calendar';
import { startSimulator } from '../../../local/simulator/http/server';
import { computeGroundTruth } from '../../../local/simulator/truth/ground-truth';
import { computeLifecycleTruth } from '../../../local/simulator/truth/lifecycle-truth';
import type { LifecycleReceivable } from '../../../local/simulator/types';
import { generateUniverse } from '../../../local/simulator/universe/dataset';
import type { DataRecord } from '../../../local/simulator/universe/dataset-records';

const spec = { seed: 42, sales: 400, from: '2025-01-01', to: '2025-03-31' };
const universe = generateUniverse({ ...spec, lifecycle: true });
/** Everything the dataset ever reports, judged long after the last due date. */
const whole = { from: '2024-12-01', to: '2026-03-31', asOf: '2026-04-30', graceDays: 3 };
const truth = computeLifecycleTruth(universe, whole);
const inWhole = [...universe.sales.records, ...universe.financial.records].filter(
  (r) => r.day >= toEpochDay(whole.from) && r.day <= toEpochDay(whole.to),
);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const keyOf = (
  t: Pick<
    LifecycleReceivable,
    'acquirer' | 'merchant' | 'saleDate' | 'nsu' | 'authorization' | 'installment'
  >,
) => [t.acquirer, t.merchant, t.saleDate, t.nsu, t.authorization, t.installment].join('|');

describe('lifecycle answer key', () => {
  it('without the lifecycle option, says exactly what the A1/D1 answer key says', () => {
    const plain = generateUniverse(spec);
    for (const tolerance of [undefined, { absoluteCents: 5, percent: 0.5 }]) {
      const query = { ...spec, asOf: '2025-04-01', graceDays: 3, tolerance };
      const expected = computeGroundTruth(plain, query);
      const life = computeLifecycleTruth(plain, query);
      expect(life.receivables.map((t) => [keyOf(t), t.state, t.forecastNetCents, t.settledNetCents])).toEqual(
        expected.map((t) => [keyOf(t), t.status, t.forecastNetCents, t.settledNetCents]),
      );
      for (const t of life.receivables) {
        expect([t.cancelledNetCents, t.chargedBackNetCents, t.adjustmentNetCents, t.advanceFeeCents]).toEqual(
          [0, 0, 0, 0],
        );
      }
      expect(life.accountTotals).toEqual([]);
    }
  });

  it('reaches every lifecycle state and reason the simulator emits', () => {
    const reasons = new Set(truth.receivables.map((t) => `${t.state}/${t.reason}`));
    for (const reason of [
      'SETTLED/EXACT',
      'SETTLED/PARTIAL_PAYMENTS',
      'SETTLED/PARTLY_CANCELLED',
      'UNDERPAID/SHORT_PAYMENT',
      'OVERPAID/OVER_PAYMENT',
      'OVERDUE/PAST_DUE',
      'UNEXPECTED/NO_FORECAST',
      'CANCELLED/CANCELLED_BEFORE_PAYMENT',
      'CANCELLED/CANCELLED_AFTER_PAYMENT',
      'CHARGED_BACK/CHARGEBACK',
      'ADVANCED/ADVANCE',
      'UNLINKED/CANCELLATION_WITHOUT_SALE',
      'CHARGED_BACK/CHARGEBACK_WITHOUT_SALE',
    ]) {
      expect(reasons).toContain(reason);
    }
  });

  it('keeps the amounts consistent: expected, received and difference from their parts', () => {
    for (const t of truth.receivables) {
      expect(t.expectedNetCents).toBe((t.forecastNetCents ?? 0) - t.cancelledNetCents + t.adjustmentNetCents);
      expect(t.receivedNetCents).toBe(t.settledNetCents - t.chargedBackNetCents);
      expect(t.differenceCents).toBe(t.receivedNetCents + t.advanceFeeCents - t.expectedNetCents);
      if (t.reason === 'CANCELLED_BEFORE_PAYMENT')
        expect([t.settledNetCents, t.expectedNetCents]).toEqual([0, 0]);
      if (t.state === 'ADVANCED') expect([t.differenceCents, t.advanceFeeCents > 0]).toEqual([0, true]);
      if (t.state === 'CHARGED_BACK') expect(t.latestChargebackDate).not.toBeNull();
      if (t.reason === 'PARTLY_CANCELLED') expect(t.receivedNetCents).toBe(t.expectedNetCents);
    }
    const reversed = truth.receivables.filter(
      (t) => t.latestChargebackDate !== null && t.chargedBackNetCents === 0,
    );
    expect(reversed.length).toBeGreaterThan(0);
    expect(
      reversed.every((t) => t.state === 'SETTLED' || t.state === 'UNDERPAID' || t.state === 'OVERPAID'),
    ).toBe(true);
  });

  it('sums to what the generator emitted: cancellations, advance fees, fees and keyless adjustments', () => {
    const meant = (role: string, pick: (r: DataRecord) => number, accountLevel = false) =>
      sum(inWhole.filter((r) => r.role?.role === role && !!r.role.accountLevel === accountLevel).map(pick));
    expect(sum(truth.receivables.map((t) => t.cancelledNetCents))).toBe(
      meant('CANCELLATION', (r) => r.role?.cents as number),
    );
    expect(sum(truth.receivables.map((t) => t.advanceFeeCents))).toBe(meant('ADVANCE', (r) => r.feeCents));
    const fees = meant('FEE', (r) => -r.netCents, true);
    const adjustments = meant('ADJUSTMENT', (r) => r.role?.cents as number, true);
    expect(fees).toBeGreaterThan(0);
    for (const totals of [truth.accountTotals, truth.acquirerTotals]) {
      expect(sum(totals.map((t) => t.feeCents))).toBe(fees);
      expect(sum(totals.map((t) => t.adjustmentCents))).toBe(adjustments);
      for (const t of totals) expect(t.netCents).toBe(t.adjustmentCents - t.feeCents);
    }
    expect(truth.acquirerTotals.map((t) => t.acquirer)).toEqual(['CIELO', 'GETNET', 'REDE', 'STONE']);
  });

  it('lists a cancellation reported before its A1 as unlinked until the A1 is in the period', () => {
    const forecast = new Set(universe.sales.records.filter((r) => r.code === 'A1').map((r) => r.receivable));
    const early = universe.sales.records.find(
      (r) =>
        r.code === 'A2' &&
        forecast.has(r.receivable) &&
        r.netCents === r.receivable.netCents &&
        r.day < r.receivable.sale.saleDay,
    ) as DataRecord;
    const { sale, installment } = early.receivable;
    const at = (to: number) => {
      const query = {
        ...whole,
        from: '2025-01-01',
        to: fromEpochDay(to),
      };
      return computeLifecycleTruth(universe, query).receivables.find(
        (t) => keyOf(t) === keyOf({ ...sale, saleDate: fromEpochDay(sale.saleDay), installment }),
      );
    };
    expect(at(early.receivable.sale.saleDay - 1)).toMatchObject({
      state: 'UNLINKED',
      reason: 'CANCELLATION_WITHOUT_SALE',
    });
    expect(at(early.receivable.sale.saleDay)?.state).toBe('CANCELLED');
  });

  it('is served by the simulator as lifecycleTruth, the same for the same seed', async () => {
    const sim = await startSimulator({ mode: 'sandbox', seed: 42, dataset: { ...spec, lifecycle: true } });
    try {
      expect(sim.lifecycleTruth(whole)).toEqual(truth);
      expect(sim.expectedRecordCounts(spec).byCode.G1).toBeGreaterThan(0);
    } finally {
      await sim.close();
    }
  });
});
