/**
 * The full lists beside the report (docs/report.md, "Short by design") as a Brazilian Excel opens a
 * CSV with a double click: `;` between fields, comma decimals, dd/MM/yyyy dates, UTF-8 with a BOM
 * (without it Excel reads the accents as Latin-1), CRLF line ends and one header row. Whatever the
 * report's language, the format is pt-BR's: the team's spreadsheets are.
 */
import type { IsoDate } from '../calendar';
import { type Cents, formatCents } from '../money';
import { formatDate } from './dates';

/** A field: text from data (kept from being read as a formula) or a figure written here. */
export type CsvCell = string | null | { readonly figure: string };

/** One list written beside the report: `name` is its file (short-list.ts's `fullListName`). */
export interface FullList {
  readonly name: string;
  /** What it lists, in the report's words: the morning message's line for its link. */
  readonly label: string;
  readonly csv: string;
}

export const csvMoney = (cents: Cents | null): CsvCell =>
  cents === null ? null : { figure: formatCents(cents, 'pt-BR') };
export const csvDate = (date: IsoDate | null): CsvCell =>
  date === null ? null : { figure: formatDate(date, 'pt-BR') };
export const csvCount = (n: number | null): CsvCell => (n === null ? null : { figure: String(n) });

/**
 * Text that starts like a formula (`=`, `+`, `-`, `@`, a tab or CR) is prefixed with an apostrophe:
 * a bank memo or a provider's reason must never run in the reader's spreadsheet.
 */
function field(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'string' ? cell.replace(/^[=+\-@\t\r]/, "'$&") : cell.figure;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function excelCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(field).join(';'));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
