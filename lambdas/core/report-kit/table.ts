/**
 * Report tables built from plain cells: every cell gets its column's name (`data-label`), which the
 * phone layout prints beside the value.
 */
import type { IsoDate } from '../calendar';
import { formatBrl, formatCount } from '../money';
import type { ReportLanguage } from '../report-language';
import { formatDate } from './dates';
import { html, joinHtml, type SafeHtml } from './escape';

export interface Cell {
  readonly text: string;
  /**
   * `num`: right-aligned, never wrapped (amounts, counts); `neg` also colours it as money missing;
   * `nowrap`: text kept on one line (dates: "09/02/202" over "5" is unreadable); `zero`: an amount
   * of nothing, shown as `num`, which a phone's card may leave out (a section's CSS, `td.zero`).
   */
  readonly kind?: 'num' | 'neg' | 'nowrap' | 'zero';
  /** Small print after the text: the code behind a plain-words label, for whoever operates recon. */
  readonly small?: string;
  /** Where the text leads (the web inbox's list of the item), when anywhere. */
  readonly href?: string;
}

export interface Column {
  readonly label: string;
  readonly num?: boolean;
}

/** Cell makers bound to the report's language. */
export function cellsFor(language: ReportLanguage) {
  return {
    text: (value: string | number | null): Cell => ({ text: value === null ? '' : String(value) }),
    date: (date: IsoDate | null): Cell => ({
      text: date === null ? '' : formatDate(date, language),
      kind: 'nowrap',
    }),
    count: (n: number): Cell => ({ text: formatCount(n, language), kind: 'num' }),
    money: (cents: number): Cell => ({ text: formatBrl(cents, language), kind: cents < 0 ? 'neg' : 'num' }),
  };
}

/** Technical text (a code, an error) under plain words: kept for whoever operates recon, never the headline. */
export function smallPrint(text: string): SafeHtml {
  return html`<small class="code">${text}</small>`;
}

const CLASSES: Readonly<Record<NonNullable<Cell['kind']>, string>> = {
  num: 'num',
  neg: 'num neg',
  nowrap: 'nowrap',
  zero: 'num zero',
};

function row(columns: readonly Column[], cells: readonly Cell[]): SafeHtml {
  const tds = cells.map((c, i) => {
    const cls = c.kind ? html` class="${CLASSES[c.kind]}"` : '';
    const small = c.small === undefined ? '' : html` ${smallPrint(c.small)}`;
    const text = c.href === undefined ? c.text : html`<a href="${c.href}">${c.text}</a>`;
    return html`<td data-label="${columns[i]?.label ?? ''}"${cls}>${text}${small}</td>`;
  });
  return html`<tr>${tds}</tr>`;
}

/** A table in a box that scrolls on its own if a value is ever wider than the screen. */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly Cell[])[],
  options: { readonly none: string; readonly foot?: readonly Cell[] },
): SafeHtml {
  const th = columns.map((c) => html`<th${c.num ? html` class="num"` : ''} scope="col">${c.label}</th>`);
  const body =
    rows.length > 0
      ? joinHtml(
          rows.map((cells) => row(columns, cells)),
          html`\n`,
        )
      : html`<tr><td colspan="${columns.length}" class="muted">${options.none}</td></tr>`;
  const foot = options.foot ? html`<tfoot>${row(columns, options.foot)}</tfoot>` : '';
  // Two columns fit a phone as they are; wider tables reflow there (see style.ts): a label, a count
  // and an amount in the hundreds of millions already overflowed 360 px.
  const reflow = columns.length > 2 ? html` class="reflow"` : '';
  return html`<div class="box"><table${reflow}><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody>${foot}</table></div>`;
}
