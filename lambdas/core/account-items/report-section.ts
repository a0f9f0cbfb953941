/**
 * The report's "Tarifas e débitos do período" (docs/lifecycle.md, account-level items): the period's
 * fees and debits per acquirer, then the largest entries. Information only: no entry in what needs
 * action, no line in the morning message.
 */

import { csvDate, csvMoney, excelCsv, type FullList } from '../report-kit/csv';
import { html, type SafeHtml } from '../report-kit/escape';
import type { ReportSection } from '../report-kit/section';
import { type FullListsInput, moreLine, shownRows } from '../report-kit/short-list';
import { type Column, cellsFor, renderTable } from '../report-kit/table';
import type { FeeItem, PeriodFees } from './period-fees';
import { accountFeesTextsFor } from './report-texts';

/** What the section reads of the run summary. */
export interface AccountFeesReportInput extends FullListsInput {
  /** The fees and debits of the period; absent when the summarizer reads no account-level items. */
  readonly fees?: PeriodFees;
}

/** The list name of the period's entries (report-kit/short-list.ts). */
export const ACCOUNT_FEES_LIST = 'account-fees';

/** Per acquirer, then the largest entries; empty when the fees were not read. */
export function accountFeesHtml(s: AccountFeesReportInput): SafeHtml {
  if (s.fees === undefined) return html``;
  const w = accountFeesTextsFor(s.language);
  const c = w.columns;
  const cell = cellsFor(s.language);
  const perAcquirer = s.fees.byAcquirer.map((a) => [
    cell.text(a.acquirer),
    cell.money(-a.feeCents),
    cell.money(a.adjustmentNetCents),
    cell.count(a.count),
  ]);
  const shown = shownRows(s.fees.largest);
  const largest = shown.map((i) => [
    cell.text(
      [i.acquirer, `${w.merchant}\u00a0${i.merchant}`, i.reasonText ?? ''].filter(Boolean).join(' · '),
    ),
    { text: w.roles[i.role] ?? i.role, kind: 'nowrap' as const },
    cell.date(i.date === '' ? null : i.date),
    cell.money(signed(i)),
  ]);
  // Amounts and counts right-aligned, as in every table of the report.
  const figure = (label: string): Column => ({ label, num: true });
  const acquirerColumns = [{ label: c.acquirer }, ...[c.fees, c.adjustments, c.records].map(figure)];
  const itemColumns = [{ label: c.item }, { label: c.kind }, { label: c.date }, figure(c.amount)];
  return html`<h2>${w.heading}</h2>
<p class="muted">${w.note}</p>
${renderTable(acquirerColumns, perAcquirer, { none: w.none })}
${largest.length > 0 ? html`<h3>${w.largest}</h3>\n${renderTable(itemColumns, largest, { none: w.none })}` : ''}
${moreLine(
  s,
  ACCOUNT_FEES_LIST,
  shown.length,
  // The entries the full list has; a summary from before it kept them counts its records.
  s.fees.items?.length ?? s.fees.byAcquirer.reduce((n, a) => n + a.count, 0),
)}`;
}

/** A fee is a debit: written negative, as on the page; an adjustment with its sign. */
const signed = (i: FeeItem) => (i.role === 'FEE' ? -i.amountCents : i.amountCents);

/** Every entry of the period in one CSV (none for a summary written before the entries were kept). */
function accountFeesFullLists(s: AccountFeesReportInput): FullList[] {
  const items = s.fees?.items;
  if (items === undefined || items.length === 0) return [];
  const w = accountFeesTextsFor(s.language);
  const c = w.columns;
  const rows = items.map((i) => [
    i.acquirer,
    i.merchant,
    w.roles[i.role] ?? i.role,
    csvDate(i.date === '' ? null : i.date),
    i.reasonText,
    csvMoney(signed(i)),
  ]);
  const csv = excelCsv([c.acquirer, c.merchant, c.kind, c.date, c.description, c.amount], rows);
  return [{ name: ACCOUNT_FEES_LIST, label: w.heading, csv }];
}

export const accountFeesReportSection: ReportSection<AccountFeesReportInput> = {
  style: '',
  html: accountFeesHtml,
  actionEntries: () => [],
  messageLines: () => [],
  fullLists: accountFeesFullLists,
};
