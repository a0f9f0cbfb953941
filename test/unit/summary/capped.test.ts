import { describe, expect, it } from 'vitest';
import type { SummaryReceivable } from '../../../lambdas/core/book/types';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import { summaryMessage } from '../../../lambdas/core/report/message';
import type { ReportLanguage } from '../../../lambdas/core/report/types';
import { buildRunSummary } from '../../support/run-summary';
import { summaryInput } from './fixtures';

const receivables: SummaryReceivable[] = [
  {
    status: 'UNDERPAID',
    forecastNetCents: 10_000,
    settledNetCents: 7_000,
    dueDate: '2025-02-01',
    capped: true,
  },
  {
    status: 'OVERPAID',
    forecastNetCents: 10_000,
    settledNetCents: 10_500,
    dueDate: '2025-02-01',
    capped: true,
  },
  { status: 'SETTLED', forecastNetCents: 10_000, settledNetCents: 10_000, dueDate: '2025-02-01' },
];

const summaryIn = (language: ReportLanguage) =>
  buildRunSummary(summaryInput(), receivables, { finishedAt: new Date('2025-03-10T06:00:00Z'), language });

describe('capped receivables in the summary', () => {
  it('counts them with their money at stake, whatever their state', () => {
    expect(summaryIn('pt-BR').capped).toEqual({ count: 2, amountCents: 3_500 });
  });

  it.each([
    ['pt-BR', 'Limite de registros atingido', 'R$ 35,00'],
    ['en', 'Record limit reached', 'R$ 35.00'],
  ] as const)(
    'shows them among what needs action in the %s report and message',
    (language, label, amount) => {
      const summary = summaryIn(language);
      const html = renderHtmlReport(summary);
      expect(html).toContain(`<a class="card CAPPED" href="#CAPPED">`);
      expect(html).toContain(`<p id="CAPPED" class="CAPPED">${label}: `);
      expect(html).toContain('TOO_MANY_CONTRIBUTIONS');
      const message = summaryMessage(summary, { kind: 'file', path: '/tmp/report.html' });
      expect(message).toContain(`${label}: `);
      expect(message.split('\n').find((line) => line.includes(label))).toContain(amount);
    },
  );

  it('shows no capped card (nothing at stake) and no note when nothing is capped', () => {
    const summary = buildRunSummary(summaryInput(), receivables.slice(2), {
      finishedAt: new Date('2025-03-10T06:00:00Z'),
      language: 'en',
    });
    const html = renderHtmlReport(summary);
    expect(html).not.toContain('card CAPPED');
    expect(html).not.toContain('Record limit reached');
    expect(html).not.toContain('<p id="CAPPED"');
  });

  it('never says R$ 0,00 at stake: capped receivables without a known amount show their count', () => {
    const settledCapped = { ...receivables[2], capped: true } as SummaryReceivable;
    const summary = buildRunSummary(summaryInput(), [settledCapped], {
      finishedAt: new Date('2025-03-10T06:00:00Z'),
      language: 'pt-BR',
    });
    const html = renderHtmlReport(summary);
    const card = html.match(/<a class="card CAPPED"[\s\S]*?<\/a>/)?.[0] ?? '';
    expect(card).toContain('<span class="amount">1 recebível</span>');
    expect(card).not.toContain('R$');
  });
});
