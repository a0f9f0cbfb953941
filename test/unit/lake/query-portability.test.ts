/**
 * The named queries run on Athena (Trino) and on DuckDB: the tests run them on DuckDB only, so this
 * holds every query to the shared subset both engines read the same way (`lib/analytics/queries.ts`'s
 * portability rules), and every query must parse with node-sql-parser's Trino grammar (which refuses
 * malformed SQL and DuckDB-only clauses such as QUALIFY, though it is lenient about `::`, hence the
 * spelling rules too). A function or construct outside the subset fails the test until someone checks
 * it on Athena and adds it.
 */
import { Parser } from 'node-sql-parser';
import { describe, expect, it } from 'vitest';
import { NAMED_QUERIES } from '../../../lib/analytics/queries';

/**
 * Functions Trino and DuckDB both define, with the same result on the lake's column types. For
 * `fee_audit` (the contracted-rate CSV, text columns): REPLACE(s, from, to) replaces every match in
 * both; TRANSLATE(s, from, to) replaces each character of `from` by the one at its place in `to`
 * in both; TRIM (spaces at both ends), UPPER; TRY_CAST is CAST giving null instead of an error; ROUND
 * on a DECIMAL rounds half away from zero in both. MIN and MAX (the correction rule's latest report,
 * `counted-records.ts`) compare integers as numbers and text by code point in both, and the text they
 * compare is ISO dates, report ids and hashes.
 */
const PORTABLE_FUNCTIONS = [
  'ABS',
  'CAST',
  'COALESCE',
  'COUNT',
  'DENSE_RANK',
  'MAX',
  'MIN',
  'NULLIF',
  'REPLACE',
  'ROUND',
  'ROW_NUMBER',
  'SUBSTR',
  'SUM',
  'TRANSLATE',
  'TRIM',
  'TRY_CAST',
  'UPPER',
];
/**
 * Keywords a parenthesis may follow (a CTE body, a list, a window, a condition), and DECIMAL(p, s):
 * an exact type of that precision and scale in both engines.
 */
const KEYWORDS = ['AS', 'IN', 'OVER', 'OR', 'AND', 'NOT', 'FROM', 'ON', 'DECIMAL'];

/** DuckDB spellings Trino refuses or reads otherwise. */
const DUCKDB_ONLY: readonly [RegExp, string][] = [
  [/::/, 'cast shorthand'],
  [/\/\//, 'integer division operator'],
  [/\bILIKE\b/i, 'ILIKE'],
  [/\bQUALIFY\b/i, 'QUALIFY'],
  [/\bEXCLUDE\b/i, 'SELECT * EXCLUDE'],
  [/\bBY\s+ALL\b/i, 'GROUP/ORDER BY ALL'],
  [/\b(DATE|TIMESTAMP|INTERVAL)\s+'/i, 'typed literals (dates are ISO text here)'],
];

const trino = new Parser();

/** Parses as Trino SQL, the query's `?` parameters as the string literals Athena binds them to. */
function parsesAsTrino(sql: string): void {
  trino.astify(sql.replaceAll('?', "'2025-01-01'"), { database: 'trino' });
}

describe('the Trino grammar check itself', () => {
  it('refuses what Trino refuses, so a pass below means something', () => {
    expect(() => parsesAsTrino('SELECT FROM WHERE')).toThrow();
    expect(() => parsesAsTrino('SELECT a FROM t QUALIFY ROW_NUMBER() OVER (PARTITION BY a) = 1')).toThrow();
    expect(() => parsesAsTrino('SELECT a, COUNT(*) FROM t WHERE d = ? GROUP BY a')).not.toThrow();
  });
});

describe('named queries stay in the SQL both Athena and DuckDB read', () => {
  for (const query of NAMED_QUERIES) {
    it(query.name, () => {
      expect(() => parsesAsTrino(query.sql)).not.toThrow();
      const called = [...query.sql.matchAll(/\b([A-Za-z_][A-Za-z0-9_]*)\s*\(/g)].map((m) =>
        (m[1] as string).toUpperCase(),
      );
      expect(called.filter((name) => !PORTABLE_FUNCTIONS.includes(name) && !KEYWORDS.includes(name))).toEqual(
        [],
      );
      for (const [pattern, what] of DUCKDB_ONLY) expect(query.sql, what).not.toMatch(pattern);
      // Double quotes name a column (Trino reads a double-quoted text as an identifier, never a string).
      for (const quoted of query.sql.match(/"[^"]*"/g) ?? []) expect(quoted).toMatch(/^"[a-z_][a-z0-9_]*"$/);
      // Trino truncates an integer division, DuckDB does not: every divisor is cast to DOUBLE first.
      for (const divisor of query.sql.split('/').slice(1)) expect(divisor).toMatch(/^\s*CAST\(/);
    });
  }
});
