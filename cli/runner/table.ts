/**
 * The end-of-run table on stderr: what a person checks first after `recon run`. States carry the
 * report's labels in the report's language, so the terminal and the report name them alike.
 */
import { formatCents } from '../../lambdas/core/money';
import { textsFor } from '../../lambdas/core/report/i18n';
import type { RunSummary } from '../../lambdas/core/report/types';
import { formatTable } from '../format';

const MONEY_COLUMNS = ['forecast', 'settled', 'difference'];

export function renderSummaryTable(s: RunSummary, reportPath: string): string {
  const codes = Object.entries(s.records.byCode).map(([code, records]) => ({ code, records }));
  const reasons = Object.entries(s.records.quarantinedByReason).map(([reason, records]) => ({
    reason,
    records,
  }));
  const labels = textsFor(s.language).states;
  const states = Object.entries(s.receivables.byStatus).map(([state, t]) => ({
    state: labels[state] ?? state,
    receivables: t.count,
    forecast: formatCents(t.forecastNetCents, s.language),
    settled: formatCents(t.settledNetCents, s.language),
    difference: formatCents(t.differenceCents, s.language),
  }));
  const failures = s.failures.map(
    (f) => `  ${f.kind} ${f.from}..${f.to}: ${f.outcome}${f.error ? ` - ${f.error}` : ''}`,
  );
  return [
    `run ${s.runId} (${s.environment}) ${s.from}..${s.to}, as of ${s.asOf}: ${s.outcome}`,
    ...(failures.length > 0 ? ['failures:', ...failures] : []),
    '',
    formatTable(['code', 'records'], codes),
    `quarantined: ${s.records.quarantined}`,
    ...(reasons.length > 0 ? [formatTable(['reason', 'records'], reasons)] : []),
    '',
    formatTable(['state', 'receivables', 'forecast', 'settled', 'difference'], states, MONEY_COLUMNS),
    `requests made: ${s.providerRequests} · elapsed: ${(s.elapsedMs / 1000).toFixed(1)} s`,
    `report: ${reportPath}`,
    '',
  ].join('\n');
}
