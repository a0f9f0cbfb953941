/**
 * The report's lifecycle sections (docs/lifecycle.md, docs/report.md): cancellations and advances
 * as information, the records no role classifies (with the setting that would classify them), and
 * the chargeback note of an action item.
 */

import type { UnclassifiedLine } from '../book/lifecycle-types';
import type { ActionItem } from '../book/types';
import { formatBrl } from '../money';
import { formatDate } from '../report-kit/dates';
import { html, joinHtml, type SafeHtml } from '../report-kit/escape';
import { cellsFor, renderTable } from '../report-kit/table';
import { textsFor } from './i18n';
import type { ReportLanguage, RunSummary } from './types';

/** The sections' own rules: the new action states' colours, and a setting that wraps anywhere on a phone. */
export const LIFECYCLE_STYLE = `.CHARGED_BACK{--c:#b42318}.UNLINKED{--c:#475467}
h3.CHARGED_BACK,h3.UNLINKED{border-left:5px solid var(--c);padding-left:.5rem}
.setting{display:block;color:#667085;font-size:.8rem;overflow-wrap:anywhere}`;

/** " · chargeback de R$ 120,00 em 03/02/2025" after a charged-back item; nothing for any other. */
export function chargebackNote(item: ActionItem, language: ReportLanguage): string {
  if (item.chargedBackNetCents === undefined) return '';
  const date = item.chargebackDate === undefined ? null : formatDate(item.chargebackDate, language);
  return ` · ${textsFor(language).lifecycle.chargeback(formatBrl(item.chargedBackNetCents, language), date)}`;
}

/** Cancellations, advances (and their fees) and chargebacks of the book, as information. */
export function renderLifecycleInfo(s: RunSummary): SafeHtml {
  const l = s.lifecycle;
  if (l === undefined) return html``;
  const t = textsFor(s.language);
  const i = t.lifecycle.info;
  const cell = cellsFor(s.language);
  const of = (state: string) => s.receivables.byStatus[state] ?? { count: 0, settledNetCents: 0 };
  const rows = [
    { label: i.cancelled, count: of('CANCELLED').count, cents: l.cancelledNetCents },
    { label: i.advanced, count: of('ADVANCED').count, cents: of('ADVANCED').settledNetCents },
    { label: i.advanceFees, count: of('ADVANCED').count, cents: l.advanceFeeCents },
    { label: i.chargedBack, count: of('CHARGED_BACK').count, cents: l.chargedBackNetCents },
  ].filter((r) => r.count > 0 || r.cents !== 0);
  if (rows.length === 0) return html``;
  const columns = [
    { label: i.what },
    { label: t.columns.receivables, num: true },
    { label: t.columns.amount, num: true },
  ];
  const cells = rows.map((r) => [cell.text(r.label), cell.count(r.count), cell.money(r.cents)]);
  return html`<h2>${i.heading}</h2>
<p class="muted">${i.note}</p>
${renderTable(columns, cells, { none: t.none })}`;
}

function groupName(g: UnclassifiedLine): string {
  return g.column === undefined ? g.code : `${g.code} · ${g.column} = ${g.value ?? ''}`;
}

function whatToDo(g: UnclassifiedLine, language: ReportLanguage): string {
  const u = textsFor(language).lifecycle.unclassified;
  if (g.why === 'NO_RULE_FOR_VALUE') return u.noRuleForValue(g.code, g.column ?? '', g.value ?? '');
  if (g.why === 'UNKNOWN_SIGN') return u.unknownSign(g.column ?? '', g.value ?? '');
  return u.noRole(g.code);
}

/** "Registros sem papel configurado": per code (and rule value), what to configure, the JSON as small print. */
export function renderUnclassified(s: RunSummary): SafeHtml {
  const groups = s.unclassified ?? [];
  if (groups.length === 0) return html``;
  const t = textsFor(s.language);
  const u = t.lifecycle.unclassified;
  const items = groups.map(
    (g) =>
      html`<li><strong>${groupName(g)}</strong>: ${t.records(g.count)}. ${whatToDo(g, s.language)}<small class="setting">${u.setting}: <code>${g.setting}</code></small></li>`,
  );
  return html`<h3 id="unclassified">${u.heading}</h3>
<p class="muted">${u.note}</p>
<ul>${joinHtml(items, html`\n`)}</ul>`;
}

/** The codes some of the run's records had no role for (the records table labels them). */
export function unclassifiedCodes(s: RunSummary): ReadonlySet<string> {
  return new Set((s.unclassified ?? []).filter((g) => g.why === 'NO_ROLE').map((g) => g.code));
}
