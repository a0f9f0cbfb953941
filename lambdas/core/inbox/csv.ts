/**
 * The filtered list as a Brazilian Excel opens it (report-kit/csv.ts: `;`, comma decimals,
 * dd/MM/yyyy, BOM), every break the filter selects, not only those on the page.
 */

import type { BreakView } from '../breaks/status';
import type { IsoDate } from '../calendar';
import { csvCount, csvDate, csvMoney, excelCsv } from '../report-kit/csv';
import { breakColumns } from './break-columns';
import type { InboxResponse } from './http';

/** Every column of a break (break-columns.ts), the CSV's details included, in Excel's pt-BR. */
const COLUMNS = breakColumns('csv', 'pt-BR', { money: csvMoney, date: csvDate, count: csvCount });

export const CSV_HEADER = COLUMNS.headers;

export function breaksCsv(views: readonly BreakView[]): string {
  return excelCsv(CSV_HEADER, views.map(COLUMNS.cells));
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
