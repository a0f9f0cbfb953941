/**
 * The report's lifecycle sections (docs/lifecycle.md, docs/report.md), beside the book's lifecycle
 * figures: cancellations and advances (and their fees) and chargebacks as information, and the
 * records no role classifies, each with the setting that would classify it. Neither has an entry in
 * what needs action or a line in the morning message.
 */

import { html, joinHtml, type SafeHtml } from '../report-kit/escape';
import type { ReportSection } from '../report-kit/section';
import { cellsFor, renderTable } from '../report-kit/table';
import type { ReportLanguage } from '../report-language';
import type { LifecycleTotals, UnclassifiedLine } from './lifecycle-types';
import { bookTextsFor } from './report-texts';
import type { BookReceivables } from './types';

/** What the information section reads of the run summary. */
export interface LifecycleReportInput {
  readonly language: ReportLanguage;
  readonly receivables: BookReceivables;
  /** Lifecycle parts; absent in summaries written before record roles. */
  readonly lifecycle?: LifecycleTotals;
}

/** What the unclassified records' section reads of the run summary. */
export interface UnclassifiedReportInput {
  readonly language: ReportLanguage;
  /** Records no role classifies, from the run's ingest counts. */
  readonly unclassified?: readonly UnclassifiedLine[];
}

/** Cancellations, advances (and their fees) and chargebacks of the book; empty when none has any. */
function lifecycleInfoHtml(s: LifecycleReportInput): SafeHtml {
  const l = s.lifecycle;
  if (l === undefined) return html``;
  const w = bookTextsFor(s.language);
  const i = w.info;
  const cell = cellsFor(s.language);
  const of = (state: string) => s.receivables.byStatus[state] ?? { count: 0, settledNetCents: 0 };
  const rows = [
    { label: i.cancelled, count: of('CANCELLED').count, cents: l.cancelledNetCents },
    { label: i.advanced, count: of('ADVANCED').count, cents: of('ADVANCED').settledNetCents },
    { label: i.advanceFees, count: of('ADVANCED').count, cents: l.advanceFeeCents },
    { label: i.chargedBack, count: of('CHARGED_BACK').count, cents: l.chargedBackNetCents },
  ].filter((r) => r.count > 0 || r.cents !== 0);
  if (rows.length === 0) return html``;
  const columns = [{ label: i.what }, { label: i.receivables, num: true }, { label: i.amount, num: true }];
  const cells = rows.map((r) => [cell.text(r.label), cell.count(r.count), cell.money(r.cents)]);
  return html`<h2>${i.heading}</h2>
<p class="muted">${i.note}</p>
${renderTable(columns, cells, { none: w.none })}`;
}

function groupName(g: UnclassifiedLine): string {
  return g.column === undefined ? g.code : `${g.code} · ${g.column} = ${g.value ?? ''}`;
}

function whatToDo(g: UnclassifiedLine, language: ReportLanguage): string {
  const u = bookTextsFor(language).unclassified;
  if (g.why === 'NO_RULE_FOR_VALUE') return u.noRuleForValue(g.code, g.column ?? '', g.value ?? '');
  if (g.why === 'UNKNOWN_SIGN') return u.unknownSign(g.column ?? '', g.value ?? '');
  return u.noRole(g.code);
}

/** "Registros sem papel configurado": per code (and rule value), what to configure, the JSON as small print. */
export function unclassifiedHtml(s: UnclassifiedReportInput): SafeHtml {
  const groups = s.unclassified ?? [];
  if (groups.length === 0) return html``;
  const u = bookTextsFor(s.language).unclassified;
  const items = groups.map(
    (g) =>
      html`<li><strong>${groupName(g)}</strong>: ${u.records(g.count)}. ${whatToDo(g, s.language)}<small class="setting">${u.setting}: <code>${g.setting}</code></small></li>`,
  );
  return html`<h3 id="unclassified">${u.heading}</h3>
<p class="muted">${u.note}</p>
<ul>${joinHtml(items, html`\n`)}</ul>`;
}

export const lifecycleReportSection: ReportSection<LifecycleReportInput> = {
  style: '',
  html: lifecycleInfoHtml,
  actionEntries: () => [],
  messageLines: () => [],
};

export const unclassifiedReportSection: ReportSection<UnclassifiedReportInput> = {
  // A setting is JSON that wraps anywhere on a phone.
  style: '.setting{display:block;color:#667085;font-size:.8rem;overflow-wrap:anywhere}',
  html: unclassifiedHtml,
  actionEntries: () => [],
  messageLines: () => [],
};
