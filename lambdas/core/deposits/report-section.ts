/**
 * The report's "Depósitos" section (docs/deposits.md, "Where deposits show"): the deposits that did
 * not arrive first (the action), then those that arrived with another amount, then credits nobody
 * expected, then a compact count of what agrees or is still within its window, and last expected
 * against received per day and acquirer. A list with nothing in it is left out, as everywhere in
 * the report.
 */

import { formatBrl, formatCount } from '../money';
import { formatDate } from '../report-kit/dates';
import { html, joinHtml, type SafeHtml } from '../report-kit/escape';
import type { ReportSection } from '../report-kit/section';
import { type FullListsInput, moreLine, shownRows } from '../report-kit/short-list';
import { type Cell, type Column, cellsFor, renderTable } from '../report-kit/table';
import type { ReportLanguage } from '../report-language';
import { type DepositsActionInput, depositActionEntries } from './report-actions';
import { depositsFullLists, depositsListName, differingDays } from './report-lists';
import { depositsTextsFor } from './report-texts';
import type { DepositsSection } from './section-model';
import type { DepositResult, DepositStatus } from './types';

/** The action lists' colours, as the receivable action states have theirs (style.ts). */
export const DEPOSITS_STYLE = `.NOT_DEPOSITED,.DEPOSIT_REVERSED{--c:#c4262e}.DEPOSIT_DIFFERS{--c:#dc6803}.UNEXPLAINED_CREDIT{--c:#6941c6}
h3.deposit{border-left:5px solid var(--c);padding-left:.5rem}`;

/** What the section reads of the run summary: its entries in what needs action read the same. */
export type DepositsReportInput = DepositsActionInput & FullListsInput;

type OnSection = Extract<DepositsSection, { state: 'ON' }>;
type ActionStatus = 'NOT_DEPOSITED' | 'DEPOSIT_REVERSED' | 'DEPOSIT_DIFFERS' | 'UNEXPLAINED_CREDIT';

/** Empty when the summary has no deposits section (the bank leg not read). */
export function depositsHtml(s: DepositsReportInput): SafeHtml {
  const section = s.deposits;
  if (section === undefined) return html``;
  const w = depositsTextsFor(s.language);
  const heading = html`<h2 id="deposits">${w.heading}</h2>`;
  if (section.state === 'OFF') return html`${heading}\n<p class="muted">${w.off}</p>`;
  const date = (d: string) => formatDate(d, s.language);
  const note = html`<p class="muted">${w.note(date(section.from), date(section.to))}</p>`;
  if (section.results.length === 0) return html`${heading}\n${note}\n<p>${w.empty}</p>`;
  const actions = (
    ['NOT_DEPOSITED', 'DEPOSIT_REVERSED', 'DEPOSIT_DIFFERS', 'UNEXPLAINED_CREDIT'] as const
  ).flatMap((status) => actionList(section, status, s));
  return joinHtml(
    [
      heading,
      note,
      ...(actions.length > 0 ? actions : [html`<p class="ok">${w.nothingToAct}</p>`]),
      ...compactCounts(section, s.language),
      byDayTable(section, s),
    ],
    html`\n`,
  );
}

/** An account never wraps mid-number. */
const account = (r: DepositResult): Cell => ({ text: r.bankAccount, kind: 'nowrap' });

/** The columns and cells of one action list: what is missing, what differs, what nobody expected. */
function listOf(status: ActionStatus, language: ReportLanguage) {
  const w = depositsTextsFor(language);
  const c = w.columns;
  const cell = cellsFor(language);
  // The row's title (a card's heading on a phone): the acquirer, its group (a brand, a merchant) as small print.
  const acquirer = (r: DepositResult): Cell => ({
    text: r.acquirer ?? w.unknownAcquirer,
    ...(r.group === '' ? {} : { small: r.group }),
  });
  const money = (cents: number | null) => (cents === null ? cell.text('') : cell.money(cents));
  const lists: Record<ActionStatus, { columns: Column[]; row: (r: DepositResult) => Cell[] }> = {
    NOT_DEPOSITED: {
      columns: [
        { label: c.acquirer },
        { label: c.account },
        { label: c.paymentDate },
        { label: c.windowEnds },
        { label: c.expected, num: true },
      ],
      row: (r) => [
        acquirer(r),
        account(r),
        cell.date(r.paymentDate),
        cell.date(r.windowEnds),
        money(r.expectedCents),
      ],
    },
    DEPOSIT_REVERSED: {
      columns: [
        { label: c.acquirer },
        { label: c.account },
        { label: c.paymentDate },
        { label: c.creditDate },
        { label: c.received, num: true },
        { label: c.reversalDate },
        { label: c.reversal, num: true },
      ],
      row: (r) => [
        acquirer(r),
        account(r),
        cell.date(r.paymentDate),
        cell.date(r.creditDate),
        money(r.creditCents),
        cell.date(r.reversalDate),
        money(r.reversalCents),
      ],
    },
    DEPOSIT_DIFFERS: {
      columns: [
        { label: c.acquirer },
        { label: c.account },
        { label: c.paymentDate },
        { label: c.creditDate },
        { label: c.expected, num: true },
        { label: c.received, num: true },
        { label: c.difference, num: true },
      ],
      row: (r) => [
        acquirer(r),
        account(r),
        cell.date(r.paymentDate),
        cell.date(r.creditDate),
        money(r.expectedCents),
        money(r.creditCents),
        money(r.differenceCents),
      ],
    },
    UNEXPLAINED_CREDIT: {
      // What the bank wrote identifies the credit: its memo is the row's title, the FITID small print.
      columns: [
        { label: c.memo },
        { label: c.account },
        { label: c.creditDate },
        { label: c.received, num: true },
      ],
      row: (r) => [
        {
          text: [r.acquirer, r.memo].filter(Boolean).join(' · '),
          ...(r.fitid ? { small: `FITID ${r.fitid}` } : {}),
        },
        account(r),
        cell.date(r.creditDate),
        money(r.creditCents),
      ],
    },
  };
  return lists[status];
}

/** The list of one action status, its largest first (the results' order); none when no result has it. */
function actionList(section: OnSection, status: ActionStatus, s: FullListsInput): SafeHtml[] {
  const { language } = s;
  const rows = section.results.filter((r) => r.status === status);
  if (rows.length === 0) return [];
  const w = depositsTextsFor(language);
  const shown = shownRows(rows);
  const totals = section.totals[status];
  const list = listOf(status, language);
  const figures = `${formatCount(totals.count, language)} · ${formatBrl(totals.amountCents, language)}`;
  return [
    html`<h3 class="deposit ${status}">${w.statuses[status]} <small>${figures}</small></h3>
<p class="muted">${w.explain[status]}</p>
${renderTable(list.columns, shown.map(list.row), { none: '' })}
${moreLine(s, depositsListName(status), shown.length, rows.length)}`,
  ];
}

/**
 * "Depositado: 12 · R$ …", "Aguardando depósito: 3 · R$ …", "Nada a depositar" and credits nobody
 * expected that the bank took back (nothing stayed), each only when there is one.
 */
function compactCounts(section: OnSection, language: ReportLanguage): SafeHtml[] {
  const w = depositsTextsFor(language);
  const parts = (
    [
      'DEPOSITED',
      'AWAITING_DEPOSIT',
      'NO_DEPOSIT_DUE',
      'CREDIT_REVERSED',
    ] as const satisfies readonly DepositStatus[]
  )
    .filter((status) => section.totals[status].count > 0)
    .map((status) => {
      const t = section.totals[status];
      return html`${w.statuses[status]}: ${formatCount(t.count, language)} · ${formatBrl(t.amountCents, language)}`;
    });
  return parts.length === 0 ? [] : [html`<p>${joinHtml(parts, html`<br>`)}</p>`];
}

/**
 * The days and acquirers whose received differs from what was due, largest difference first: a day
 * that agrees has nothing at stake and is only counted (most days of a quiet month).
 */
function byDayTable(section: OnSection, s: FullListsInput): SafeHtml {
  const { language } = s;
  const w = depositsTextsFor(language);
  const c = w.columns;
  const cell = cellsFor(language);
  // Money still within its window is its own column, only when there is some: not a shortfall yet.
  const awaiting = section.totals.AWAITING_DEPOSIT.count > 0;
  const differing = differingDays(section);
  const shown = shownRows(differing);
  const agreeing = section.byDay.length - differing.length;
  const rows = shown.map((line) => [
    cell.date(line.date),
    cell.text(line.acquirer ?? w.unknownAcquirer),
    cell.money(line.expectedCents),
    cell.money(line.receivedCents),
    ...(awaiting ? [cell.money(line.awaitingCents)] : []),
    cell.money(line.differenceCents),
  ]);
  const columns = [
    { label: c.date },
    { label: c.acquirer },
    { label: c.expected, num: true },
    { label: c.received, num: true },
    ...(awaiting ? [{ label: w.statuses.AWAITING_DEPOSIT, num: true }] : []),
    { label: c.difference, num: true },
  ];
  const omitted =
    agreeing > 0
      ? html`\n<p class="muted">${w.agreeingDays(agreeing, formatCount(agreeing, language))}</p>`
      : '';
  return html`<h3>${w.byDay}</h3>\n${renderTable(columns, rows, { none: w.noDifference })}${omitted}
${moreLine(s, depositsListName('BY_DAY'), shown.length, differing.length)}`;
}

export const depositsReportSection: ReportSection<DepositsReportInput> = {
  style: DEPOSITS_STYLE,
  html: depositsHtml,
  actionEntries: depositActionEntries,
  messageLines: () => [],
  fullLists: depositsFullLists,
};
