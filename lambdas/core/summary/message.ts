/**
 * The short plain-text notification (SNS e-mail/SMS), in the report's language: outcome, failures,
 * what needs action, money per state. SNS limits subjects to 100 ASCII characters, so the subject
 * stays short, ASCII and in the same words in every language (mail filters match on it).
 */
import { formatBrl, formatCount } from './brl';
import { formatDate, textsFor } from './i18n';
import type { RunSummary } from './types';

export function summarySubject(s: RunSummary): string {
  const verdict = s.outcome === 'FAILED' ? 'FAILED' : 'OK';
  return `recon ${s.environment} ${s.from}..${s.to}: ${verdict}`.slice(0, 100);
}

export function summaryMessage(s: RunSummary, reportKey: string): string {
  const t = textsFor(s.language);
  const brl = (cents: number) => formatBrl(cents, s.language);
  const date = (d: string) => formatDate(d, s.language);
  const status = s.outcome === 'SUCCEEDED' ? t.runCompleted : t.runFailed;
  const lines = [
    `${status}: ${t.period(date(s.from), date(s.to))}, ${t.asOf(date(s.asOf))} (${s.environment}, ${s.runId}).`,
    ...s.failures.map(
      (f) =>
        `${t.failures.heading}: ${f.kind} ${f.from}..${f.to}: ${f.outcome}${f.error ? ` - ${f.error}` : ''}`,
    ),
    `${t.attention.heading}:`,
    ...s.attention.map((c) =>
      `  ${t.states[c.state] ?? c.state}: ${t.receivables(c.count)}, ${brl(c.amountCents)} ${t.atStake[c.state] ?? ''}`.trimEnd(),
    ),
    `  ${t.states.CAPPED}: ${t.receivables(s.capped.count)}, ${brl(s.capped.amountCents)} ${t.atStake.CAPPED}`,
    t.message.stateLine,
    ...Object.entries(s.receivables.byStatus).map(
      ([state, m]) =>
        `  ${t.states[state] ?? state}: ${formatCount(m.count, s.language)}, ${brl(m.forecastNetCents)}, ${brl(m.settledNetCents)}`,
    ),
    t.recordsSection.received(t.records(s.records.received), t.records(s.records.quarantined)),
    `${t.message.reportAt}: ${reportKey}`,
  ];
  return lines.join('\n');
}
