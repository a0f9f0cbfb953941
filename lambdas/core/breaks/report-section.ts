/**
 * The report's "Pendências" and its lines in the morning message: the breaks by status, new since
 * yesterday first, then reopened and persisting (each with its money), then what the team is on
 * (in treatment, disputed with each deadline) and what it wrote off (accepted, counted, not listed
 * among what needs action).
 */
import { formatBrl } from '../money';
import { formatDate } from '../report-kit/dates';
import { html, type SafeHtml } from '../report-kit/escape';
import type { ReportSection } from '../report-kit/section';
import { cellsFor, renderTable } from '../report-kit/table';
import type { ReportLanguage } from '../report-language';
import { breaksTextsFor } from './report-texts';
import type { BreaksSummary, StatusCount } from './summary';

/** What the section reads of the run summary. */
export interface BreaksReportInput {
  readonly language: ReportLanguage;
  /** Absent when the summarizer reads no breaks (a summary built from a list of receivables). */
  readonly breaks?: BreaksSummary;
}

/**
 * One line per status with anything in it, as the message and the page both say it: "Nova: 3
 * pendências, R$ 10,00", the disputed with their nearest deadline, "N diferenças aceitas, R$ X".
 */
function statusLines(breaks: BreaksSummary, language: ReportLanguage): string[] {
  const t = breaksTextsFor(language);
  const brl = (cents: number) => formatBrl(cents, language);
  const nearest = breaks.disputes[0];
  const line = (b: StatusCount) => {
    if (b.status === 'ACCEPTED') return t.accepted(b.count, brl(b.amountCents));
    const deadline =
      b.status === 'DISPUTED' && nearest ? ` (${t.deadline(formatDate(nearest.deadline, language))})` : '';
    return `${t.statuses[b.status]}: ${t.breaks(b.count)}, ${brl(b.amountCents)}${deadline}`;
  };
  return breaks.byStatus.filter((b) => b.count > 0).map(line);
}

/** A few lines, not a table: the page must stay short on a phone (docs/report.md). */
function breaksHtml(s: BreaksReportInput): SafeHtml {
  if (s.breaks === undefined) return html``;
  const t = breaksTextsFor(s.language);
  const cell = cellsFor(s.language);
  const c = t.columns;
  const lines = statusLines(s.breaks, s.language);
  const disputes = s.breaks.disputes.map((d) => [
    cell.text([d.acquirer, d.nsu && `NSU ${d.nsu}`, d.ref].filter(Boolean).join(' · ')),
    cell.date(d.deadline),
    cell.money(d.amountCents),
  ]);
  const num = (label: string) => ({ label, num: true });
  return html`<h2 id="pendencias">${t.heading}</h2>
<p>${lines.length === 0 ? t.none : lines.map((line, i) => html`${i > 0 ? html`<br>` : ''}${line}`)} <span class="muted">${t.note}</span></p>
${disputes.length > 0 ? html`<h3>${t.statuses.DISPUTED}</h3>\n${renderTable([{ label: c.break }, { label: c.deadline }, num(c.atStake)], disputes, { none: '' })}` : ''}`;
}

/** "Pendências:" then the status lines, first in the morning message. */
function breaksMessageLines(s: BreaksReportInput): string[] {
  if (s.breaks === undefined) return [];
  const lines = statusLines(s.breaks, s.language);
  return lines.length === 0 ? [] : [`${breaksTextsFor(s.language).heading}:`, ...lines.map((l) => `  ${l}`)];
}

export const breaksReportSection: ReportSection<BreaksReportInput> = {
  style: '',
  html: breaksHtml,
  actionEntries: () => [],
  messageLines: breaksMessageLines,
};
