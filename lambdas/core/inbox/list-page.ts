/**
 * The inbox: the breaks a filter selects, largest money at stake first, with the totals of what the
 * filter selects, new-since-yesterday and reopened ones marked, and (for an operator) one form for
 * the ticked ones: accept them with one reason, or assign them to one person (a note either way).
 */
import type { BreakFilters } from '../breaks/filters';
import { BREAK_KINDS, BREAK_STATUSES, type BreakKind, type BreakStatus } from '../breaks/kinds';
import type { BreakView } from '../breaks/status';
import { html, type SafeHtml } from '../report-kit/escape';
import { csrfField, flash, layout, type Viewer } from './layout';
import { ALL_STATUSES, FILTER_NAMES as F, queryOf, reaisText } from './query';
import type { PageWords } from './words';

/** At most this many cards on a page (a phone's page stays small); the totals and CSV count them all. */
export const SHOWN = 100;

export interface ListPage {
  /** Every break, for the filter's choices of acquirer and merchant. */
  readonly all: readonly BreakView[];
  /** What the filter selects, largest money first. */
  readonly selected: readonly BreakView[];
  readonly filters: BreakFilters;
  readonly invalid: readonly string[];
  readonly reasons: readonly string[];
  readonly message?: string;
}

function options(values: readonly string[], chosen: string | undefined, label: (v: string) => string) {
  return values.map(
    (v) => html`<option value="${v}"${v === chosen ? html` selected` : html``}>${label(v)}</option>`,
  );
}

function select(name: string, label: string, first: SafeHtml, choices: readonly SafeHtml[]) {
  return html`<label>${label}<select name="${name}">${first}${choices}</select></label>`;
}

function filterForm(p: ListPage, { t, w, language }: PageWords): SafeHtml {
  const f = p.filters;
  const c = w.columns;
  const any = html`<option value="">${t.any}</option>`;
  const distinct = (pick: (b: BreakView) => string | null) =>
    [...new Set(p.all.flatMap((b) => pick(b) ?? []))].sort();
  const status = f.status ?? (f.all ? ALL_STATUSES : undefined);
  const kinds = options(BREAK_KINDS, f.kind, (k) => w.kinds[k as BreakKind]);
  const statuses = [
    ...options(BREAK_STATUSES, status, (s) => w.statuses[s as BreakStatus]),
    ...options([ALL_STATUSES], status, () => t.allStatuses),
  ];
  const acquirers = options(
    distinct((b) => b.subject.acquirer),
    f.acquirer,
    String,
  );
  const merchants = options(
    distinct((b) => b.subject.merchant),
    f.merchant,
    String,
  );
  const input = (name: string, label: string, value: string, kind: SafeHtml) =>
    html`<label>${label}<input ${kind} name="${name}" value="${value}"></label>`;
  const days = (name: string, label: string, value: number | undefined) =>
    input(name, label, value === undefined ? '' : String(value), html`type="number" min="0"`);
  const reais = (name: string, label: string, value: number | undefined) =>
    input(name, label, value === undefined ? '' : reaisText(value, language), html`inputmode="decimal"`);
  return html`<form class="filters" method="get" action="/">
${select(F.kind, c.kind, any, kinds)}${select(F.status, c.status, html`<option value="">${t.morning}</option>`, statuses)}
${select(F.acquirer, c.acquirer, any, acquirers)}${select(F.merchant, c.merchant, any, merchants)}
${days(F.minAge, t.minAge, f.minAge)}${days(F.maxAge, t.maxAge, f.maxAge)}
${reais(F.minAmount, t.minAmount, f.minAmount)}${reais(F.maxAmount, t.maxAmount, f.maxAmount)}
<button>${t.filter}</button><a href="/">${t.clear}</a><a href="/csv${queryOf(f)}" download>${t.csv}</a>
</form>`;
}

/**
 * A receivable's sale (date, NSU, installment), or a deposit's day and account; named ("Venda",
 * "Depósito") where nothing else on the line says which.
 */
export function subjectLine(b: BreakView, { t, date: dateOf }: PageWords, named = true): string {
  const s = b.subject;
  const date = (d: string | null | undefined) => (d ? dateOf(d) : '');
  const parts =
    s.place !== undefined
      ? [named && t.deposit, date(s.dueDate), '·', s.place]
      : [
          named && t.sale,
          date(s.saleDate),
          s.nsu && `${t.nsu} ${s.nsu}`,
          s.installment && `${t.installment} ${s.installment}`,
        ];
  return parts.filter(Boolean).join(' ');
}

function mark(b: BreakView, { t, w }: PageWords): SafeHtml {
  if (b.status === 'NEW') return html` <span class="badge NEW">${t.newMark}</span>`;
  if (b.status === 'REOPENED') return html` <span class="badge REOPENED">${t.reopenedMark}</span>`;
  return html` <span class="badge">${w.statuses[b.status]}</span>`;
}

function card(b: BreakView, viewer: Viewer, words: PageWords): SafeHtml {
  const { t, w } = words;
  const tick = viewer.canDecide
    ? html`<input type="checkbox" name="sel" value="${b.version}:${b.id}" form="bulk" aria-label="${b.ref}">`
    : html``;
  const since = b.firstSeen ? `${words.date(b.firstSeen)} (${t.days(b.ageDays ?? 0)})` : '';
  return html`<li>${tick}<div class="body">
<div class="line"><a href="/pendencia?id=${encodeURIComponent(b.id)}">${w.kinds[b.kind]}</a><span class="money">${words.brl(b.stakeCents)}</span></div>
<div>${mark(b, words)} ${b.subject.acquirer ?? '—'} · ${b.subject.merchant ?? '—'}</div>
<div class="muted">${subjectLine(b, words)}${since ? ` · ${w.columns.since} ${since}` : ''}</div>
${b.decision ? html`<div class="muted">${words.decision(b.decision)}</div>` : html``}
</div></li>`;
}

function bulkForm(p: ListPage, viewer: Viewer, { t }: PageWords): SafeHtml {
  if (!viewer.canDecide || p.selected.length === 0) return html``;
  return html`<form id="bulk" class="bulk" method="post" action="/aceitar">${csrfField(viewer)}
<input type="hidden" name="volta" value="${queryOf(p.filters)}">
<label>${t.reason}<select name="reason" required>${options(p.reasons, undefined, String)}</select></label>
<label>${t.note}<input name="note" required></label><button>${t.bulkAccept}</button>
<label>${t.assignee}<input name="assignee"></label><button formaction="/atribuir">${t.bulkAssign}</button></form>`;
}

export function listPage(p: ListPage, viewer: Viewer, words: PageWords): SafeHtml {
  const { t, w } = words;
  const { selected } = p;
  const shown = selected.slice(0, SHOWN);
  const total = selected.reduce((sum, b) => sum + b.stakeCents, 0);
  const more =
    selected.length > shown.length
      ? html`<p class="muted">${t.shown(shown.length, selected.length)}</p>`
      : html``;
  return layout(
    t.title,
    viewer,
    html`<h1>${t.title}</h1>${flash(p.message)}${p.invalid.length > 0 ? flash(t.invalid(p.invalid), true) : html``}
${filterForm(p, words)}
<p class="totals" id="totals">${w.breaks(selected.length)}, ${words.brl(total)}</p>
${bulkForm(p, viewer, words)}${more}
<ul class="breaks">${shown.map((b) => card(b, viewer, words))}</ul>`,
    words.language,
  );
}
