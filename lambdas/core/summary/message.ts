/**
 * The short plain-text notification (SNS e-mail/SMS): outcome, money per state, failures. SNS limits
 * subjects to 100 ASCII characters, so the subject stays short and ASCII.
 */
import { formatBrl } from './brl';
import type { RunSummary } from './types';

export function summarySubject(s: RunSummary): string {
  const verdict = s.outcome === 'FAILED' ? 'FAILED' : 'OK';
  return `recon ${s.environment} ${s.from}..${s.to}: ${verdict}`.slice(0, 100);
}

export function summaryMessage(s: RunSummary, reportKey: string): string {
  const lines = [
    `Run ${s.runId} (${s.environment}) for ${s.from} to ${s.to}, state as of ${s.asOf}: ${s.outcome}.`,
    ...s.failures.map(
      (f) => `FAILED ${f.kind} ${f.from}..${f.to}: ${f.outcome}${f.error ? ` - ${f.error}` : ''}`,
    ),
    `Records received: ${s.records.received}, quarantined: ${s.records.quarantined}.`,
    'Receivables by state (count, forecast net, settled net):',
    ...Object.entries(s.receivables.byStatus).map(
      ([state, t]) =>
        `  ${state}: ${t.count}, ${formatBrl(t.forecastNetCents)}, ${formatBrl(t.settledNetCents)}`,
    ),
    `Provider requests: ${s.providerRequests}. Report: ${reportKey}`,
  ];
  return lines.join('\n');
}
