/**
 * What a finance person reads at the terminal: `recon receivables`' default table (the columns that
 * matter, R$ and dd/MM/yyyy, states in the report's words) and the states of `recon run`'s summary
 * table, both in the report's language.
 */
import { describe, expect, it } from 'vitest';
import { readableReceivables } from '../../../cli/receivables-table';
import { renderSummaryTable } from '../../../cli/runner/table';
import { environmentName } from '../../../lambdas/core/report/i18n';
import { formatDate } from '../../../lambdas/core/report-kit/dates';
import { buildRunSummary } from '../../support/run-summary';
import { late, summaryInput } from '../summary/fixtures';

const SHORT = {
  acquirer: 'CIELO',
  merchant: '1023456',
  saleDate: '2025-01-20',
  nsu: '519543',
  installment: 1,
  dueDate: '2025-02-19',
  forecastNetCents: 391_579,
  settledNetCents: 390_250,
  differenceCents: -1_329,
  status: 'UNDERPAID',
} as const;

describe('recon receivables’ readable table', () => {
  it('has the columns that matter, money in R$, dates as the report writes them, states in its words', () => {
    const [head, row, ...rest] = readableReceivables([SHORT], 'pt-BR').split('\n');
    expect(head?.split(/\s{2,}/)).toEqual([
      'Adquirente',
      'Estabelecimento',
      'Venda',
      'NSU',
      'Parcela',
      'Vencimento',
      'Previsto',
      'Recebido',
      'Diferença',
      'Situação',
    ]);
    expect(row?.split(/\s{2,}/)).toEqual([
      'CIELO',
      '1023456',
      '20/01/2025',
      '519543',
      '1',
      '19/02/2025',
      'R$ 3.915,79',
      'R$ 3.902,50',
      '-R$ 13,29',
      'Pago a menor',
    ]);
    expect(rest).toEqual(['']);
  });

  it('writes English by option, and leaves an unknown forecast empty', () => {
    const text = readableReceivables([{ ...SHORT, forecastNetCents: null, status: 'UNEXPECTED' }], 'en');
    expect(text).toContain('Acquirer');
    expect(text).toContain('20 Jan 2025');
    expect(text).toContain('Paid without forecast');
    expect(text).not.toMatch(/R\$ 3,915|Adquirente/);
  });

  it('prints no difference for what owes nothing yet or at all, as the report does', () => {
    const open = readableReceivables(
      [{ ...SHORT, settledNetCents: 0, differenceCents: -391_579, status: 'OPEN' }],
      'pt-BR',
    );
    expect(
      open
        .split('\n')[1]
        ?.split(/\s{2,}/)
        .slice(-2),
    ).toEqual(['—', 'Em aberto']);
  });
});

describe('recon run’s summary table', () => {
  it('names the states with the report’s labels, in the report’s language', () => {
    for (const [language, label] of [
      ['pt-BR', 'Atrasado'],
      ['en', 'Late'],
    ] as const) {
      const summary = buildRunSummary(summaryInput(), [late(1_000, 'nsu-1')], {
        finishedAt: new Date('2025-03-10T06:00:00Z'),
        language,
      });
      const table = renderSummaryTable(summary, '/tmp/report.html');
      expect(table).toMatch(new RegExp(`^${label}\\s+1\\s`, 'm'));
      expect(table).not.toMatch(/^OVERDUE\s/m);
    }
  });

  it('writes its headings, dates and outcome in the report’s language', () => {
    const summary = buildRunSummary(summaryInput(), [late(123_456, 'nsu-1')], {
      finishedAt: new Date('2025-03-10T06:00:00Z'),
      language: 'pt-BR',
    });
    const table = renderSummaryTable(summary, '/tmp/report.html');
    expect(table).toMatch(/^Situação\s+Recebíveis\s+Previsto\s+Recebido\s+Diferença$/m);
    expect(table).toContain(`${summary.runId} (${environmentName(summary.environment, 'pt-BR')})`);
    expect(table).toContain(`${formatDate(summary.from, 'pt-BR')} a ${formatDate(summary.to, 'pt-BR')}`);
    expect(table).toMatch(/: concluída\n/);
    expect(table).toContain('relatório: /tmp/report.html');
    expect(table).not.toMatch(/\b(receivables|forecast|settled|as of|requests made)\b/);
  });

  it('ends with the command that opens the pendências in the browser, when given one', () => {
    const summary = buildRunSummary(summaryInput(), [late(1_000, 'nsu-1')], {
      finishedAt: new Date('2025-03-10T06:00:00Z'),
      language: 'pt-BR',
    });
    const table = renderSummaryTable(summary, '/tmp/report.html', 'npx recon inbox');
    expect(table.trimEnd().split('\n').at(-1)).toBe('pendências no navegador: npx recon inbox');
    expect(renderSummaryTable(summary, '/tmp/report.html')).not.toContain('recon inbox');
  });
});
