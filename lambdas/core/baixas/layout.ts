/**
 * The ERP export's two layouts (docs/erp-export.md). CSV as Excel and Brazilian ERPs import it: UTF-8
 * with a BOM (Excel reads accents right), `;` between fields, a decimal comma without thousands
 * separator, dates dd/MM/yyyy, one header row, CRLF line ends. JSON Lines for integrators: one object
 * per row under the same headers, money in integer centavos and dates in ISO, as stored.
 */
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';
import type { BaixaLine } from './lines';
import { type Column, columnsOf, type ErpMapping } from './mapping';

/** A line as handed out: re-exported when a date range was asked for again (`--since`). */
export interface ExportedLine extends BaixaLine {
  readonly reexport: boolean;
}

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

type Raw = string | number | boolean | null;

/** The account of a line: the most specific key of the mapping's `accounts`, else empty. */
function accountOf(line: BaixaLine, accounts: Readonly<Record<string, string>>): string {
  const acquirer = line.acquirer ?? '';
  return (
    accounts[`${acquirer}:${line.component}`] ??
    accounts[line.component] ??
    accounts[acquirer] ??
    accounts['*'] ??
    ''
  );
}

function rawOf(line: ExportedLine, column: Column, mapping: ErpMapping): Raw {
  if (column.field === undefined) return column.value ?? '';
  if (column.field === 'account') return accountOf(line, mapping.accounts);
  return line[column.field];
}

const isMoney = (column: Column) => column.field === 'amountCents';

/** Rows of raw values; with `summary`, rows equal but for their money summed into one (zero sums left out). */
function rowsOf(lines: readonly ExportedLine[], columns: readonly Column[], mapping: ErpMapping): Raw[][] {
  const rows = lines.map((line) => columns.map((column) => rawOf(line, column, mapping)));
  if (!mapping.summary) return rows;
  const merged = new Map<string, Raw[]>();
  for (const row of rows) {
    const key = JSON.stringify(row.map((value, i) => (isMoney(columns[i] as Column) ? null : value)));
    const kept = merged.get(key);
    if (!kept) merged.set(key, [...row]);
    else
      columns.forEach((column, i) => {
        if (isMoney(column)) kept[i] = Number(kept[i]) + Number(row[i]);
      });
  }
  return [...merged.values()].filter((row) => columns.some((column, i) => isMoney(column) && row[i] !== 0));
}

export function formatReais(cents: Cents): string {
  const magnitude = Math.abs(cents);
  const reais = `${Math.trunc(magnitude / 100)},${String(magnitude % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${reais}` : reais;
}

const brazilianDate = (date: IsoDate) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** Text a spreadsheet would run as a formula starts with one of these; it is shown as text instead. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cellOf(value: Raw, format: Column['format']): string {
  if (value === null) return '';
  if (format === 'money' && typeof value === 'number') return formatReais(value);
  if (format === 'date' && typeof value === 'string') return brazilianDate(value);
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  const text = String(value);
  return typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
}

function quoted(cell: string): string {
  return /[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

export function renderLines(
  lines: readonly ExportedLine[],
  mapping: ErpMapping,
  format: ExportFormat,
): string {
  const columns = columnsOf(mapping);
  const rows = rowsOf(lines, columns, mapping);
  if (format === 'jsonl') {
    return rows
      .map((row) => `${JSON.stringify(Object.fromEntries(columns.map((c, i) => [c.header, row[i]])))}\n`)
      .join('');
  }
  const text = (cells: readonly string[]) => `${cells.map(quoted).join(';')}\r\n`;
  return `\uFEFF${text(columns.map((c) => c.header))}${rows
    .map((row) => text(row.map((value, i) => cellOf(value, (columns[i] as Column).format))))
    .join('')}`;
}
