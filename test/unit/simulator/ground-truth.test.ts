import { describe, expect, it } from 'vitest';
import { addDays, fromEpochDay, toEpochDay } from '../../../lambdas/core/calendar';
import { allowedDifference, computeGroundTruth } from '../../../local/simulator/truth/ground-truth';
import type { ExpectedReceivable } from '../../../local/simulator/types';
import { generateUniverse } from '../../../local/simulator/universe/dataset';

const spec = { seed: 42, sales: 400, from: '2025-01-01', to: '2025-03-31' };
const universe = generateUniverse(spec);
const query = { from: '2025-01-01', to: '2025-03-31', asOf: '2025-04-01', graceDays: 3 };

function countByStatus(truth: ExpectedReceivable[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const t of truth) counts[t.status] = (counts[t.status] ?? 0) + 1;
  return counts;
}

describe('ground truth', () => {
  const truth = computeGroundTruth(universe, { ...query, tolerance: { absoluteCents: 5, percent: 0 } });

  it('covers every status, and the statuses partition the receivables', () => {
    const counts = countByStatus(truth);
    expect(Object.keys(counts).sort()).toEqual([
      'OPEN',
      'OVERDUE',
      'OVERPAID',
      'SETTLED',
      'UNDERPAID',
      'UNEXPECTED',
    ]);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(truth.length);
  });

  it('has one receivable per A1 of the period, and every D1 key is either forecast or UNEXPECTED', () => {
    const byKey = new Map(
      truth.map((t) => [
        [t.acquirer, t.merchant, t.saleDate, t.nsu, t.authorization, t.installment].join('|'),
        t,
      ]),
    );
    const a1 = universe.sales.records.filter((r) => r.code === 'A1');
    expect(truth.filter((t) => t.forecastNetCents !== null)).toHaveLength(a1.length);
    const d1 = universe.financial.records.filter((r) => r.code === 'D1' && r.day <= toEpochDay(query.to));
    for (const { receivable: r } of d1) {
      const saleDate = fromEpochDay(r.sale.saleDay);
      const t = byKey.get(
        [r.sale.acquirer, r.sale.merchant, saleDate, r.sale.nsu, r.sale.authorization, r.installment].join(
          '|',
        ),
      );
      if (t?.status !== 'UNEXPECTED') expect(t?.forecastNetCents).toBe(r.netCents);
    }
    for (const t of truth) {
      if (t.status === 'UNEXPECTED') expect(t.forecastNetCents).toBeNull();
      if (t.status === 'OPEN' || t.status === 'OVERDUE') expect(t.settledNetCents).toBe(0);
    }
  });

  it('turns OPEN into OVERDUE the day after due date + grace', () => {
    const open = truth.find((t) => t.status === 'OPEN' && t.dueDate !== null) as ExpectedReceivable;
    const at = (asOf: string) =>
      computeGroundTruth(universe, { ...query, asOf }).find(
        (t) =>
          t.nsu === open.nsu &&
          t.acquirer === open.acquirer &&
          t.installment === open.installment &&
          t.saleDate === open.saleDate &&
          t.merchant === open.merchant,
      )?.status;
    const lastOpenDay = addDays(open.dueDate as string, query.graceDays);
    expect(at(lastOpenDay)).toBe('OPEN');
    expect(at(addDays(lastOpenDay, 1))).toBe('OVERDUE');
  });

  it('applies the tolerance rule: max(absolute, floor(forecast * percent / 100)), percent to two decimals', () => {
    expect(allowedDifference(10_000, { absoluteCents: 5, percent: 0 })).toBe(5);
    expect(allowedDifference(10_000, { absoluteCents: 5, percent: 1 })).toBe(100);
    expect(allowedDifference(999, { absoluteCents: 0, percent: 1 })).toBe(9);
    expect(allowedDifference(1_000, { absoluteCents: 0, percent: 0.07 })).toBe(0);
    expect(allowedDifference(100_000, { absoluteCents: 0, percent: 0.07 })).toBe(70);
  });

  it('settles more receivables as the tolerance grows, never fewer', () => {
    const settled = (absoluteCents: number) =>
      countByStatus(computeGroundTruth(universe, { ...query, tolerance: { absoluteCents, percent: 0 } }))
        .SETTLED ?? 0;
    expect(settled(0)).toBeLessThan(settled(10));
    expect(settled(10)).toBeLessThan(settled(100_000));
  });
});
