/**
 * The HTML report a finance person reads in the morning: failures first, then what needs action,
 * money per state, aging, the weekly agenda, and the technical detail last. One self-contained
 * file: inline CSS and SVG, no script, no network. Every string from data is escaped.
 */
import { renderAttention } from './attention-html';
import { formatCount } from './brl';
import { renderWeeklyChart } from './chart';
import { escapeHtml } from './escape';
import { feeAuditHtml } from './fee-audit-html';
import { formatDate, formatInstant, formatSeconds, textsFor } from './i18n';
import { REPORT_STYLE } from './style';
import { type Cell, cellsFor, renderTable } from './table';
import type { AgingBucket, JobLine, MoneyTotals, ReportLanguage, RunSummary } from './types';

function jobLabel(j: JobLine, language: ReportLanguage): string {
  const t = textsFor(language);
  return `${t.reports.kinds[j.kind] ?? j.kind} · ${formatDate(j.from, language)} – ${formatDate(j.to, language)}`;
}

function failuresSection(s: RunSummary): string {
  if (s.failures.length === 0) return '';
  const t = textsFor(s.language).failures;
  const items = s.failures
    .map(
      (f) =>
        `<li><strong>${escapeHtml(jobLabel(f, s.language))}</strong>: ${escapeHtml(f.outcome)} — ${escapeHtml(f.error ?? t.noDetail)}</li>`,
    )
    .join('\n');
  return `<section class="failed"><h2>${escapeHtml(t.heading)}</h2><p>${escapeHtml(t.intro)}</p><ul>\n${items}\n</ul></section>`;
}

const UNPAID_STATES = new Set(['OPEN', 'OVERDUE']);

function statesSection(s: RunSummary): string {
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
  const rows = Object.entries(s.receivables.byStatus).map(([state, m]) =>
    totals(t.states[state] ?? state, m, !UNPAID_STATES.has(state)),
  );
  const columns = [
    { label: t.columns.state },
    { label: t.columns.receivables, num: true },
    { label: t.columns.forecast, num: true },
    { label: t.columns.settled, num: true },
    { label: t.columns.difference, num: true },
  ];
  return `<h2>${escapeHtml(t.byState.heading)}</h2>
<p class="muted">${escapeHtml(t.byState.note)}</p>
${renderTable(columns, rows, { none: t.none, foot: totals(t.byState.total, s.receivables.total, false) })}`;
}

function bucketLabel(b: AgingBucket, language: ReportLanguage): string {
  const t = textsFor(language).aging;
  if (b.minDays === null) return t.notDue;
  return b.maxDays === null ? t.over(b.minDays) : t.range(b.minDays, b.maxDays);
}

function agingSection(s: RunSummary): string {
  const t = textsFor(s.language);
  const cell = cellsFor(s.language);
  const rows = s.aging.buckets.map((b) => [
    cell.text(bucketLabel(b, s.language)),
    cell.count(b.count),
    cell.money(b.amountCents),
  ]);
  const columns = [
    { label: t.columns.daysLate },
    { label: t.columns.receivables, num: true },
    { label: t.columns.amount, num: true },
  ];
  return `<h2>${escapeHtml(t.aging.heading)}</h2>
<p class="muted">${escapeHtml(t.aging.note(t.receivables(s.aging.becameOverdue)))}</p>
${renderTable(columns, rows, { none: t.none })}`;
}

function recordsSection(s: RunSummary): string {
  const t = textsFor(s.language);
  const r = t.recordsSection;
  const cell = cellsFor(s.language);
  const described = (key: string, words: Readonly<Record<string, string>>, otherwise?: string) => {
    const meaning = words[key] ?? otherwise;
    return cell.text(meaning ? `${key} · ${meaning}` : key);
  };
  const codes = Object.entries(s.records.byCode).map(([code, n]) => [
    described(code, r.codes, r.otherCode),
    cell.count(n),
  ]);
  const reasons = Object.entries(s.records.quarantinedByReason).map(([reason, n]) => [
    described(reason, r.reasons),
    cell.count(n),
  ]);
  const drift = [
    ...s.drift.unknownColumns.map(r.unknownColumn),
    ...s.drift.missingFields.map(r.missingField),
  ];
  const received = r.received(t.records(s.records.received), t.records(s.records.quarantined));
  return `<h2>${escapeHtml(r.heading)}</h2>
<p>${escapeHtml(received)}</p>
${renderTable([{ label: r.code }, { label: t.columns.records, num: true }], codes, { none: t.none })}
${reasons.length > 0 ? renderTable([{ label: r.reason }, { label: t.columns.records, num: true }], reasons, { none: t.none }) : ''}
${drift.length > 0 ? `<p>${escapeHtml(`${r.drift}: ${drift.join('; ')}.`)}</p>` : ''}`;
}

function reportsSection(s: RunSummary): string {
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
  return `<h2>${escapeHtml(t.reports.heading)}</h2>
${renderTable(columns, rows, { none: t.none })}
<p class="muted">${escapeHtml(footer)}</p>`;
}

/** One self-contained HTML page; pure, so the local runner can write the same bytes next to its data. */
export function renderHtmlReport(s: RunSummary): string {
  const t = textsFor(s.language);
  const date = (d: string) => formatDate(d, s.language);
  const status =
    s.outcome === 'SUCCEEDED'
      ? `<span class="ok">${escapeHtml(t.runCompleted)}</span>`
      : `<span class="bad">${escapeHtml(t.runFailed)}</span>`;
  const meta = [t.period(date(s.from), date(s.to)), t.asOf(date(s.asOf)), s.environment];
  return `<!doctype html>
<html lang="${s.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(`${t.title} · ${t.asOf(date(s.asOf))} · ${s.environment}`)}</title><style>${REPORT_STYLE}</style></head>
<body>
<h1>${escapeHtml(t.title)}</h1>
<p class="meta">${status} · ${meta.map((m) => escapeHtml(m)).join(' · ')}</p>
${failuresSection(s)}
${renderAttention(s)}
${statesSection(s)}
${agingSection(s)}
${feeAuditHtml(s)}
<h2>${escapeHtml(t.agenda.heading)}</h2>
<p class="muted">${escapeHtml(t.agenda.note)}</p>
${renderWeeklyChart(s.weekly, s.asOf, s.language)}
${recordsSection(s)}
${reportsSection(s)}
</body></html>
`;
}
