/**
 * The Depósitos section's full lists (docs/report.md, "Short by design"), beside the report whose
 * tables show only their largest rows: every result of each action status with one, in the
 * report's order, and every day and acquirer whose received differs from what was due. All of it is
 * already in the section's part of the summary: nothing more is read.
 */
import { csvDate, csvMoney, excelCsv, type FullList } from '../report-kit/csv';
import type { ReportLanguage } from '../report-language';
import { depositsTextsFor } from './report-texts';
import type { DepositDayLine, DepositsSection } from './section-model';
import type { DepositResult, DepositStatus } from './types';

/** The list name of one status's results, or of the differing days: `deposits-NOT_DEPOSITED`. */
export const depositsListName = (list: DepositStatus | 'BY_DAY') => `deposits-${list}`;

const ACTION_LISTS = ['NOT_DEPOSITED', 'DEPOSIT_REVERSED', 'DEPOSIT_DIFFERS', 'UNEXPLAINED_CREDIT'] as const;

/** The days and acquirers that do not agree, largest difference first (the report's per-day table). */
export function differingDays(section: Extract<DepositsSection, { state: 'ON' }>): DepositDayLine[] {
  return section.byDay
    .filter((line) => line.differenceCents !== 0)
    .sort((a, b) => Math.abs(b.differenceCents) - Math.abs(a.differenceCents));
}

function resultsCsv(results: readonly DepositResult[], language: ReportLanguage): string {
  const w = depositsTextsFor(language);
  const c = w.columns;
  const header = [
    c.acquirer,
    c.account,
    c.paymentDate,
    c.windowEnds,
    c.creditDate,
    c.expected,
    c.received,
    c.difference,
    c.memo,
    'FITID',
    c.reversalDate,
    c.reversal,
  ];
  const rows = results.map((r) => [
    [r.acquirer ?? w.unknownAcquirer, r.group].filter(Boolean).join(' · '),
    r.bankAccount,
    csvDate(r.paymentDate),
    csvDate(r.windowEnds),
    csvDate(r.creditDate),
    csvMoney(r.expectedCents),
    csvMoney(r.creditCents),
    csvMoney(r.differenceCents),
    r.memo,
    r.fitid,
    csvDate(r.reversalDate),
    csvMoney(r.reversalCents),
  ]);
  return excelCsv(header, rows);
}

function daysCsv(lines: readonly DepositDayLine[], language: ReportLanguage): string {
  const w = depositsTextsFor(language);
  const c = w.columns;
  const header = [c.date, c.acquirer, c.expected, c.received, w.statuses.AWAITING_DEPOSIT, c.difference];
  const rows = lines.map((line) => [
    csvDate(line.date),
    line.acquirer ?? w.unknownAcquirer,
    csvMoney(line.expectedCents),
    csvMoney(line.receivedCents),
    csvMoney(line.awaitingCents),
    csvMoney(line.differenceCents),
  ]);
  return excelCsv(header, rows);
}

/** The section's lists that have rows; none when the bank leg is off or not read. */
export function depositsFullLists(s: {
  readonly language: ReportLanguage;
  readonly deposits?: DepositsSection;
}): FullList[] {
  const section = s.deposits;
  if (section?.state !== 'ON') return [];
  const w = depositsTextsFor(s.language);
  const lists = ACTION_LISTS.flatMap((status) => {
    const results = section.results.filter((r) => r.status === status);
    return results.length === 0
      ? []
      : [{ name: depositsListName(status), label: w.statuses[status], csv: resultsCsv(results, s.language) }];
  });
  const days = differingDays(section);
  return days.length === 0
    ? lists
    : [...lists, { name: depositsListName('BY_DAY'), label: w.byDay, csv: daysCsv(days, s.language) }];
}
