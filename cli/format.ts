/** Output formats of listings: an aligned table for people, JSON lines and CSV for tools. */
export const FORMATS = ['table', 'jsonl', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function csvCell(value: unknown): string {
  const text = cellText(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Columns padded to their widest value; numbers (and `rightAligned` columns, e.g. money) right-aligned. */
export function formatTable<T extends object>(
  columns: readonly (keyof T & string)[],
  rows: readonly T[],
  rightAligned: readonly string[] = [],
): string {
  const cells = rows.map((row) => columns.map((c) => cellText(row[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]?.length ?? 0)));
  const numeric = columns.map(
    (c) =>
      rightAligned.includes(c) ||
      (rows.length > 0 && rows.every((r) => typeof r[c] === 'number' || r[c] === null)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => (numeric[i] ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return `${[line(columns), ...cells.map(line)].join('\n')}\n`;
}

export function formatRows<T extends object>(
  format: Format,
  columns: readonly (keyof T & string)[],
  rows: readonly T[],
): string {
  if (format === 'jsonl') return rows.map((r) => `${JSON.stringify(r)}\n`).join('');
  if (format === 'csv') {
    const lines = rows.map((r) => columns.map((c) => csvCell(r[c])).join(','));
    return `${[columns.join(','), ...lines].join('\n')}\n`;
  }
  return formatTable(columns, rows);
}
