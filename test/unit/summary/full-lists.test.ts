/**
 * The full lists beside the report (docs/report.md, "Short by design"): a Brazilian Excel opens them
 * as written (BOM, `;`, comma decimals, dd/MM/yyyy, one header row), data text can never become a
 * formula, and the report's short tables link to them and count what they leave out.
 */
import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import { summaryMessage } from '../../../lambdas/core/report/message';
import { csvCount, csvDate, csvMoney, excelCsv } from '../../../lambdas/core/report-kit/csv';
import { moreLine, SHOWN_ROWS } from '../../../lambdas/core/report-kit/short-list';
import { buildRunSummary } from '../../support/run-summary';
import { late, summaryInput } from './fixtures';

describe('excelCsv', () => {
  it('writes a pt-BR Excel file: BOM, semicolons, comma decimals, dd/MM/yyyy, CRLF', () => {
    const csv = excelCsv(
      ['Adquirente', 'Vencimento', 'Diferença', 'Parcela'],
      [
        ['CIELO', csvDate('2025-02-09'), csvMoney(-123456), csvCount(2)],
        [null, csvDate(null), csvMoney(5), csvCount(null)],
      ],
    );
    expect(csv).toBe(
      '\ufeffAdquirente;Vencimento;Diferença;Parcela\r\nCIELO;09/02/2025;-1.234,56;2\r\n;;0,05;\r\n',
    );
  });

  it('quotes separators, quotes and line breaks, and keeps data text from being read as a formula', () => {
    const csv = excelCsv(
      ['Histórico'],
      [['PIX; "JOSÉ"'], ['linha\nquebrada'], ['=HYPERLINK("x")'], ['-1+1'], ['@SUM(A1)']],
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      '"PIX; ""JOSÉ"""',
      '"linha\nquebrada"',
      `"'=HYPERLINK(""x"")"`,
      "'-1+1",
      "'@SUM(A1)",
    ]);
  });
});

describe('the short report and its full lists', () => {
  it('shows each category’s largest rows, counts the rest and links the file the run wrote', () => {
    const book = [100, 200, 300, 400, 500].map((cents) => late(cents, `N${cents}`));
    const stamp = { finishedAt: new Date('2025-03-10T06:00:00Z'), language: 'pt-BR' as const };
    const summary = buildRunSummary(summaryInput(), book, stamp);
    const rest = book.length - SHOWN_ROWS;
    const linked = renderHtmlReport({ ...summary, fullLists: { OVERDUE: 'OVERDUE.csv' } });
    expect(linked).toContain(
      `Mais ${rest} linhas na <a href="OVERDUE.csv" download>lista completa (CSV)</a>.`,
    );
    // No file written, no link: the count alone.
    const unlinked = renderHtmlReport(summary);
    expect(unlinked).toContain(`<p class="muted more">Mais ${rest} linhas.</p>`);
    expect(unlinked).not.toContain('OVERDUE.csv');
  });

  it('says nothing under a list that shows everything and has no file', () => {
    expect(moreLine({ language: 'en' }, 'OVERDUE', 2, 2).toString()).toBe('');
    expect(
      moreLine({ language: 'en', fullLists: { OVERDUE: 'OVERDUE.csv' } }, 'OVERDUE', 2, 2).toString(),
    ).toBe('<p class="muted more"><a href="OVERDUE.csv" download>Full list (CSV)</a></p>');
  });
});

describe('the morning message', () => {
  it('ends with the report link, then one line per full list, each opened the same way', () => {
    const stamp = { finishedAt: new Date('2025-03-10T06:00:00Z'), language: 'pt-BR' as const };
    const summary = buildRunSummary(summaryInput(), [late(100, 'N1')], stamp);
    const url = (file: string) =>
      `https://bucket.s3.amazonaws.com/summaries/run=r/${file}?X-Amz-Signature=abc`;
    const presigned = (file: string) =>
      ({
        kind: 'presigned',
        url: url(file),
        expiresAt: '2025-03-10T18:00:00Z',
        uri: `s3://b/${file}`,
      }) as const;
    const message = summaryMessage(summary, presigned('report.html'), [
      { label: 'Atrasado', link: presigned('OVERDUE.csv') },
      {
        label: 'Crédito sem origem identificada',
        link: { kind: 'file', path: '/d/deposits-UNEXPLAINED_CREDIT.csv' },
      },
    ]);
    const lines = message.split('\n');
    expect(lines.slice(-3)).toEqual([
      'Listas completas (CSV, para o Excel):',
      `Atrasado: ${url('OVERDUE.csv')}`,
      'Crédito sem origem identificada: /d/deposits-UNEXPLAINED_CREDIT.csv',
    ]);
    expect(lines.indexOf(url('report.html'))).toBeLessThan(lines.length - 3);
    // Without lists, nothing after the report's link lines.
    expect(summaryMessage(summary, presigned('report.html'))).not.toContain('Listas completas');
  });
});
