/**
 * The CSV rules a hand-kept rate table needs, as spreadsheets save it: the separator is the one the
 * header uses (`;` when the header line has one, as Excel writes CSV in a pt-BR locale, so a comma
 * decimal such as `2,39` needs no quotes; else `,`), a field may be quoted (`"2,39"` stays one field
 * under `,`), `""` inside quotes is a quote, CRLF or LF lines, a leading byte-order mark (Excel's
 * "CSV UTF-8" writes one) dropped, and blank rows skipped: empty, whitespace, or only separators
 * (`;;;;;;;`, which Excel writes for a row it once formatted).
 */

interface CsvLine {
  /** 1-based line number in the file (the header is line 1): what an error names. */
  readonly row: number;
  readonly fields: readonly string[];
}

export function readCsvLines(text: string): CsvLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines.find((line) => line.trim() !== '') ?? '';
  const separator = header.includes(';') ? ';' : ',';
  return lines.flatMap((line, index) => {
    const fields = splitLine(line, separator);
    return fields.every((field) => field === '') ? [] : [{ row: index + 1, fields }];
  });
}

function splitLine(line: string, separator: string): string[] {
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
    else if (char === separator) {
      fields.push(field.trim());
      field = '';
    } else field += char;
  }
  fields.push(field.trim());
  return fields;
}

/**
 * The table written back in the one spelling the lake's table reads (Glue's OpenCSVSerde and the
 * local DuckDB view split on `,`): comma-separated, a field quoted when it holds a comma or a quote
 * (so `2,39` becomes `"2,39"`), no byte-order mark, blank rows dropped, LF lines.
 */
export function commaSeparated(text: string): string {
  const lines = readCsvLines(text).map(({ fields }) => fields.map(quotedIfNeeded).join(','));
  return `${lines.join('\n')}\n`;
}

function quotedIfNeeded(field: string): string {
  return /[",]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}
