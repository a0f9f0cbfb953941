/**
 * "Quem deve o quê": the report's table of who owes what per acquirer, right after what needs action
 * (docs/report.md). Information for the call to each acquirer: the cards above already carry the
 * actions, so it has no entry of its own there and no line in the morning message.
 */
import { html, type SafeHtml } from '../report-kit/escape';
import type { ReportSection } from '../report-kit/section';
import { type Cell, cellsFor, renderTable } from '../report-kit/table';
import type { ReportLanguage } from '../report-language';
import { bookTextsFor } from './report-texts';
import { type OwedFigures, type WhoOwesWhatInput, whoOwesWhat } from './who-owes-what';

/** What the section reads of the run summary. */
export interface WhoOwesWhatReportInput extends WhoOwesWhatInput {
  readonly language: ReportLanguage;
}

/** The figures in column order, each under its column's word. */
const FIGURES = {
  expectedCents: 'expected',
  receivedCents: 'received',
  lateCents: 'late',
  paidShortCents: 'paidShort',
  takenBackCents: 'takenBack',
  feesAboveContractCents: 'feesAboveContract',
  depositsMissingCents: 'depositsMissing',
} as const satisfies Record<keyof OwedFigures, string>;

/** The table's box, for the section's CSS. */
const BOX = '#who-owes-what + p + .box';

function whoOwesWhatHtml(s: WhoOwesWhatReportInput): SafeHtml {
  const table = whoOwesWhat(s);
  if (table === null) return html``;
  const w = bookTextsFor(s.language).whoOwesWhat;
  const cell = cellsFor(s.language);
  // A part the run did not read (no rate table, no statement) has its own section saying so.
  const shown = (Object.keys(FIGURES) as (keyof OwedFigures)[]).filter((k) => table.total[k] !== null);
  const columns = [
    { label: w.columns.acquirer },
    ...shown.map((k) => ({ label: w.columns[FIGURES[k]], num: true })),
  ];
  const figures = (f: OwedFigures): Cell[] =>
    shown.map((k) => {
      const cents = f[k];
      // Left empty: a dash on a wide screen, no line at all in a phone's card (the section's CSS).
      if (cents === null) return { text: '', kind: 'num' };
      return cents === 0 ? { ...cell.money(0), kind: 'zero' } : cell.money(cents);
    });
  const rows = table.acquirers.map((a) => [cell.text(a.acquirer), ...figures(a)]);
  const foot = [cell.text(w.total), ...figures(table.total)];
  // Kept totals not recounted since the per-acquirer cells came: the book's figures are whole-book only.
  const bookOnly =
    table.acquirers.length > 0 && s.byAcquirer === undefined
      ? html`\n<p class="muted">${w.bookOnly}</p>`
      : '';
  return html`<h2 id="who-owes-what">${w.heading}</h2>
<p class="muted">${w.note}</p>
${renderTable(columns, rows, { none: w.none, foot })}${bookOnly}`;
}

export const whoOwesWhatReportSection: ReportSection<WhoOwesWhatReportInput> = {
  // Eight columns of amounts fit a desktop page with narrower cells and headings that wrap; on a
  // phone each acquirer is a card of one line per figure, set as close as the other cards (the
  // desktop padding would add a third to its height), the labels wrap, and a card leaves out what
  // is known only for the whole book, and an acquirer's R$ 0,00 (the totals row keeps its zeros).
  style:
    `${BOX} th{white-space:normal}${BOX} th,${BOX} td{padding:.35rem .4rem;font-size:.9rem}` +
    `${BOX} td:empty::after{content:'—'}` +
    `@media (max-width:40rem){${BOX} td{padding:0}${BOX} td::before{white-space:normal}${BOX} td:empty,${BOX} tbody td.zero{display:none}}`,
  html: whoOwesWhatHtml,
  actionEntries: () => [],
  messageLines: () => [],
};
