/**
 * The notification (SNS e-mail/SMS): the morning message a finance team reads, in the report's
 * language. What needs action first, largest money at stake first, with the run's outcome and the
 * way to open the full report. Every list is capped and every string that comes from data is
 * shortened, so the message stays a few KB, far below SNS's 256 KB, whatever the run. Failure texts are the scrubbed `error` strings of the
 * run's jobs, never error objects. The subject is the verdict a reader sorts mail by: "recon: R$
 * 16.621,52 pedem acao - 31/03/2025", "FALHOU" when the run failed.
 */

import type { ActionCategory } from '../book/types';
import { formatBrl, formatCount } from '../money';
import { formatDate, formatInstant } from '../report-kit/dates';
import { actionLines, chargebackNote, moneyAtStake, receivableParts } from './action-order';
import { environmentName, textsFor } from './i18n';
import { inboxListUrl } from './inbox-links';
import { presignCommand, type ReportLink } from './report-link';
import { LEAD_SECTION, SECTION_LIST } from './sections';
import type { JobLine, RunSummary } from './types';

export const SNS_SUBJECT_MAX_CHARS = 100;
/** Items named per category; the rest are counted ("e mais 21…") and listed in the report. */
export const MESSAGE_ITEMS_PER_CATEGORY = 3;
export const MESSAGE_MAX_FAILURES = 5;
/** Receivable states listed with their money (the known six, and room for a few unknown ones). */
const MAX_STATE_LINES = 10;
/** Longest piece of data text (a name, a code, an error) the message prints. */
const MAX_FIELD_CHARS = 200;
/** How long a fresh link made by hand lives (the `aws s3 presign` line): 12 hours. */
const NEW_LINK_SECONDS = 12 * 3600;

/**
 * SNS takes subjects of printable ASCII only, at most 100 characters: the words keep their letters
 * without accents ("pedem acao"), which reads better than a "?" per accent, and the money and the
 * date (the period's last day) are ASCII as written. The environment is named only when it is not
 * production, so a test run's mail is never mistaken for the real one.
 */
export function summarySubject(s: RunSummary): string {
  const t = textsFor(s.language).message.subject;
  const atStake = moneyAtStake(s);
  const money = atStake > 0 ? t.needsAction(formatBrl(atStake, s.language)) : null;
  const verdict =
    s.outcome === 'FAILED' ? [t.failed, money].filter(Boolean).join('; ') : (money ?? t.nothing);
  const where = s.environment === 'production' ? '' : ` (${environmentName(s.environment, s.language)})`;
  return `recon${where}: ${verdict} - ${formatDate(s.to, s.language)}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, SNS_SUBJECT_MAX_CHARS);
}

function shorten(text: string, max = MAX_FIELD_CHARS): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}

/** The first `max` of `all` as lines, and "e mais N…" for the rest. */
function capped<T>(all: readonly T[], max: number, line: (item: T) => string, more: (n: number) => string) {
  return [...all.slice(0, max).map(line), ...(all.length > max ? [more(all.length - max)] : [])];
}

function failureLines(s: RunSummary): string[] {
  if (s.failures.length === 0) return [];
  const t = textsFor(s.language);
  const date = (d: string) => formatDate(d, s.language);
  const line = (f: JobLine) => {
    const why = t.message.outcomes[f.outcome] ?? shorten(f.outcome, 40);
    const detail = f.error ? ` (${t.message.technicalDetail(shorten(f.error))})` : '';
    const kind = t.reports.kinds[f.kind] ?? shorten(f.kind, 40);
    return `  ${kind}, ${t.period(date(f.from), date(f.to))}: ${why}${detail}`;
  };
  const more = (n: number) => `  ${t.message.andMore(formatCount(n, s.language))}`;
  return [`${t.failures.heading}:`, ...capped(s.failures, MESSAGE_MAX_FAILURES, line, more)];
}

function categoryLines(s: RunSummary, c: ActionCategory): string[] {
  const t = textsFor(s.language);
  const brl = (cents: number) => formatBrl(cents, s.language);
  const label = t.states[c.state] ?? shorten(c.state, 40);
  const head =
    `  ${label}: ${t.receivables(c.count)}, ${brl(c.amountCents)} ${t.atStake[c.state] ?? ''}`.trimEnd();
  const items = c.largest.slice(0, MESSAGE_ITEMS_PER_CATEGORY).map((item) => {
    const who = receivableParts(item, s.language)
      .map((part) => shorten(part, 60))
      .join(' · ');
    return `    ${who}: ${brl(Math.abs(item.differenceCents))}${chargebackNote(item, s.language)}`;
  });
  const rest = c.count - items.length;
  return [
    head,
    ...items,
    ...(rest > 0 && items.length > 0 ? [`    ${t.message.andMore(formatCount(rest, s.language))}`] : []),
  ];
}

function attentionLines(s: RunSummary): string[] {
  const t = textsFor(s.language);
  const lines = actionLines(s);
  if (lines.length === 0) return [t.message.nothingToAct];
  return [
    `${t.attention.heading}:`,
    ...lines.flatMap((line) =>
      line.kind === 'category'
        ? categoryLines(s, line.category)
        : [`  ${line.entry.label}: ${shorten(line.entry.detail, 2 * MAX_FIELD_CHARS)}`],
    ),
  ];
}

function stateLines(s: RunSummary): string[] {
  const t = textsFor(s.language);
  const brl = (cents: number) => formatBrl(cents, s.language);
  const states = Object.entries(s.receivables.byStatus).filter(([, m]) => m.count > 0);
  if (states.length === 0) return [];
  const line = ([state, m]: (typeof states)[number]) =>
    `  ${t.states[state] ?? shorten(state, 40)}: ${formatCount(m.count, s.language)}, ${brl(m.forecastNetCents)}, ${brl(m.settledNetCents)}`;
  const more = (n: number) => `  ${t.message.andMore(formatCount(n, s.language))}`;
  return [t.message.stateLine, ...capped(states, MAX_STATE_LINES, line, more)];
}

function recordsLine(s: RunSummary): string {
  const t = textsFor(s.language);
  const quarantined = s.records.quarantined > 0 ? t.records(s.records.quarantined) : null;
  return t.message.records(t.records(s.records.received), quarantined);
}

/** The last lines, never cut: how to open the full report. */
function reportLinkLines(s: RunSummary, link: ReportLink): string[] {
  const t = textsFor(s.language).message;
  switch (link.kind) {
    case 'presigned':
      return [
        t.reportLink(formatInstant(link.expiresAt, s.language)),
        link.url,
        t.newLink(presignCommand(link.uri, NEW_LINK_SECONDS)),
      ];
    case 'file':
      return [t.reportFile, link.path];
    case 'object':
      return [t.reportObject(link.uri), t.newLink(presignCommand(link.uri, NEW_LINK_SECONDS))];
  }
}

/** A full list beside the report and how to open it, as the report's link is opened. */
export interface ListLink {
  readonly label: string;
  readonly link: ReportLink;
}

/** After the report's link: one line per full list, its words then where it is. */
function listLinkLines(s: RunSummary, lists: readonly ListLink[]): string[] {
  if (lists.length === 0) return [];
  const where = (link: ReportLink) =>
    link.kind === 'presigned' ? link.url : link.kind === 'file' ? link.path : link.uri;
  return [textsFor(s.language).message.fullLists, ...lists.map((l) => `${l.label}: ${where(l.link)}`)];
}

/** Last, where the pendências are worked: the inbox's morning list, when the run knew the inbox. */
function inboxLines(s: RunSummary): string[] {
  const url = inboxListUrl(s);
  return url === undefined ? [] : [textsFor(s.language).message.inbox, url];
}

export function summaryMessage(s: RunSummary, link: ReportLink, lists: readonly ListLink[] = []): string {
  const t = textsFor(s.language);
  const date = (d: string) => formatDate(d, s.language);
  const status = s.outcome === 'SUCCEEDED' ? t.runCompleted : t.runFailed;
  const body = [
    `${status}: ${t.period(date(s.from), date(s.to))}, ${t.asOf(date(s.asOf))} (${environmentName(s.environment, s.language)}, ${shorten(s.runId, 80)}).`,
    ...failureLines(s),
    ...LEAD_SECTION.messageLines(s),
    ...attentionLines(s),
    ...SECTION_LIST.flatMap((section) => section.messageLines(s)),
    ...stateLines(s),
    recordsLine(s),
  ].join('\n');
  return `${body}\n${[...reportLinkLines(s, link), ...listLinkLines(s, lists), ...inboxLines(s)].join('\n')}`;
}
