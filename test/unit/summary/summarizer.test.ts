import { describe, expect, it } from 'vitest';
import type { SummaryReceivable } from '../../../lambdas/core/book/types';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import { buildSummarizer } from '../../../lambdas/core/report/summarizer';
import type { ReportLanguage } from '../../../lambdas/core/report/types';
import { escapeHtml } from '../../../lambdas/core/report-kit/escape';
import { job, summaryInput } from './fixtures';

const HOSTILE = '<script>alert("x")</script>&\'';

function harness(receivables: SummaryReceivable[], language: ReportLanguage = 'pt-BR', inboxUrl?: string) {
  const objects = new Map<string, { body: string; contentType: string }>();
  const published: { subject: string; message: string }[] = [];
  async function* list() {
    yield* receivables;
  }
  const summarize = buildSummarizer({
    listReceivables: list,
    writeObject: async (key, body, contentType) => {
      objects.set(key, { body, contentType });
    },
    publish: async (subject, message) => {
      published.push({ subject, message });
    },
    reportLink: async (key) => ({ kind: 'file', path: `/data/${key}` }),
    now: () => new Date('2025-03-10T06:00:05.000Z'),
    language,
    ...(inboxUrl === undefined ? {} : { inboxUrl }),
  });
  return { summarize, objects, published };
}

describe('summarizer', () => {
  it('writes the JSON and HTML under the run prefix and publishes a short message', async () => {
    const { summarize, objects, published } = harness([
      { status: 'SETTLED', forecastNetCents: 123_456, settledNetCents: 123_456, dueDate: '2025-02-01' },
    ]);
    const summary = await summarize(summaryInput());
    expect([...objects.keys()]).toEqual([
      'summaries/run=run-1/summary.json',
      'summaries/run=run-1/report.html',
      'summaries/latest.json',
    ]);
    expect(JSON.parse(objects.get('summaries/latest.json')?.body ?? '')).toEqual({
      runId: 'run-1',
      from: summary.from,
      to: summary.to,
      asOf: summary.asOf,
      finishedAt: '2025-03-10T06:00:05.000Z',
      outcome: 'SUCCEEDED',
      summaryKey: 'summaries/run=run-1/summary.json',
      reportKey: 'summaries/run=run-1/report.html',
    });
    expect(JSON.parse(objects.get('summaries/run=run-1/summary.json')?.body ?? '')).toEqual(summary);
    const html = objects.get('summaries/run=run-1/report.html');
    expect(html?.contentType).toContain('text/html');
    expect(html?.body).toContain('R$ 1.234,56');
    expect(html?.body).toContain('<svg');
    expect(published).toHaveLength(1);
    expect(published[0]?.subject).toBe('recon (homologacao): nada pede acao - 30/01/2025');
  });

  it("keeps the inbox's address in the summary, so the report, the message and every copy link into it", async () => {
    const book: SummaryReceivable[] = [
      { status: 'UNDERPAID', forecastNetCents: 200_000, settledNetCents: 76_544, dueDate: '2025-02-03' },
    ];
    const { summarize, objects, published } = harness(book, 'pt-BR', 'https://inbox.example');
    const summary = await summarize(summaryInput());
    expect(summary.inboxUrl).toBe('https://inbox.example');
    expect(objects.get('summaries/run=run-1/report.html')?.body).toContain(
      'href="https://inbox.example/?tipo=PAID_SHORT"',
    );
    expect(published[0]?.message.split('\n').at(-1)).toBe('https://inbox.example/');
    expect((await harness(book).summarize(summaryInput())).inboxUrl).toBeUndefined();
  });

  it('says FALHOU in the subject and puts failures before the money in the report', async () => {
    const { summarize, objects, published } = harness([]);
    const failed = job({ outcome: 'DEADLINE_PASSED', error: 'report not ready before the deadline' });
    await summarize(summaryInput({ jobs: [failed] }));
    expect(published[0]?.subject).toContain('FALHOU');
    expect(published[0]?.message).toContain('report not ready before the deadline');
    const body = objects.get('summaries/run=run-1/report.html')?.body ?? '';
    expect(body.indexOf('<h2>Falhas</h2>')).toBeGreaterThan(-1);
    expect(body.indexOf('<h2>Falhas</h2>')).toBeLessThan(body.indexOf('<h2>O que precisa de ação</h2>'));
  });

  it('writes Portuguese by default and English by option, report and message alike', async () => {
    const book: SummaryReceivable[] = [
      { status: 'UNDERPAID', forecastNetCents: 200_000, settledNetCents: 76_544, dueDate: '2025-02-03' },
    ];
    const pt = harness(book);
    await pt.summarize(summaryInput());
    const ptHtml = pt.objects.get('summaries/run=run-1/report.html')?.body ?? '';
    expect(ptHtml).toContain('<html lang="pt-BR">');
    expect(ptHtml).toContain('Pago a menor');
    expect(ptHtml).toContain('R$ 1.234,56');
    expect(ptHtml).toContain('03/02/2025');
    expect(ptHtml).not.toMatch(/Paid short|2025-02-03|entries/);
    expect(pt.published[0]?.message).toContain('Pago a menor: 1 recebível, R$ 1.234,56 faltam receber');
    const en = harness(book, 'en');
    await en.summarize(summaryInput());
    const enHtml = en.objects.get('summaries/run=run-1/report.html')?.body ?? '';
    expect(enHtml).toContain('<html lang="en">');
    expect(enHtml).toContain('Paid short');
    expect(enHtml).toContain('R$ 1,234.56');
    expect(enHtml).not.toMatch(/Pago a menor|recebíveis/);
    expect(en.published[0]?.message).toContain('Paid short: 1 receivable, R$ 1,234.56 still to receive');
    // The subject is the verdict in the reader's language now, the same "recon" first for mail filters.
    expect(pt.published[0]?.subject).toBe('recon (homologacao): R$ 1.234,56 pedem acao - 30/01/2025');
    expect(en.published[0]?.subject).toBe('recon (sandbox): R$ 1,234.56 need action - 30 Jan 2025');
  });
});

describe('HTML report', () => {
  it('escapes every string that comes from data', async () => {
    const { summarize } = harness([
      { status: HOSTILE, forecastNetCents: 1, settledNetCents: 0, dueDate: HOSTILE },
      {
        status: 'UNDERPAID',
        forecastNetCents: 10,
        settledNetCents: 5,
        dueDate: null,
        acquirer: HOSTILE,
        merchant: HOSTILE,
        saleDate: HOSTILE,
        nsu: HOSTILE,
      },
    ]);
    const input = summaryInput({
      runId: HOSTILE,
      jobs: [
        job({
          reportId: HOSTILE,
          outcome: 'FAILED',
          error: HOSTILE,
          counts: {
            received: 1,
            byCode: { [HOSTILE]: 1 },
            quarantinedByReason: { [HOSTILE]: 1 },
            drift: { unknownColumns: [HOSTILE], missingFields: [HOSTILE] },
          },
        }),
      ],
    });
    const html = renderHtmlReport(await summarize(input));
    expect(html).not.toContain('<script');
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain(escapeHtml(HOSTILE));
  });

  it('is self-contained: no external resources or scripts', async () => {
    const { summarize } = harness([
      { status: 'OPEN', forecastNetCents: 10, settledNetCents: null, dueDate: '2025-04-01' },
    ]);
    const html = renderHtmlReport(await summarize(summaryInput()));
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/i);
    expect(html.match(/https?:\/\/[^"]+/g)).toEqual(['http://www.w3.org/2000/svg']);
  });
});
