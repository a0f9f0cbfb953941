import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agingBucketIndex, buildAgingBuckets } from '../../../lambdas/core/summary/aging';
import { formatBrl } from '../../../lambdas/core/summary/brl';
import { buildRunSummary } from '../../../lambdas/core/summary/compute';
import type { SummaryReceivable } from '../../../lambdas/core/summary/types';
import { job, summaryInput } from './fixtures';

const FINISHED = new Date('2025-03-10T06:01:30.000Z');

const receivable = (r: Partial<SummaryReceivable>): SummaryReceivable => ({
  status: 'OPEN',
  forecastNetCents: null,
  settledNetCents: null,
  dueDate: null,
  ...r,
});

describe('buildRunSummary', () => {
  it('adds records, requests and drift over jobs, and times the run', () => {
    const s = buildRunSummary(summaryInput(), [], FINISHED);
    expect(s.records).toEqual({
      received: 20,
      byCode: { A1: 16, A2: 2 },
      quarantined: 2,
      quarantinedByReason: { BAD_DATE: 2 },
    });
    expect(s.drift).toEqual({ unknownColumns: ['XPTO'], missingFields: [] });
    expect(s.providerRequests).toBe(10);
    expect(s.elapsedMs).toBe(90_000);
    expect(s.outcome).toBe('SUCCEEDED');
    expect(s.failures).toEqual([]);
  });

  it('marks the run FAILED and lists the failed jobs', () => {
    const failed = job({ kind: 'financial', outcome: 'REPORT_ERROR', error: 'report ended in ERRO' });
    const s = buildRunSummary(summaryInput({ jobs: [job(), failed] }), [], FINISHED);
    expect(s.outcome).toBe('FAILED');
    expect(s.failures).toHaveLength(1);
    expect(s.failures[0]).toMatchObject({
      kind: 'financial',
      outcome: 'REPORT_ERROR',
      error: 'report ended in ERRO',
    });
  });

  it('totals money per state exactly, in integer centavos', () => {
    const rs = [
      receivable({
        status: 'SETTLED',
        forecastNetCents: 10_001,
        settledNetCents: 10_001,
        dueDate: '2025-02-01',
      }),
      receivable({
        status: 'UNDERPAID',
        forecastNetCents: 5_000,
        settledNetCents: 4_990,
        dueDate: '2025-02-01',
      }),
      receivable({
        status: 'UNEXPECTED',
        forecastNetCents: null,
        settledNetCents: 333,
        dueDate: '2025-02-03',
      }),
      receivable({ status: 'OPEN', forecastNetCents: 7, dueDate: '2025-04-01' }),
    ];
    const s = buildRunSummary(summaryInput(), rs, FINISHED);
    expect(s.receivables.byStatus.UNDERPAID).toEqual({
      count: 1,
      forecastNetCents: 5_000,
      settledNetCents: 4_990,
      differenceCents: -10,
    });
    expect(s.receivables.byStatus.OVERDUE).toEqual({
      count: 0,
      forecastNetCents: 0,
      settledNetCents: 0,
      differenceCents: 0,
    });
    expect(s.receivables.total).toEqual({
      count: 4,
      forecastNetCents: 15_008,
      settledNetCents: 15_324,
      differenceCents: 316,
    });
    expect(s.daily).toEqual([
      { date: '2025-02-01', forecastNetCents: 15_001, settledNetCents: 14_991 },
      { date: '2025-02-03', forecastNetCents: 0, settledNetCents: 333 },
      { date: '2025-04-01', forecastNetCents: 7, settledNetCents: 0 },
    ]);
  });

  it('the total equals the sum over states for any receivables', () => {
    const arb = fc.record({
      status: fc.constantFrom('OPEN', 'SETTLED', 'UNDERPAID', 'OVERPAID', 'OVERDUE', 'UNEXPECTED'),
      forecastNetCents: fc.option(fc.integer({ min: 0, max: 10_000_000_000 })),
      settledNetCents: fc.option(fc.integer({ min: 0, max: 10_000_000_000 })),
      dueDate: fc.constant(null),
    });
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 50 }), (rs) => {
        const s = buildRunSummary(summaryInput(), rs, FINISHED);
        const states = Object.values(s.receivables.byStatus);
        expect(states.reduce((n, t) => n + t.forecastNetCents, 0)).toBe(s.receivables.total.forecastNetCents);
        expect(states.reduce((n, t) => n + t.settledNetCents, 0)).toBe(s.receivables.total.settledNetCents);
        expect(states.reduce((n, t) => n + t.count, 0)).toBe(rs.length);
        expect(Number.isSafeInteger(s.receivables.total.differenceCents)).toBe(true);
      }),
    );
  });
});

describe('largest differences', () => {
  it('lists paid short, over and unexpected receivables by |difference|, at most ten, ties in key order', () => {
    const rs = [
      receivable({ status: 'SETTLED', forecastNetCents: 100, settledNetCents: 100, nsu: 's' }),
      receivable({ status: 'OVERDUE', forecastNetCents: 99_999, nsu: 'late' }),
      receivable({ status: 'UNEXPECTED', settledNetCents: 500, nsu: 'u', installment: 1 }),
      receivable({
        status: 'UNDERPAID',
        forecastNetCents: 1_000,
        settledNetCents: 400,
        nsu: 'b',
        installment: 2,
      }),
      receivable({
        status: 'OVERPAID',
        forecastNetCents: 1_000,
        settledNetCents: 1_600,
        nsu: 'a',
        installment: 2,
      }),
      ...Array.from({ length: 12 }, (_, i) =>
        receivable({
          status: 'UNDERPAID',
          forecastNetCents: 10,
          settledNetCents: 9,
          nsu: `n${String(i).padStart(2, '0')}`,
        }),
      ),
    ];
    const { largestDifferences } = buildRunSummary(summaryInput(), rs, FINISHED);
    expect(largestDifferences).toHaveLength(10);
    expect(largestDifferences.slice(0, 4).map((d) => [d.nsu, d.status, d.differenceCents])).toEqual([
      ['a', 'OVERPAID', 600],
      ['b', 'UNDERPAID', -600],
      ['u', 'UNEXPECTED', 500],
      ['n00', 'UNDERPAID', -1],
    ]);
    expect(largestDifferences[3]).toMatchObject({ acquirer: null, installment: null, forecastNetCents: 10 });
  });
});

describe('aging buckets', () => {
  it('places days past due on the bucket bounds', () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(agingBucketIndex)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
  });

  it('sums only unpaid forecasts by days late as of the run date', () => {
    const asOf = '2025-03-31';
    const buckets = buildAgingBuckets(
      [
        receivable({ status: 'OPEN', forecastNetCents: 100, dueDate: '2025-04-02' }),
        receivable({ status: 'OVERDUE', forecastNetCents: 250, dueDate: '2025-03-01' }),
        receivable({ status: 'OVERDUE', forecastNetCents: 50, dueDate: '2025-03-30' }),
        receivable({ status: 'OVERDUE', forecastNetCents: 999, dueDate: '2024-12-01' }),
        receivable({
          status: 'SETTLED',
          forecastNetCents: 1_000,
          settledNetCents: 1_000,
          dueDate: '2024-12-01',
        }),
      ],
      asOf,
    );
    expect(buckets.map((b) => [b.label, b.count, b.amountCents])).toEqual([
      ['not yet due', 1, 100],
      ['1–30 days late', 2, 300],
      ['31–60 days late', 0, 0],
      ['61–90 days late', 0, 0],
      ['over 90 days late', 1, 999],
    ]);
  });
});

describe('formatBrl', () => {
  it('puts the sign before the currency, as pt-BR does', () => {
    expect([formatBrl(-17_320), formatBrl(0), formatBrl(123_456_789)]).toEqual([
      '-R$ 173,20',
      'R$ 0,00',
      'R$ 1.234.567,89',
    ]);
  });
});
