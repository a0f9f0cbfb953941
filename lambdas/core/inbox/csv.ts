/**
 * The filtered list as a Brazilian Excel opens it (report-kit/csv.ts: `;`, comma decimals,
 * dd/MM/yyyy, BOM), every break the filter selects, not only those on the page.
 */
import { breaksTextsFor } from '../breaks/report-texts';
import type { BreakView } from '../breaks/status';
import type { IsoDate } from '../calendar';
import { csvCount, csvDate, csvMoney, excelCsv } from '../report-kit/csv';
import type { InboxResponse } from './http';
import { T } from './texts';

const words = breaksTextsFor('pt-BR');
const c = words.columns;

export const CSV_HEADER = [
  'Ref',
  c.kind,
  c.status,
  c.acquirer,
  c.merchant,
  c.sale,
  T.nsu,
  'Parcela',
  'Vencimento',
  c.atStake,
  c.since,
  c.age,
  T.reason,
  T.note,
  T.ticket,
  T.assignee,
  T.version,
] as const;

export function breaksCsv(views: readonly BreakView[]): string {
  return excelCsv(
    CSV_HEADER,
    views.map((b) => [
      b.ref,
      words.kinds[b.kind],
      words.statuses[b.status],
      b.subject.acquirer,
      b.subject.merchant,
      csvDate(b.subject.saleDate),
      b.subject.nsu,
      b.subject.installment === null ? null : csvCount(b.subject.installment),
      csvDate(b.subject.dueDate),
      csvMoney(b.stakeCents),
      csvDate(b.firstSeen),
      csvCount(b.ageDays),
      b.decision?.reason ?? null,
      b.decision?.note ?? null,
      b.decision?.ticket ?? null,
      b.decision?.assignee ?? null,
      csvCount(b.version),
    ]),
  );
}

export function csvResponse(
  views: readonly BreakView[],
  asOf: IsoDate,
  headers: Record<string, string>,
): InboxResponse {
  return {
    status: 200,
    headers: {
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="pendencias-${asOf}.csv"`,
    },
    body: breaksCsv(views),
  };
}
