/**
 * The report as a São Paulo finance manager reads it at 8 am: what needs action largest money first
 * (the morning message's order), every label in the report's words with codes only as small print,
 * nothing that says nothing is at stake, and figures that agree (late = past grace everywhere).
 */
import { describe, expect, it } from 'vitest';
import type { SummaryReceivable } from '../../../lambdas/core/book/types';
import { QUARANTINE_REASONS } from '../../../lambdas/core/ingest/records/canonical';
import { actionCategoriesByAmount } from '../../../lambdas/core/report/action-order';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import { textsFor } from '../../../lambdas/core/report/i18n';
import type { ReportLanguage } from '../../../lambdas/core/report/types';
import { escapeHtml } from '../../../lambdas/core/report-kit/escape';
import { buildRunSummary } from '../../support/run-summary';
import { job, late, summaryInput } from './fixtures';

/** As of 10/03/2025: R$ 173,20 paid short, R$ 19.866,95 late (24), one due but within grace, one not due. */
const BOOK: SummaryReceivable[] = [
  {
    status: 'UNDERPAID',
    forecastNetCents: 100_000,
    settledNetCents: 82_680,
    dueDate: '2025-02-01',
    nsu: 's',
  },
  ...Array.from({ length: 24 }, (_, i) => late(i === 0 ? 1_986_695 - 23 * 10 : 10, `nsu-${i}`)),
  { status: 'OPEN', forecastNetCents: 3_000, settledNetCents: null, dueDate: '2025-03-08' },
  { status: 'OPEN', forecastNetCents: 5_000, settledNetCents: null, dueDate: '2025-04-01' },
  { status: 'SETTLED', forecastNetCents: 50_000, settledNetCents: 50_000, dueDate: '2025-02-01' },
];

const ERROR = 'ProviderHttpError: listReports: HTTP 404';
const CODES = ['CONFLICTING_VALUES', 'TOO_LONG', 'CODPRODUTO', 'NSU_X', 'ProviderHttpError', 'HTTP 404'];

const INPUT = summaryInput({
  jobs: [
    job({
      counts: {
        received: 10,
        byCode: { A1: 8 },
        quarantinedByReason: { CONFLICTING_VALUES: 1, TOO_LONG: 1 },
        drift: { unknownColumns: ['CODPRODUTO'], missingFields: ['NSU_X'] },
      },
    }),
    job({ kind: 'financial', outcome: 'FAILED', error: ERROR }),
  ],
});

function reportIn(language: ReportLanguage) {
  const summary = buildRunSummary(INPUT, BOOK, { finishedAt: new Date('2025-03-10T06:00:00Z'), language });
  return { summary, html: renderHtmlReport(summary) };
}

/** The page without its small print: what the reader reads first. */
const withoutSmallPrint = (html: string) => html.replace(/<small class="code">[^<]*<\/small>/g, '');

/** The text of each cell of the table row whose first cell is `first`. */
function rowCells(html: string, first: string): string[] {
  const row = html
    .split('\n')
    .find((line) => line.startsWith(`<tr><td data-label="`) && line.includes(`>${first}</td>`));
  return [...(row ?? '').matchAll(/<td[^>]*>([^<]*)/g)].map((m) => m[1] ?? '');
}

describe.each(['pt-BR', 'en'] as const)('the report a finance manager acts on (%s)', (language) => {
  const { summary, html } = reportIn(language);
  const t = textsFor(language);

  it('orders the cards and their item lists by money at stake, as the morning message does', () => {
    const cards = [...html.matchAll(/<a class="card (\w+)"/g)].map((m) => m[1]);
    expect(cards).toEqual(actionCategoriesByAmount(summary).map((c) => c.state));
    expect(cards).toEqual(['OVERDUE', 'UNDERPAID']);
    expect(html.indexOf('<h3 id="OVERDUE"')).toBeLessThan(html.indexOf('<h3 id="UNDERPAID"'));
  });

  it('has no card or state line with nothing at stake', () => {
    for (const empty of ['OVERPAID', 'UNEXPECTED', 'CAPPED']) {
      expect(html).not.toContain(`card ${empty}`);
      expect(html).not.toContain(`>${t.states[empty]}<`);
    }
    // No card and no row is drawn for nothing (an acquirer's R$ 0,00 cell in "who owes what" is a
    // figure of a row that has others; a phone leaves it out through its `zero` cell class).
    expect(html).not.toMatch(/class="card[^"]*zero|<tr[^>]*zero/);
    const zeroCells = [...html.matchAll(/<td[^>]*class="num zero">([^<]*)</g)].map((m) => m[1]);
    for (const text of zeroCells) expect(text).toMatch(/^[^1-9]*0[^1-9]*$/);
    // Aging: all 24 late ones are 37 days past due; the other late buckets are empty.
    expect(rowCells(html, t.aging.range(31, 60))[1]).toBe('24');
    for (const empty of [t.aging.range(1, 30), t.aging.range(61, 90), t.aging.over(91)]) {
      expect(rowCells(html, empty)).toEqual([]);
    }
  });

  it('words quarantine reasons, layout changes and failures plainly, codes only as small print', () => {
    const read = withoutSmallPrint(html);
    for (const code of CODES) {
      expect(html).toContain(code);
      expect(read).not.toContain(code);
    }
    const words = t.recordsSection;
    for (const text of [words.reasons.CONFLICTING_VALUES, words.reasons.TOO_LONG]) {
      expect(read).toContain(escapeHtml(text));
    }
    expect(read).toContain(`<p>${escapeHtml(words.unknownColumns)}: </p>`);
    expect(read).toContain(`<p>${escapeHtml(words.missingFields)}: </p>`);
    expect(read).toContain(escapeHtml(`: ${t.message.outcomes.FAILED}. ${t.failures.whatToDo.FAILED}`));
    const technical = t.message.technicalDetail(`FAILED — ${ERROR}`);
    expect(html).toContain(`<small class="code">${escapeHtml(technical)}</small>`);
  });

  it('counts as late only what is past grace, the within-grace money on its own line', () => {
    expect(rowCells(html, t.aging.withinGrace)).toEqual([
      t.aging.withinGrace,
      '1',
      expect.stringMatching(/30[,.]00$/),
    ]);
    const lateRows = summary.aging.buckets.filter((b) => b.kind === 'late');
    expect(lateRows.reduce((n, b) => n + b.count, 0)).toBe(24);
    // The aging note and the late card say the same number.
    expect(html).toContain(t.aging.note(t.receivables(24), '2'));
    const card = html.match(/<a class="card OVERDUE"[\s\S]*?<\/a>/)?.[0] ?? '';
    expect(card).toContain(`>${t.receivables(24)}<`);
  });

  it('shows a late receivable’s difference the same way in the state table and its item table', () => {
    const state = rowCells(html, t.states.OVERDUE ?? '');
    expect(state[2]).toMatch(/19[.,]866[.,]95$/);
    expect(state[4]).toBe(`-${state[2]}`);
    const item = html.split('\n').find((line) => line.includes('NSU\u00a0nsu-0'));
    const cells = [...(item ?? '').matchAll(/<td[^>]*>([^<]*)/g)].map((m) => m[1]);
    expect(cells[4]).toBe(`-${cells[2]}`);
    // Open receivables owe nothing yet: no difference.
    expect(rowCells(html, t.states.OPEN ?? '')[4]).toBe('—');
  });
});

describe('labels of every quarantine reason', () => {
  it.each(['pt-BR', 'en'] as const)('are plain words in %s', (language) => {
    const reasons = textsFor(language).recordsSection.reasons;
    for (const reason of QUARANTINE_REASONS) {
      expect(reasons[reason]).toMatch(/^[a-zà-ú]/);
      expect(reasons[reason]).not.toContain(reason);
    }
  });
});

it('writes English only in the English report', () => {
  const read = withoutSmallPrint(reportIn('en').html);
  expect(read).not.toMatch(/recebíve|Atrasado|carência|provedor|Mudanças/);
});
