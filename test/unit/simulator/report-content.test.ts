import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../lambdas/core/calendar';
import { recordCounts, reportEntries } from '../../../local/simulator/reports/report-content';
import { generateUniverse } from '../../../local/simulator/universe/dataset';

const SEED = 42;
const universe = generateUniverse({ seed: SEED, sales: 400, from: '2025-01-01', to: '2025-03-31' });
const periodArb = fc
  .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 30 }))
  .map(([start, length]) => ({
    from: addDays('2025-01-01', start),
    to: addDays('2025-01-01', start + length),
  }));

describe('report content', () => {
  it('holds at least one malformed entry whenever a report has 100 records or more', () => {
    fc.assert(
      fc.property(periodArb, fc.constantFrom('sales' as const, 'financial' as const), (period, kind) => {
        const entries = reportEntries(universe, SEED, kind, period);
        const malformed = entries.filter((e) => e < 0).length;
        if (entries.length - malformed >= 100) expect(malformed).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('counts add up across adjacent periods (recon splits long periods)', () => {
    fc.assert(
      fc.property(periodArb, fc.integer({ min: 1, max: 60 }), (period, extra) => {
        const end = addDays(period.to, extra);
        const whole = recordCounts(universe, SEED, { from: period.from, to: end });
        const left = recordCounts(universe, SEED, period);
        const right = recordCounts(universe, SEED, { from: addDays(period.to, 1), to: end });
        expect(left.malformed + right.malformed).toBe(whole.malformed);
        expect(left.total + right.total).toBe(whole.total);
      }),
    );
  });

  it('shuffles every record of the period exactly once, the same way for the same seed', () => {
    const period = { from: '2025-02-01', to: '2025-03-02' };
    const entries = reportEntries(universe, SEED, 'sales', period);
    const counts = recordCounts(universe, SEED, period);
    const salesTotal = (counts.byCode.A1 ?? 0) + (counts.byCode.A2 ?? 0) + (counts.byCode.A3 ?? 0);
    expect(entries.filter((e) => e >= 0)).toHaveLength(salesTotal);
    expect(new Set(entries).size).toBe(entries.length);
    const sorted = [...entries].filter((e) => e >= 0).sort((a, b) => a - b);
    expect(sorted).not.toEqual([...entries].filter((e) => e >= 0));
    expect(reportEntries(universe, SEED, 'sales', period)).toEqual(entries);
  });

  it('applies establishment and acquirer filters to records', () => {
    const period = { from: '2025-01-01', to: '2025-01-31' };
    const filtered = reportEntries(universe, SEED, 'sales', period, {
      acquirers: ['CIELO'],
      merchants: ['1023456'],
    });
    const records = [...filtered]
      .filter((e) => e >= 0)
      .map((e) => universe.sales.records[e]?.receivable.sale);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((s) => s?.acquirer === 'CIELO' && s.merchant === '1023456')).toBe(true);
  });
});
