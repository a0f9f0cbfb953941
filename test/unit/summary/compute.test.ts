import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agingBucketIndex, buildAgingBuckets } from '../../../lambdas/core/book/aging-buckets';
import { TOP_ITEMS_PER_STATE } from '../../../lambdas/core/book/attention';
import type { SummaryReceivable } from '../../../lambdas/core/book/types';
import { buildRunSummary } from '../../support/run-summary';
import { job, summaryInput } from './fixtures';

const STAMP = { finishedAt: new Date('2025-03-10T06:01:30.000Z'), language: 'pt-BR' } as const;

const receivable = (r: Partial<SummaryReceivable>): SummaryReceivable => ({
  status: 'OPEN',
  forecastNetCents: null,
  settledNetCents: null,
  dueDate: null,
  ...r,
});

describe('buildRunSummary', () => {
  it('adds records, requests and drift over jobs, and times the run', () => {
    const s = buildRunSummary(summaryInput(), [], STAMP);
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
    const s = buildRunSummary(summaryInput({ jobs: [job(), failed] }), [], STAMP);
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
    const s = buildRunSummary(summaryInput(), rs, STAMP);
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
    // 2025-02-01 is a Saturday (week of Monday 27/01), 2025-02-03 a Monday, 2025-04-01 a Tuesday.
    expect(s.weekly).toEqual([
      { weekStart: '2025-01-27', forecastNetCents: 15_001, settledNetCents: 14_991 },
      { weekStart: '2025-02-03', forecastNetCents: 0, settledNetCents: 333 },
      { weekStart: '2025-03-31', forecastNetCents: 7, settledNetCents: 0 },
    ]);
    expect(s.language).toBe('pt-BR');
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
        const s = buildRunSummary(summaryInput(), rs, STAMP);
        const states = Object.values(s.receivables.byStatus);
        expect(states.reduce((n, t) => n + t.forecastNetCents, 0)).toBe(s.receivables.total.forecastNetCents);
        expect(states.reduce((n, t) => n + t.settledNetCents, 0)).toBe(s.receivables.total.settledNetCents);
        expect(states.reduce((n, t) => n + t.count, 0)).toBe(rs.length);
        expect(Number.isSafeInteger(s.receivables.total.differenceCents)).toBe(true);
      }),
    );
  });
});

describe('what needs action', () => {
  it('counts each action state with its money at stake and its own largest items', () => {
    const rs = [
      receivable({ status: 'SETTLED', forecastNetCents: 100, settledNetCents: 100, nsu: 's' }),
      receivable({ status: 'OPEN', forecastNetCents: 5_000, nsu: 'open' }),
      receivable({ status: 'OVERDUE', forecastNetCents: 99_999, nsu: 'late', dueDate: '2025-01-10' }),
      receivable({ status: 'UNEXPECTED', settledNetCents: 500, nsu: 'u', installment: 1 }),
      receivable({ status: 'UNDERPAID', forecastNetCents: 1_000, settledNetCents: 400, nsu: 'b' }),
      receivable({ status: 'OVERPAID', forecastNetCents: 1_000, settledNetCents: 1_600, nsu: 'a' }),
      ...Array.from({ length: 12 }, (_, i) =>
        receivable({
          status: 'UNDERPAID',
          forecastNetCents: 10,
          settledNetCents: 9,
          nsu: `n${String(i).padStart(2, '0')}`,
        }),
      ),
    ];
    const { attention } = buildRunSummary(summaryInput(), rs, STAMP);
    expect(attention.map((c) => [c.state, c.count, c.amountCents, c.largest.length])).toEqual([
      ['UNDERPAID', 13, 612, TOP_ITEMS_PER_STATE],
      ['OVERPAID', 1, 600, 1],
      ['OVERDUE', 1, 99_999, 1],
      ['UNEXPECTED', 1, 500, 1],
      ['CHARGED_BACK', 0, 0, 0],
      ['UNLINKED', 0, 0, 0],
    ]);
    expect(attention[0]?.largest.map((i) => [i.nsu, i.differenceCents])).toEqual([
      ['b', -600],
      ['n00', -1],
      ['n01', -1],
      ['n02', -1],
      ['n03', -1],
    ]);
    expect(attention[2]?.largest[0]).toMatchObject({
      nsu: 'late',
      dueDate: '2025-01-10',
      forecastNetCents: 99_999,
      settledNetCents: 0,
      differenceCents: -99_999,
      acquirer: null,
    });
  });

  it('never lets a numerous state crowd out the others (the old single list showed only unforecast deposits)', () => {
    const rs = [
      ...Array.from({ length: 20 }, (_, i) =>
        receivable({ status: 'UNEXPECTED', settledNetCents: 1_000_000 + i, nsu: `u${i}` }),
      ),
      receivable({ status: 'UNDERPAID', forecastNetCents: 1_000, settledNetCents: 999, nsu: 'short' }),
    ];
    const { attention } = buildRunSummary(summaryInput(), rs, STAMP);
    const byState = Object.fromEntries(attention.map((c) => [c.state, c]));
    expect(byState.UNDERPAID?.largest.map((i) => i.nsu)).toEqual(['short']);
    expect(byState.UNEXPECTED?.largest).toHaveLength(TOP_ITEMS_PER_STATE);
    expect(byState.OVERPAID).toEqual({ state: 'OVERPAID', count: 0, amountCents: 0, largest: [] });
  });
});

describe('aging buckets', () => {
  it('places late (OVERDUE) days past due on the late bucket bounds', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map((d) => agingBucketIndex('OVERDUE', d))).toEqual([
      2, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
  });

  it('never counts OPEN money as late: not yet due, or due and within grace', () => {
    expect([-5, 0, 1, 3, 400].map((d) => agingBucketIndex('OPEN', d))).toEqual([0, 0, 1, 1, 1]);
  });

  it('sums only unpaid forecasts by days late as of the run date', () => {
    const asOf = '2025-03-31';
    const buckets = buildAgingBuckets(
      [
        receivable({ status: 'OPEN', forecastNetCents: 100, dueDate: '2025-04-02' }),
        receivable({ status: 'OVERDUE', forecastNetCents: 250, dueDate: '2025-03-01' }),
        receivable({ status: 'OVERDUE', forecastNetCents: 50, dueDate: '2025-03-30' }),
        receivable({ status: 'OPEN', forecastNetCents: 7, dueDate: '2025-03-29' }),
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
    expect(buckets.map((b) => [b.kind, b.minDays, b.maxDays, b.count, b.amountCents])).toEqual([
      ['notDue', null, 0, 1, 100],
      ['withinGrace', 1, null, 1, 7],
      ['late', 1, 30, 2, 300],
      ['late', 31, 60, 0, 0],
      ['late', 61, 90, 0, 0],
      ['late', 91, null, 1, 999],
    ]);
  });
});
