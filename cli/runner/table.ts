/** The end-of-run table on stderr: what a person checks first after `recon run`. */
import { formatCents } from '../../lambdas/core/money';
import type { RunSummary } from '../../lambdas/core/report/types';
import { formatTable } from '../format';

const MONEY_COLUMNS = ['forecast', 'settled', 'difference'];

export function renderSummaryTable(s: RunSummary, reportPath: string): string {
  const codes = Object.entries(s.records.byCode).map(([code, records]) => ({ code, records }));
  const reasons = Object.entries(s.records.quarantinedByReason).map(([reason, records]) => ({
    reason,
    records,
  }));
  const states = Object.entries(s.receivables.byStatus).map(([state, t]) => ({
    state,
    receivables: t.count,
    forecast: formatCents(t.forecastNetCents),
    settled: formatCents(t.settledNetCents),
    difference: formatCents(t.differenceCents),
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
