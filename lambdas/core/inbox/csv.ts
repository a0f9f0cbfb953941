/**
 * The filtered list as a Brazilian Excel opens it (report-kit/csv.ts: `;`, comma decimals,
 * dd/MM/yyyy, BOM), every break the filter selects, not only those on the page. Its headers and
 * words are in the stage's language; its figures stay Excel's pt-BR in English too, as the report's
 * own CSV lists do: the team's spreadsheets are.
 */

import type { BreakView } from '../breaks/status';
import type { IsoDate } from '../calendar';
import { csvCount, csvDate, csvMoney, excelCsv } from '../report-kit/csv';
import type { ReportLanguage } from '../report-language';
import { breakColumns } from './break-columns';
import type { InboxResponse } from './http';
import { inboxTextsFor } from './texts';

/** Every column of a break (break-columns.ts), the CSV's details included, in Excel's pt-BR figures. */
const columnsIn = (language: ReportLanguage) =>
  breakColumns('csv', language, { money: csvMoney, date: csvDate, count: csvCount });

export const csvHeader = (language: ReportLanguage) => columnsIn(language).headers;

export function breaksCsv(views: readonly BreakView[], language: ReportLanguage): string {
  const columns = columnsIn(language);
  return excelCsv(columns.headers, views.map(columns.cells));
}

export function csvResponse(
  views: readonly BreakView[],
  asOf: IsoDate,
  headers: Record<string, string>,
  language: ReportLanguage,
): InboxResponse {
  return {
    status: 200,
    headers: {
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${inboxTextsFor(language).csvFile}-${asOf}.csv"`,
    },
    body: breaksCsv(views, language),
  };
}
