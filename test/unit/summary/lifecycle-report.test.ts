/**
 * The report's and message's lifecycle parts: chargebacks with their amount and date among what
 * needs action, the period's fees and debits per acquirer, cancellations and advances as
 * information, and the records without a configured role with the setting that would classify them.
 */
import { describe, expect, it } from 'vitest';
import type { AccountItem } from '../../../lambdas/core/account-items/account-items';
import { buildFeesReader, periodFees } from '../../../lambdas/core/account-items/period-fees';
import type { SummaryReceivable } from '../../../lambdas/core/book/types';
import { mergeIngestCounts } from '../../../lambdas/core/ingest/lake/counts';
import { bookFromReceivables, buildRunSummaryFromBook } from '../../../lambdas/core/report/compute';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import { summaryMessage } from '../../../lambdas/core/report/message';
import type { ReportLanguage } from '../../../lambdas/core/report/types';
import { job, summaryInput } from './fixtures';

const occurrences = (copies: number) => ({ copies, pages: {}, edges: {}, seam: false, firstReport: 'r1' });
const entry = (
  hash: string,
  role: 'FEE' | 'ADJUSTMENT',
  netCents: number,
  reasonText: string | null,
  copies = 1,
) => ({
  hash,
  role,
  netCents,
  reasonText,
  occurrences: occurrences(copies),
});
const ITEMS: AccountItem[] = [
  {
    acquirer: 'CIELO',
    merchant: '1234',
    date: '2025-01-10',
    version: 1,
    entries: [entry('a', 'FEE', 8_990, 'ALUGUEL POS', 2), entry('b', 'ADJUSTMENT', -1_500, 'AJUSTE DEBITO')],
  },
  {
    acquirer: 'REDE',
    merchant: '99',
    date: '2025-01-12',
    version: 1,
    entries: [entry('c', 'FEE', 4_500, null)],
  },
  {
    acquirer: 'CIELO',
    merchant: '77',
    date: '2025-01-20',
    version: 1,
    entries: [entry('d', 'ADJUSTMENT', 300, null)],
  },
];

const sale = { acquirer: 'CIELO', merchant: '1234', saleDate: '2025-01-02', installment: 1 };
const RECEIVABLES: SummaryReceivable[] = [
  {
    ...sale,
    nsu: 'cb-small',
    status: 'CHARGED_BACK',
    forecastNetCents: 2_000,
    settledNetCents: 2_000,
    dueDate: '2025-01-20',
    differenceCents: -2_000,
    chargedBackNetCents: 2_000,
    lastChargebackDate: '2025-01-25',
  },
  {
    ...sale,
    nsu: 'cb-large',
    status: 'CHARGED_BACK',
    forecastNetCents: 50_000,
    settledNetCents: 50_000,
    dueDate: '2025-01-20',
    differenceCents: -50_000,
    chargedBackNetCents: 50_000,
    lastChargebackDate: '2025-01-28',
  },
  {
    ...sale,
    nsu: 'short',
    status: 'UNDERPAID',
    forecastNetCents: 10_000,
    settledNetCents: 9_000,
    dueDate: '2025-01-20',
  },
  {
    ...sale,
    nsu: 'x',
    status: 'CANCELLED',
    forecastNetCents: 7_000,
    settledNetCents: 0,
    dueDate: null,
    cancelledNetCents: 7_000,
  },
  {
    ...sale,
    nsu: 'adv',
    status: 'ADVANCED',
    forecastNetCents: 10_000,
    settledNetCents: 9_700,
    dueDate: '2025-02-20',
    differenceCents: 0,
    advanceFeeCents: 300,
  },
];

const unclassifiedJob = job({
  kind: 'financial',
  counts: {
    ...job().counts,
    unclassified: [
      { code: 'G1', why: 'NO_ROLE', count: 4, setting: '{"recordRoles":{"G1":"<ROLE>"}}' },
      {
        code: 'E1',
        column: 'TIPOLANCAMENTO',
        value: '7',
        why: 'NO_RULE_FOR_VALUE',
        count: 2,
        setting: '{"recordRoles":{"E1":{"column":"TIPOLANCAMENTO","values":{"7":"<ROLE>"}}}}',
      },
    ],
  },
});

function summary(language: ReportLanguage) {
  const input = summaryInput({
    jobs: [job({ counts: { ...job().counts, byCode: { A1: 8, G1: 1 } } }), unclassifiedJob],
  });
  const book = bookFromReceivables(RECEIVABLES, input.asOf);
  const stamp = { finishedAt: new Date('2025-03-10T06:01:30.000Z'), language };
  return buildRunSummaryFromBook(input, book, stamp, periodFees(ITEMS));
}

describe('the period fees', () => {
  it('total per acquirer (copies counted) and list the largest entries first', () => {
    const { items, ...fees } = periodFees(ITEMS);
    // Four entries, fewer than the largest kept: the full list is the same, in the same order.
    expect(items).toEqual(fees.largest);
    // Past the limit the page keeps the largest and the full list every entry.
    const one = periodFees(ITEMS, 1);
    expect([one.largest, one.items]).toEqual([fees.largest.slice(0, 1), fees.largest]);
    expect(fees).toEqual({
      byAcquirer: [
        { acquirer: 'CIELO', feeCents: 17_980, adjustmentNetCents: -1_200, count: 4 },
        { acquirer: 'REDE', feeCents: 4_500, adjustmentNetCents: 0, count: 1 },
      ],
      largest: [
        {
          acquirer: 'CIELO',
          merchant: '1234',
          date: '2025-01-10',
          role: 'FEE',
          amountCents: 17_980,
          reasonText: 'ALUGUEL POS',
        },
        {
          acquirer: 'REDE',
          merchant: '99',
          date: '2025-01-12',
          role: 'FEE',
          amountCents: 4_500,
          reasonText: null,
        },
        {
          acquirer: 'CIELO',
          merchant: '1234',
          date: '2025-01-10',
          role: 'ADJUSTMENT',
          amountCents: -1_500,
          reasonText: 'AJUSTE DEBITO',
        },
        {
          acquirer: 'CIELO',
          merchant: '77',
          date: '2025-01-20',
          role: 'ADJUSTMENT',
          amountCents: 300,
          reasonText: null,
        },
      ],
    });
  });

  it('are read per acquirer over the run period only', async () => {
    const asked: unknown[] = [];
    const read = buildFeesReader(async (acquirer, from, to) => {
      asked.push([acquirer, from, to]);
      return ITEMS.filter((i) => i.acquirer === acquirer);
    });
    const fees = await read({
      acquirers: ['REDE'],
      from: '2025-01-01',
      to: '2025-01-31',
      asOf: '2025-02-01',
    });
    expect(asked).toEqual([['REDE', '2025-01-01', '2025-01-31']]);
    expect(fees.byAcquirer.map((a) => a.acquirer)).toEqual(['REDE']);
  });
});

describe('unclassified records in the counts and the summary', () => {
  it('merge over pages and jobs by code and value, largest first', () => {
    const { unclassified } = unclassifiedJob.counts;
    const twice = mergeIngestCounts(unclassifiedJob.counts, {
      ...unclassifiedJob.counts,
      acquirers: ['REDE'],
    });
    expect(twice.unclassified?.map((g) => [g.code, g.count])).toEqual([
      ['G1', 8],
      ['E1', 4],
    ]);
    expect(twice.acquirers).toEqual(['REDE']);
    expect(mergeIngestCounts(job().counts, job().counts)).not.toHaveProperty('unclassified');
    expect(summary('pt-BR').unclassified).toEqual(unclassified);
  });
});

describe('the report', () => {
  it('lists chargebacks largest first with amount and date, and the fees, information and unclassified sections', () => {
    const s = summary('pt-BR');
    const html = renderHtmlReport(s);
    const chargebacks = s.attention.find((c) => c.state === 'CHARGED_BACK');
    expect(chargebacks?.largest.map((i) => i.nsu)).toEqual(['cb-large', 'cb-small']);
    expect(html).toContain('chargeback de R$ 500,00 em 28/01/2025');
    expect(html.indexOf('cb-large')).toBeLessThan(html.indexOf('cb-small'));
    expect(html).toContain('Tarifas e débitos do período');
    expect(html).toContain('-R$ 179,80');
    expect(html).toContain('ALUGUEL POS');
    expect(html).toContain('Cancelamentos e antecipações');
    expect(html).toContain('Taxas de antecipação');
    expect(html).toContain('R$ 3,00');
    expect(html).toContain('Registros sem papel configurado');
    expect(html).toContain('E1 · TIPOLANCAMENTO = 7');
    expect(html).toContain('Defina em recordRoles o papel dos registros G1');
    expect(html).toContain(
      '<code>{&quot;recordRoles&quot;:{&quot;G1&quot;:&quot;&lt;ROLE&gt;&quot;}}</code>',
    );
    // The records table names the code's meaning first, the code itself as small print (docs/report.md).
    expect(html).toMatch(/sem papel configurado[^<]*<small class="code">G1<\/small>/);
    expect(html).not.toContain('sem significado definido');
  });

  it('speaks English too', () => {
    const html = renderHtmlReport(summary('en'));
    expect(html).toContain('chargeback of R$ 500.00 on 28 Jan 2025');
    expect(html).toContain('Fees and debits of the period');
    expect(html).toContain('Cancellations and advances');
    expect(html).toContain('Records without a configured role');
  });

  it('leaves the sections out when there is nothing to show', () => {
    const input = summaryInput();
    const stamp = { finishedAt: new Date('2025-03-10T06:01:30.000Z'), language: 'pt-BR' as const };
    const html = renderHtmlReport(buildRunSummaryFromBook(input, bookFromReceivables([], input.asOf), stamp));
    expect(html).not.toContain('Tarifas e débitos do período');
    expect(html).not.toContain('Cancelamentos e antecipações');
    expect(html).not.toContain('Registros sem papel configurado');
  });
});

describe('the morning message', () => {
  it('names chargebacks among the actions, largest first, with their date', () => {
    const message = summaryMessage(summary('pt-BR'), { kind: 'file', path: '/tmp/report.html' });
    const lines = message.split('\n');
    const head = lines.findIndex((l) => l.startsWith('  Chargeback:'));
    expect(head).toBeGreaterThan(-1);
    expect(lines[head + 1]).toContain('cb-large');
    expect(lines[head + 1]).toContain('chargeback de R$ 500,00 em 28/01/2025');
    expect(lines[head + 2]).toContain('cb-small');
    // Largest money first: the chargebacks (R$ 520) before the short payment (R$ 10).
    expect(head).toBeLessThan(lines.findIndex((l) => l.startsWith('  Pago a menor:')));
  });
});
