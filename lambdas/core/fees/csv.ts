/**
 * The few CSV rules a hand-kept rate table needs: comma-separated, a field may be quoted (so a
 * comma decimal such as `"2,39"` stays one field), `""` inside quotes is a quote, CRLF or LF lines,
 * a leading byte-order mark (spreadsheets write one) dropped, blank lines skipped.
 */

interface CsvLine {
  /** 1-based line number in the file (the header is line 1): what an error names. */
  readonly row: number;
  readonly fields: readonly string[];
}

export function readCsvLines(text: string): CsvLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  return lines.flatMap((line, index) =>
    line.trim() === '' ? [] : [{ row: index + 1, fields: splitLine(line) }],
  );
}

function splitLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field.trim());
      field = '';
    } else field += char;
  }
  fields.push(field.trim());
  return fields;
}
