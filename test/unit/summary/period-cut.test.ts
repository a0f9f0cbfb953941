/**
 * A run whose period ends days before its as-of date fetched no payment made after the period: its
 * late receivables may be paid already, and the report says so in one line under what needs action.
 */
import { describe, expect, it } from 'vitest';
import type { SummaryReceivable } from '../../../lambdas/core/book/types';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import type { ReportLanguage } from '../../../lambdas/core/report/types';
import type { SummaryInput } from '../../../lambdas/core/workflow/contracts';
import { buildRunSummary } from '../../support/run-summary';
import { late, summaryInput } from './fixtures';

/** Two receivables due 01/02/2025, unpaid: late as of 10/03/2025. */
const LATE: SummaryReceivable[] = [late(1_000, 'nsu-1'), late(2_000, 'nsu-2')];

function report(book: SummaryReceivable[], language: ReportLanguage, input: Partial<SummaryInput> = {}) {
  const summary = buildRunSummary(summaryInput(input), book, {
    finishedAt: new Date('2025-03-10T06:00:00Z'),
    language,
  });
  return renderHtmlReport(summary);
}

const cutLines = (html: string) => html.match(/<p class="bad period-cut">[^<]*<\/p>/g) ?? [];

describe('a period that stops before its payments could arrive', () => {
  it('says so in one line under what needs action, in the report’s language', () => {
    // Movement of 01/01 to 30/01/2025, as of 10/03/2025: February's payments were never fetched.
    const pt = report(LATE, 'pt-BR');
    expect(cutLines(pt)).toEqual([
      '<p class="bad period-cut">Este período termina em 30/01/2025 e os pagamentos feitos depois não foram buscados nesta execução: os 2 recebíveis atrasados podem já ter sido pagos; para conferir, execute o período até 09/03/2025.</p>',
    ]);
    expect(pt.indexOf('period-cut')).toBeGreaterThan(pt.indexOf('<h2>O que precisa de ação</h2>'));
    expect(pt.indexOf('period-cut')).toBeLessThan(pt.indexOf('<div class="cards">'));
    expect(cutLines(report([late(1_000, 'nsu-1')], 'en'))).toEqual([
      '<p class="bad period-cut">This period ends on 30 Jan 2025 and payments made later were not fetched by this run: the late receivable may already be paid; to check, run the period through 9 Mar 2025.</p>',
    ]);
  });

  it('says nothing for a nightly run (the period ends the day before) or when nothing is late', () => {
    expect(cutLines(report(LATE, 'pt-BR', { from: '2025-03-09', to: '2025-03-09' }))).toEqual([]);
    const settled: SummaryReceivable[] = [
      { status: 'SETTLED', forecastNetCents: 500, settledNetCents: 500, dueDate: '2025-02-01' },
    ];
    expect(cutLines(report(settled, 'pt-BR'))).toEqual([]);
  });
});
