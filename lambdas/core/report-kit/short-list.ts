/**
 * Long lists kept short (docs/report.md, "Short by design"): a report table shows the few largest
 * rows, says how many more there are and links to the full list (a CSV beside the report) when the
 * run wrote one. A phone reader scrolls past every row, so what is not at stake is counted, not listed.
 */
import { formatCount } from '../money';
import type { ReportLanguage } from '../report-language';
import { html, type SafeHtml } from './escape';
import { pluralIn } from './plural';
import { textsByLanguage } from './texts';

/** Rows a long list shows in the report: as many as the morning message, the rest in its CSV. */
export const SHOWN_ROWS = 2;

/** The full lists the run wrote, by list name ({@link fullListName}): the CSV's file name beside the report. */
export type FullLists = Readonly<Record<string, string>>;

/** What a section reads to link its lists: absent when the run wrote none (older summaries, tests). */
export interface FullListsInput {
  readonly language: ReportLanguage;
  readonly fullLists?: FullLists;
}

/** The file a list's CSV is written to beside report.html: `OVERDUE.csv`, `deposits-NOT_DEPOSITED.csv`. */
export function fullListName(list: string): string {
  return `${list}.csv`;
}

const pt = pluralIn('pt-BR');
const en = pluralIn('en');

const texts = textsByLanguage({
  'pt-BR': {
    more: (n: number) => pt(n, 'Mais 1 linha', `Mais ${formatCount(n, 'pt-BR')} linhas`),
    in: ' na ',
    full: 'lista completa (CSV)',
    alone: 'Lista completa (CSV)',
  },
  en: {
    more: (n: number) => en(n, '1 more row', `${formatCount(n, 'en')} more rows`),
    in: ' in the ',
    full: 'full list (CSV)',
    alone: 'Full list (CSV)',
  },
});

/** The first {@link SHOWN_ROWS} of rows already in the report's order. */
export function shownRows<T>(rows: readonly T[]): readonly T[] {
  return rows.slice(0, SHOWN_ROWS);
}

/**
 * "Mais 35 linhas na lista completa (CSV)" under a list that shows `shown` of `total`; without a
 * file (the run wrote none) only "Mais 35 linhas.", and nothing when every item is shown.
 */
export function moreLine(s: FullListsInput, list: string, shown: number, total: number): SafeHtml {
  const w = texts(s.language);
  const file = s.fullLists?.[list];
  const rest = total - shown;
  const link = (words: string) => html`<a href="${file ?? ''}" download>${words}</a>`;
  if (file === undefined) return rest > 0 ? html`<p class="muted more">${w.more(rest)}.</p>` : html``;
  if (rest > 0) return html`<p class="muted more">${w.more(rest)}${w.in}${link(w.full)}.</p>`;
  return html`<p class="muted more">${link(w.alone)}</p>`;
}
