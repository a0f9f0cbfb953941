/**
 * The HTML report a finance person reads in the morning: failures first, then what needs action,
 * money per state, aging, the weekly agenda, and the technical detail last. One self-contained
 * file: inline CSS and SVG, no script, no network. Every string from data is escaped by the `html` tag.
 */

import type { AgingBucket, MoneyTotals } from '../book/types';
import { formatCount } from '../money';
import { formatDate, formatInstant, formatSeconds } from '../report-kit/dates';
import { html, joinHtml, raw, type SafeHtml } from '../report-kit/escape';
import { REPORT_STYLE } from '../report-kit/style';
import { type Cell, cellsFor, renderTable, smallPrint } from '../report-kit/table';
import { ACTION_STATE_STYLE, renderAttention } from './attention-html';
import { renderWeeklyChart } from './chart';
import { environmentName, textsFor } from './i18n';
import { NO_DIFFERENCE_STATES } from './no-difference';
import { SECTION_STYLES, SECTIONS } from './sections';
import type { JobLine, ReportLanguage, RunSummary } from './types';

function jobLabel(j: JobLine, language: ReportLanguage): string {
  const t = textsFor(language);
  return `${t.reports.kinds[j.kind] ?? j.kind} · ${formatDate(j.from, language)} – ${formatDate(j.to, language)}`;
}

/** What failed and what to do, in the report's words; the outcome code and error text as small print. */
function failureItem(f: JobLine, language: ReportLanguage): SafeHtml {
  const t = textsFor(language);
  const what = t.message.outcomes[f.outcome];
  const technical = t.message.technicalDetail(f.error ? `${f.outcome} — ${f.error}` : f.outcome);
  const whatToDo = t.failures.whatToDo[f.outcome] ?? t.failures.otherwise;
  return html`<li><strong>${jobLabel(f, language)}</strong>${what === undefined ? '' : `: ${what}`}. ${whatToDo}<br>${smallPrint(technical)}</li>`;
}

function failuresSection(s: RunSummary): SafeHtml {
  if (s.failures.length === 0) return html``;
  const t = textsFor(s.language).failures;
  const items = joinHtml(
    s.failures.map((f) => failureItem(f, s.language)),
    html`\n`,
  );
  return html`<section class="failed"><h2>${t.heading}</h2><p>${t.intro}</p><ul>\n${items}\n</ul></section>`;
}

function statesSection(s: RunSummary): SafeHtml {
  const t = textsFor(s.language);
  const cell = cellsFor(s.language);
  // Nothing paid yet: the forecast is the figure, and "received − forecast" would read as a loss.
  const totals = (label: string, m: MoneyTotals, paid: boolean): Cell[] => [
    cell.text(label),
    cell.count(m.count),
    cell.money(m.forecastNetCents),
    cell.money(m.settledNetCents),
    paid ? cell.money(m.differenceCents) : { text: '—', kind: 'num' },
  ];
  // A state without receivables says nothing: left out, as in the morning message.
  const rows = Object.entries(s.receivables.byStatus)
    .filter(([, m]) => m.count > 0)
    .map(([state, m]) => totals(t.states[state] ?? state, m, !NO_DIFFERENCE_STATES.has(state)));
  const columns = [
    { label: t.columns.state },
    { label: t.columns.receivables, num: true },
    { label: t.columns.forecast, num: true },
    { label: t.columns.settled, num: true },
    { label: t.columns.difference, num: true },
  ];
  return html`<h2>${t.byState.heading}</h2>
<p class="muted">${t.byState.note}</p>
${renderTable(columns, rows, { none: t.none, foot: totals(t.byState.total, s.receivables.total, false) })}`;
}

function bucketLabel(b: AgingBucket, language: ReportLanguage): string {
  const t = textsFor(language).aging;
  if (b.kind === 'notDue') return t.notDue;
  if (b.kind === 'withinGrace') return t.withinGrace;
  return b.maxDays === null ? t.over(b.minDays ?? 1) : t.range(b.minDays ?? 1, b.maxDays);
}

function agingSection(s: RunSummary): SafeHtml {
  const t = textsFor(s.language);
  const cell = cellsFor(s.language);
  // Late as on the late card: past grace, the late buckets only.
  const late = s.aging.buckets.filter((b) => b.kind === 'late').reduce((n, b) => n + b.count, 0);
  // An empty bucket says nothing is at stake there: left out.
  const rows = s.aging.buckets
    .filter((b) => b.count > 0)
    .map((b) => [cell.text(bucketLabel(b, s.language)), cell.count(b.count), cell.money(b.amountCents)]);
  const columns = [
    { label: t.columns.daysLate },
    { label: t.columns.receivables, num: true },
    { label: t.columns.amount, num: true },
  ];
  return html`<h2>${t.aging.heading}</h2>
<p class="muted">${t.aging.note(t.receivables(late), formatCount(s.aging.becameOverdue, s.language))}</p>
${renderTable(columns, rows, { none: t.none })}`;
}

/** The codes some of the run's records had no role for (the records table labels them). */
function unclassifiedCodes(s: RunSummary): ReadonlySet<string> {
  return new Set((s.unclassified ?? []).filter((g) => g.why === 'NO_ROLE').map((g) => g.code));
}

/**
 * Technical detail for whoever operates recon, closed until tapped: a table per record code and per
 * provider report would otherwise be screens of a phone between the reader and nothing to act on.
 */
function folded(label: string, content: SafeHtml): SafeHtml {
  return html`<details><summary>${label}</summary>\n${content}</details>`;
}

function recordsSection(s: RunSummary): SafeHtml {
  const t = textsFor(s.language);
  const r = t.recordsSection;
  const cell = cellsFor(s.language);
  // Plain words first; the provider's code or recon's reason code only as small print.
  const described = (key: string, words: Readonly<Record<string, string>>, otherwise: string): Cell => ({
    text: words[key] ?? otherwise,
    small: key,
  });
  const unclassified = unclassifiedCodes(s);
  const codes = Object.entries(s.records.byCode).map(([code, n]) => [
    described(code, r.codes, unclassified.has(code) ? r.unclassifiedCode : r.otherCode),
    cell.count(n),
  ]);
  const reasons = Object.entries(s.records.quarantinedByReason).map(([reason, n]) => [
    described(reason, r.reasons, r.otherReason),
    cell.count(n),
  ]);
  const layout = (explained: string, names: readonly string[]) =>
    names.length > 0 ? [html`<p>${explained}: ${smallPrint(names.join(', '))}</p>`] : [];
  const drift = [
    ...layout(r.unknownColumns, s.drift.unknownColumns),
    ...layout(r.missingFields, s.drift.missingFields),
  ];
  const received = r.received(t.records(s.records.received), t.records(s.records.quarantined));
  return html`<h2>${r.heading}</h2>
<p>${received}</p>
${folded(r.byCode, renderTable([{ label: r.code }, { label: t.columns.records, num: true }], codes, { none: t.none }))}
${reasons.length > 0 ? folded(r.byReason, renderTable([{ label: r.reason }, { label: t.columns.records, num: true }], reasons, { none: t.none })) : ''}
${joinHtml(drift, html`\n`)}`;
}

function reportsSection(s: RunSummary): SafeHtml {
  const t = textsFor(s.language);
  const cell = cellsFor(s.language);
  const rows = s.jobs.map((j) => [
    cell.text(jobLabel(j, s.language)),
    cell.text(j.reportId),
    cell.text(t.reports.outcomes[j.outcome] ?? j.outcome),
    cell.count(j.pages),
    cell.count(j.received),
    cell.count(j.providerRequests),
  ]);
  const columns = [
    { label: t.reports.report },
    { label: t.reports.id },
    { label: t.reports.outcome },
    { label: t.reports.pages, num: true },
    { label: t.columns.records, num: true },
    { label: t.reports.requests, num: true },
  ];
  const footer = t.footer(
    formatCount(s.providerRequests, s.language),
    formatSeconds(s.elapsedMs, s.language),
    formatInstant(s.startedAt, s.language),
    s.runId,
  );
  return html`<h2>${t.reports.heading}</h2>
<p class="muted">${footer}</p>
${folded(t.reports.each(formatCount(s.jobs.length, s.language)), renderTable(columns, rows, { none: t.none }))}`;
}

/** One self-contained HTML page; pure, so the local runner can write the same bytes next to its data. */
export function renderHtmlReport(s: RunSummary): string {
  const t = textsFor(s.language);
  const date = (d: string) => formatDate(d, s.language);
  const status =
    s.outcome === 'SUCCEEDED'
      ? html`<span class="ok">${t.runCompleted}</span>`
      : html`<span class="bad">${t.runFailed}</span>`;
  const environment = environmentName(s.environment, s.language);
  const meta = [t.period(date(s.from), date(s.to)), t.asOf(date(s.asOf)), environment].join(' · ');
  const style = raw(`${REPORT_STYLE}${ACTION_STATE_STYLE}${SECTION_STYLES}`);
  return html`<!doctype html>
<html lang="${s.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${`${t.title} · ${t.asOf(date(s.asOf))} · ${environment}`}</title><style>${style}</style></head>
<body>
<h1>${t.title}</h1>
<p class="meta">${status} · ${meta}</p>
${failuresSection(s)}
${renderAttention(s, SECTIONS.whoOwesWhat.html(s))}
${SECTIONS.breaks.html(s)}
${SECTIONS.deposits.html(s)}
${SECTIONS.accountFees.html(s)}
${SECTIONS.lifecycle.html(s)}
${statesSection(s)}
${agingSection(s)}
${SECTIONS.feeAudit.html(s)}
<h2>${t.agenda.heading}</h2>
<p class="muted">${t.agenda.note}</p>
${renderWeeklyChart(s.weekly, s.asOf, s.language)}
${recordsSection(s)}
${SECTIONS.unclassified.html(s)}
${reportsSection(s)}
</body></html>
`.toString();
}
