/**
 * The HTML report a finance person reads in the morning: failures first, then money per state,
 * aging, the daily chart, and the technical detail last. One self-contained file: inline CSS and
 * SVG, no script, no network. Every string from data goes through {@link escapeHtml}.
 */
import { formatBrl } from './brl';
import { renderDailyChart } from './chart';
import { escapeHtml } from './escape';
import type { DifferenceLine, JobLine, MoneyTotals, RunSummary } from './types';

/** Plain words for each state (the Portuguese term finance teams use in parentheses). */
const STATE_WORDS: Readonly<Record<string, string>> = {
  SETTLED: 'Paid as forecast (liquidado)',
  UNDERPAID: 'Paid short (pago a menor)',
  OVERPAID: 'Paid over (pago a maior)',
  OPEN: 'Not yet due (em aberto)',
  OVERDUE: 'Late, not paid (atrasado)',
  UNEXPECTED: 'Paid without forecast (pago sem previsão)',
};

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem;color:#1d2433;max-width:60rem}
h1{font-size:1.5rem;margin-bottom:.25rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #d8dde6}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{padding:.35rem .6rem;border-bottom:1px solid #eceff4;text-align:left}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}tfoot td{font-weight:600;border-top:2px solid #1d2433}
.muted{color:#667085}.failed{background:#fdecec;border:1px solid #e5484d;padding:1rem;border-radius:6px}
.ok{color:#1a7f37}.bad{color:#c4262e}svg{width:100%;height:auto}svg text{font-size:11px;fill:#667085}
.axis{stroke:#98a2b3}.forecast{fill:none;stroke:#2f6fde;stroke-width:2}.settled{fill:none;stroke:#1a7f37;stroke-width:2}
.legend span{display:inline-block;width:1rem;height:.25rem;margin:0 .35rem .2rem 1rem;vertical-align:middle}`;

const money = (cents: number) => `<td class="num">${escapeHtml(formatBrl(cents))}</td>`;
const num = (n: number) => `<td class="num">${escapeHtml(n.toLocaleString('pt-BR'))}</td>`;
const cell = (text: string | number | null) => `<td>${escapeHtml(text ?? '')}</td>`;

function table(head: readonly string[], rows: readonly string[], foot?: string): string {
  const th = head.map((h, i) => `<th${i === 0 ? '' : ' class="num"'}>${escapeHtml(h)}</th>`).join('');
  const body =
    rows.length > 0 ? rows.join('\n') : `<tr><td colspan="${head.length}" class="muted">none</td></tr>`;
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody>${foot ? `<tfoot>${foot}</tfoot>` : ''}</table>`;
}

function totalsRow(label: string, t: MoneyTotals): string {
  return `<tr>${cell(label)}${num(t.count)}${money(t.forecastNetCents)}${money(t.settledNetCents)}${money(t.differenceCents)}</tr>`;
}

/** Who and which installment, the way a finance person looks a sale up: acquirer, merchant, date, NSU. */
function receivableLabel(d: DifferenceLine): string {
  const installment = d.installment === null ? '' : ` #${d.installment}`;
  return `${d.acquirer ?? '?'} · ${d.merchant ?? '?'} · ${d.saleDate ?? '?'} · NSU ${d.nsu ?? '?'}${installment}`;
}

function jobLabel(j: JobLine): string {
  return `${j.kind} ${j.from}..${j.to}`;
}

function failuresSection(s: RunSummary): string {
  if (s.failures.length === 0) return '';
  const items = s.failures
    .map(
      (f) =>
        `<li><strong>${escapeHtml(jobLabel(f))}</strong>: ${escapeHtml(f.outcome)} — ${escapeHtml(f.error ?? 'no detail')}</li>`,
    )
    .join('\n');
  return `<section class="failed"><h2>Failures</h2><p>Part of this run did not complete; the figures below miss what these reports hold.</p><ul>\n${items}\n</ul></section>`;
}

function countsTable(title: string, counts: Readonly<Record<string, number>>): string {
  const rows = Object.entries(counts).map(([k, n]) => `<tr>${cell(k)}${num(n)}</tr>`);
  return table([title, 'Records'], rows);
}

/** One self-contained HTML page; pure, so the local runner can write the same bytes next to its data. */
export function renderHtmlReport(s: RunSummary): string {
  const states = Object.entries(s.receivables.byStatus).map(([state, t]) =>
    totalsRow(STATE_WORDS[state] ?? state, t),
  );
  const differences = s.largestDifferences.map(
    (d) =>
      `<tr>${cell(receivableLabel(d))}${cell(STATE_WORDS[d.status] ?? d.status)}${money(d.forecastNetCents ?? 0)}${money(d.settledNetCents)}${money(d.differenceCents)}</tr>`,
  );
  const aging = s.aging.buckets.map((b) => `<tr>${cell(b.label)}${num(b.count)}${money(b.amountCents)}</tr>`);
  const jobs = s.jobs.map(
    (j) =>
      `<tr>${cell(jobLabel(j))}${cell(j.reportId)}${cell(j.outcome)}${num(j.pages)}${num(j.received)}${num(j.providerRequests)}</tr>`,
  );
  const drift = [
    ...s.drift.unknownColumns.map((c) => `unknown column ${c}`),
    ...s.drift.missingFields.map((f) => `missing field ${f}`),
  ];
  const status =
    s.outcome === 'SUCCEEDED' ? '<span class="ok">completed</span>' : '<span class="bad">FAILED</span>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>recon ${escapeHtml(s.environment)} ${escapeHtml(s.from)} to ${escapeHtml(s.to)}</title><style>${STYLE}</style></head>
<body>
<h1>Receivables reconciliation</h1>
<p>Run ${status} · ${escapeHtml(s.environment)} · reports for ${escapeHtml(s.from)} to ${escapeHtml(s.to)} · state as of ${escapeHtml(s.asOf)} · run ${escapeHtml(s.runId)}</p>
${failuresSection(s)}
<h2>Receivables by state</h2>
<p class="muted">All receivables known so far, not only this run's. Difference = settled − forecast.</p>
${table(['State', 'Receivables', 'Forecast net', 'Settled net', 'Difference'], states, totalsRow('Total', s.receivables.total))}
<h2>Largest differences</h2>
<p class="muted">Paid short, paid over or paid without forecast, largest first (all of them: <code>recon receivables</code> or Athena).</p>
${table(['Receivable', 'State', 'Forecast net', 'Settled net', 'Difference'], differences)}
<h2>Unpaid by days late</h2>
<p class="muted">Open and late forecasts by days past the due date; ${escapeHtml(s.aging.becameOverdue)} became late in this run.</p>
${table(['Days past due', 'Receivables', 'Amount'], aging)}
<h2>Forecast and settled per due date</h2>
<p class="legend"><span style="background:#2f6fde"></span>forecast net<span style="background:#1a7f37"></span>settled net</p>
${renderDailyChart(s.daily)}
<h2>Records received</h2>
<p>${escapeHtml(s.records.received)} entries received, ${escapeHtml(s.records.quarantined)} quarantined (kept aside for review, never dropped).</p>
${countsTable('Record code', s.records.byCode)}
${countsTable('Quarantine reason', s.records.quarantinedByReason)}
${drift.length > 0 ? `<p>Layout changes seen: ${drift.map((d) => escapeHtml(d)).join('; ')}.</p>` : ''}
<h2>Reports</h2>
${table(['Report', 'Id', 'Outcome', 'Pages', 'Entries', 'Requests'], jobs)}
<p class="muted">${escapeHtml(s.providerRequests)} requests to the provider · ${escapeHtml(Math.round(s.elapsedMs / 100) / 10)} s · started ${escapeHtml(s.startedAt)}</p>
</body></html>
`;
}
