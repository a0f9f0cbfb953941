import { describe, expect, it } from 'vitest';
import type { SummaryReceivable } from '../../../lambdas/core/book/types';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import type { ReportLanguage } from '../../../lambdas/core/report/types';
import { buildRunSummary } from '../../support/run-summary';
import { summaryInput } from './fixtures';

const receivables: SummaryReceivable[] = [
  {
    status: 'UNDERPAID',
    forecastNetCents: 9_800,
    settledNetCents: 9_700,
    dueDate: '2025-02-01',
    nsu: '111',
    reason: 'POSSIBLE_CORRECTION',
  },
  {
    status: 'UNDERPAID',
    forecastNetCents: 9_800,
    settledNetCents: 9_000,
    dueDate: '2025-02-01',
    nsu: '222',
    reason: 'SHORT_PAYMENT',
  },
];

const summaryIn = (language: ReportLanguage) =>
  buildRunSummary(summaryInput(), receivables, { finishedAt: new Date('2025-03-10T06:00:00Z'), language });

describe('receivables that need a review', () => {
  it.each([
    ['pt-BR', 'pagamento possivelmente corrigido: verificar'],
    ['en', 'payment possibly corrected: check'],
  ] as const)(
    'names the review reason next to the item in the %s report, and only there',
    (language, label) => {
      const summary = summaryIn(language);
      const underpaid = summary.attention.find((c) => c.state === 'UNDERPAID');
      expect(underpaid?.largest.map((item) => item.review)).toEqual([undefined, 'POSSIBLE_CORRECTION']);
      const html = renderHtmlReport(summary);
      expect(html.split(label)).toHaveLength(2);
    },
  );
});
