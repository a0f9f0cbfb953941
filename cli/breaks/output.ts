/**
 * How `recon breaks` prints: a table in the report's words and language for people (R$, dd/MM/yyyy),
 * and every field as JSON lines or CSV for scripts.
 */
import type { BreakEvent } from '../../lambdas/core/breaks/chain';
import type { Decision } from '../../lambdas/core/breaks/decision';
import { BREAKS_TABLE } from '../../lambdas/core/breaks/lake-tables';
import { breaksTextsFor, decisionText } from '../../lambdas/core/breaks/report-texts';
import { breakSnapshotRow } from '../../lambdas/core/breaks/snapshot-lake';
import type { BreakView } from '../../lambdas/core/breaks/status';
import { breakColumns } from '../../lambdas/core/inbox/break-columns';
import { formatBrl } from '../../lambdas/core/money';
import type { ReportLanguage } from '../../lambdas/core/report/types';
import { formatDate, formatInstant } from '../../lambdas/core/report-kit/dates';
import { type Format, formatRows, formatTable } from '../format';

/** The columns of jsonl and csv: the lake's `recon_breaks`, so a script and Athena read one shape. */
const ROW_COLUMNS = BREAKS_TABLE.columns.map((c) => c.name);

export function formatBreaks(views: readonly BreakView[], format: Format, language: ReportLanguage): string {
  if (format !== 'table') return formatRows(format, ROW_COLUMNS, views.map(breakSnapshotRow));
  const t = breaksTextsFor(language);
  const columns = breakColumns<string | number | null>('table', language, {
    money: (cents) => formatBrl(cents, language),
    date: (value) => (value === null ? '' : formatDate(value, language)),
    count: (n) => n,
  });
  const rows = views.map((b) => {
    const cells = columns.cells(b);
    return Object.fromEntries(columns.headers.map((header, i) => [header, cells[i] ?? null]));
  });
  const total = views.reduce((sum, b) => sum + b.stakeCents, 0);
  return `${formatTable(columns.headers, rows, [t.columns.atStake])}${t.breaks(views.length)}, ${formatBrl(total, language)}\n`;
}

/** A break's history, oldest first: who did what, when, from what to what. */
export function formatHistory(
  events: readonly BreakEvent[],
  format: Format,
  language: ReportLanguage,
): string {
  if (format !== 'table') {
    const rows = events.map((e) => ({
      ...e,
      before: JSON.stringify(e.before),
      after: JSON.stringify(e.after),
    }));
    const columns = [
      'breakId',
      'version',
      'at',
      'actor',
      'action',
      'before',
      'after',
      'undoes',
      'prevHash',
      'hash',
    ] as const;
    return format === 'jsonl'
      ? events.map((e) => `${JSON.stringify(e)}\n`).join('')
      : formatRows(format, columns, rows);
  }
  const t = breaksTextsFor(language);
  const h = t.history;
  const state = (d: Decision | null) => (d ? t.statuses[d.status] : '—');
  const rows = events.map((e) => ({
    '#': e.version,
    [h.when]: formatInstant(e.at, language),
    [h.who]: e.actor,
    [h.action]: e.undoes === undefined ? t.actions[e.action] : `${t.actions[e.action]} #${e.undoes}`,
    [h.change]: `${state(e.before)} → ${state(e.after)}`,
    [h.detail]: decisionText(e.after, language),
  }));
  return formatTable(['#', h.when, h.who, h.action, h.change, h.detail], rows);
}
