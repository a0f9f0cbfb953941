/**
 * How a rate row's acquirer and brand meet a sale's (docs/fee-audit.md). A table is typed by hand
 * (`Elô`, `Visa`, `MASTER CARD`) while records carry what the acquirer's layout wrote (`ELO`,
 * `MASTERCARD`): both sides are folded alike, and a few spellings of "any" are a wildcard, so a
 * table that means every brand is never one that matches none.
 */

const COMBINING_MARKS = /\p{M}/gu;
const SPACES = /\s+/g;

/** `Elô`, ` elo `, `E L O` → `ELO`: case, accents and spaces are how a name is typed, never which one. */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').replace(SPACES, '').toUpperCase();
}

/**
 * Folded cell texts that mean "any": empty, `*`, `ANY` (the product column's word) and the
 * Portuguese `TODAS`, `TODOS`, `QUALQUER`. No acquirer or card brand is called so. The `fee_audit`
 * query reads the same list (lib/analytics/fee-audit-query.ts).
 */
export const RATE_WILDCARDS = ['', '*', 'ANY', 'TODAS', 'TODOS', 'QUALQUER'] as const;
const WILDCARDS: ReadonlySet<string> = new Set(RATE_WILDCARDS);

export function isWildcard(text: string): boolean {
  return WILDCARDS.has(foldName(text));
}

/** The wildcard spellings, for an error that lists what a column accepts. */
export const WILDCARD_SPELLINGS = '* (or empty, ANY, TODAS, TODOS, QUALQUER)';
