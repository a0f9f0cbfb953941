/**
 * Who owes what, per acquirer, from the parts the summary already holds: the fee audit's lines and
 * the bank leg's results per acquirer, the book's figures in the totals row only.
 */
import { describe, expect, it } from 'vitest';
import { completeSplit } from '../../../lambdas/core/book/acquirer-cells';
import { whoOwesWhatReportSection } from '../../../lambdas/core/book/report-who-owes-what';
import type { BookReceivables } from '../../../lambdas/core/book/types';
import { whoOwesWhat } from '../../../lambdas/core/book/who-owes-what';
import { buildDepositsSection } from '../../../lambdas/core/deposits/section-model';
import { ALL_RESULTS } from '../../support/deposit-results';

const money = (count: number, forecast: number, settled: number) => ({
  count,
  forecastNetCents: forecast,
  settledNetCents: settled,
  differenceCents: settled - forecast,
});
const receivables: BookReceivables = { total: money(5, 1_000_00, 700_00), byStatus: {} };
const attention = [
  { state: 'UNDERPAID', count: 1, amountCents: 12_34, largest: [] },
  { state: 'OVERDUE', count: 2, amountCents: 250_00, largest: [] },
];
const lifecycle = { cancelledNetCents: 40_00, chargedBackNetCents: 5_01, advanceFeeCents: 3_00 };
const deposits = buildDepositsSection({
  statementsImported: true,
  from: '2025-03-01',
  to: '2025-03-31',
  results: ALL_RESULTS,
});
const feeAudit = {
  state: 'ON',
  overchargedCents: 3_33,
  byAcquirerBrand: [
    { acquirer: 'STONE', overchargedCents: 1_11 },
    { acquirer: 'STONE', overchargedCents: 2_00 },
    { acquirer: 'GETNET', overchargedCents: 22 },
  ],
};

describe('who owes what', () => {
  it('sums the fee audit and the missing deposits per acquirer, the book in the totals row', () => {
    const table = whoOwesWhat({ receivables, attention, lifecycle, deposits, feeAudit });
    const book = {
      expectedCents: null,
      receivedCents: null,
      lateCents: null,
      paidShortCents: null,
      takenBackCents: null,
    };
    // Largest known amount owed first; a deposit still in its window is not missing.
    expect(table?.acquirers).toEqual([
      { acquirer: 'CIELO', ...book, feesAboveContractCents: 0, depositsMissingCents: 4_500_01 },
      { acquirer: 'REDE', ...book, feesAboveContractCents: 0, depositsMissingCents: 10_03 },
      { acquirer: 'STONE', ...book, feesAboveContractCents: 3_11, depositsMissingCents: 0 },
      { acquirer: 'GETNET', ...book, feesAboveContractCents: 22, depositsMissingCents: 0 },
    ]);
    expect(table?.total).toEqual({
      expectedCents: 1_000_00,
      receivedCents: 700_00,
      lateCents: 250_00,
      paidShortCents: 12_34,
      takenBackCents: 45_01,
      feesAboveContractCents: 3_33,
      depositsMissingCents: 4_510_04,
    });
  });

  it('leaves a column null where its part was not read, and has nothing to say of an empty run', () => {
    const off = whoOwesWhat({
      receivables,
      attention,
      deposits: { state: 'OFF' },
      feeAudit: { state: 'OFF' },
    });
    expect(off?.acquirers).toEqual([]);
    expect(off?.total).toMatchObject({
      takenBackCents: null,
      feesAboveContractCents: null,
      depositsMissingCents: null,
    });
    const empty = { total: money(0, 0, 0), byStatus: {} };
    expect(whoOwesWhat({ receivables: empty, attention: [] })).toBeNull();
  });

  it('gives each acquirer its book figures from the split, and orders by what it is asked for', () => {
    const stone = {
      expectedCents: 600_00,
      receivedCents: 500_00,
      lateCents: 0,
      paidShortCents: 12_34,
      takenBackCents: 5_01,
    };
    const rede = {
      expectedCents: 400_00,
      receivedCents: 200_00,
      lateCents: 250_00,
      paidShortCents: 0,
      takenBackCents: 40_00,
    };
    const byAcquirer = { STONE: stone, REDE: rede };
    const table = whoOwesWhat({ receivables, attention, lifecycle, feeAudit, byAcquirer });
    // REDE: 250,00 late; STONE: 12,34 short + 3,11 fees; GETNET (no receivable): 0,22 fees.
    expect(table?.acquirers.map((a) => a.acquirer)).toEqual(['REDE', 'STONE', 'GETNET']);
    expect(table?.acquirers[0]).toEqual({
      acquirer: 'REDE',
      ...rede,
      feesAboveContractCents: 0,
      depositsMissingCents: null,
    });
    expect(table?.acquirers[2]).toMatchObject({ expectedCents: 0, lateCents: 0, feesAboveContractCents: 22 });
    // The rows of the book figures add up to the totals row.
    for (const k of [
      'expectedCents',
      'receivedCents',
      'lateCents',
      'paidShortCents',
      'takenBackCents',
    ] as const) {
      const rows = table?.acquirers.reduce((n, a) => n + (a[k] ?? 0), 0);
      expect(rows, k).toBe(table?.total[k]);
    }
  });

  it('takes the split only when it accounts for the whole book', () => {
    const split = {
      STONE: {
        expectedCents: 600_00,
        receivedCents: 500_00,
        lateCents: 0,
        paidShortCents: 0,
        takenBackCents: 0,
      },
    };
    expect(completeSplit(split, { forecastNetCents: 600_00, settledNetCents: 500_00 })).toBe(split);
    // Kept before the acquirer cells existed: part of the book is in no acquirer's cells.
    expect(completeSplit(split, { forecastNetCents: 1_000_00, settledNetCents: 500_00 })).toBeNull();
    expect(completeSplit(split, { forecastNetCents: 600_00, settledNetCents: 700_00 })).toBeNull();
  });

  it('marks an acquirer’s R$ 0,00 for a phone’s card to leave out, and keeps the totals row’s zeros', () => {
    const none = { expectedCents: 0, receivedCents: 0, lateCents: 0, paidShortCents: 0, takenBackCents: 0 };
    const byAcquirer = { STONE: { ...none, expectedCents: 600_00, receivedCents: 600_00 } };
    const empty = { count: 1, forecastNetCents: 600_00, settledNetCents: 600_00, differenceCents: 0 };
    const page = whoOwesWhatReportSection
      .html({ language: 'pt-BR', receivables: { total: empty, byStatus: {} }, attention: [], byAcquirer })
      .toString();
    const [body = '', foot = ''] = page.split('<tfoot>');
    expect(body).toContain('<td data-label="Previsto" class="num">R$ 600,00</td>');
    expect(body).toContain('<td data-label="Atrasado" class="num zero">R$ 0,00</td>');
    // The rule hides the acquirers' zeros only (tbody): the totals row is in tfoot.
    expect(foot).toContain('data-label="Atrasado" class="num zero">R$ 0,00</td>');
    expect(whoOwesWhatReportSection.style).toContain('#who-owes-what + p + .box tbody td.zero{display:none}');
    expect(whoOwesWhatReportSection.style).not.toMatch(/tfoot td\.zero|[^y] td\.zero/);
  });
});
