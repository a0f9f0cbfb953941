/**
 * The end-of-run table on stderr: what a person checks first after `recon run`. Headings, states and
 * dates carry the report's words in the report's language, so the terminal and the report name them
 * alike; the lines the report has no word for are written here, one object per language.
 */
import { formatCents, formatCount } from '../../lambdas/core/money';
import { environmentName, textsFor } from '../../lambdas/core/report/i18n';
import type { RunSummary } from '../../lambdas/core/report/types';
import { formatDate, formatSeconds } from '../../lambdas/core/report-kit/dates';
import { textsByLanguage } from '../../lambdas/core/report-kit/texts';
import { formatTable } from '../format';

interface TerminalWords {
  readonly run: (runId: string, environment: string, period: string, asOf: string, outcome: string) => string;
  readonly period: (from: string, to: string) => string;
  readonly outcomes: Readonly<Record<RunSummary['outcome'], string>>;
  readonly failures: string;
  readonly code: string;
  readonly quarantined: (n: string) => string;
  readonly reason: string;
  readonly footer: (requests: string, seconds: string) => string;
  readonly report: (path: string) => string;
  readonly inbox: (command: string) => string;
}

const wordsFor = textsByLanguage<TerminalWords>({
  'pt-BR': {
    run: (runId, environment, period, asOf, outcome) =>
      `execução ${runId} (${environment}) ${period}, posição em ${asOf}: ${outcome}`,
    period: (from, to) => `${from} a ${to}`,
    outcomes: { SUCCEEDED: 'concluída', FAILED: 'FALHOU' },
    failures: 'falhas:',
    code: 'Código',
    quarantined: (n) => `em quarentena: ${n}`,
    reason: 'Motivo',
    footer: (requests, seconds) => `requisições ao provedor: ${requests} · tempo: ${seconds} s`,
    report: (path) => `relatório: ${path}`,
    inbox: (command) => `pendências no navegador: ${command}`,
  },
  en: {
    run: (runId, environment, period, asOf, outcome) =>
      `run ${runId} (${environment}) ${period}, as of ${asOf}: ${outcome}`,
    period: (from, to) => `${from} to ${to}`,
    outcomes: { SUCCEEDED: 'succeeded', FAILED: 'FAILED' },
    failures: 'failures:',
    code: 'Code',
    quarantined: (n) => `quarantined: ${n}`,
    reason: 'Reason',
    footer: (requests, seconds) => `requests made: ${requests} · elapsed: ${seconds} s`,
    report: (path) => `report: ${path}`,
    inbox: (command) => `breaks in the browser: ${command}`,
  },
});

export function renderSummaryTable(s: RunSummary, reportPath: string, inboxCommand?: string): string {
  const t = textsFor(s.language);
  const w = wordsFor(s.language);
  const c = t.columns;
  const date = (d: string) => formatDate(d, s.language);
  const codes = Object.entries(s.records.byCode).map(([code, records]) => ({
    [w.code]: code,
    [c.records]: formatCount(records, s.language),
  }));
  const reasons = Object.entries(s.records.quarantinedByReason).map(([reason, records]) => ({
    [w.reason]: reason,
    [c.records]: formatCount(records, s.language),
  }));
  const states = Object.entries(s.receivables.byStatus).map(([state, totals]) => ({
    [c.state]: t.states[state] ?? state,
    [c.receivables]: formatCount(totals.count, s.language),
    [c.forecast]: formatCents(totals.forecastNetCents, s.language),
    [c.settled]: formatCents(totals.settledNetCents, s.language),
    [c.difference]: formatCents(totals.differenceCents, s.language),
  }));
  const failures = s.failures.map(
    (f) => `  ${f.kind} ${w.period(date(f.from), date(f.to))}: ${f.outcome}${f.error ? ` - ${f.error}` : ''}`,
  );
  const environment = environmentName(s.environment, s.language);
  const period = w.period(date(s.from), date(s.to));
  return [
    w.run(s.runId, environment, period, date(s.asOf), w.outcomes[s.outcome]),
    ...(failures.length > 0 ? [w.failures, ...failures] : []),
    '',
    formatTable([w.code, c.records], codes, [c.records]),
    w.quarantined(formatCount(s.records.quarantined, s.language)),
    ...(reasons.length > 0 ? [formatTable([w.reason, c.records], reasons, [c.records])] : []),
    '',
    formatTable([c.state, c.receivables, c.forecast, c.settled, c.difference], states, [
      c.receivables,
      c.forecast,
      c.settled,
      c.difference,
    ]),
    w.footer(formatCount(s.providerRequests, s.language), formatSeconds(s.elapsedMs, s.language)),
    w.report(reportPath),
    ...(inboxCommand === undefined ? [] : [w.inbox(inboxCommand)]),
    '',
  ].join('\n');
}
