/**
 * Balance lines inside a statement's transaction list (statement.ts, BALANCE_LINE). Banco do Brasil
 * writes "Saldo Anterior" and "Saldo do dia" as STMTTRN (empty FITID, sometimes a date in the year
 * 2), and its paper-style extract a spaced "S A L D O"; public parsers report the same of Itaú and
 * Bradesco. Their amount is the balance, not money moving: as a credit it would pair with a deposit
 * or show as an unexplained credit of the account's whole balance.
 *
 * Recognised by NAME or MEMO starting with the word SALDO (letters possibly spaced), accents and
 * case ignored. A real transaction's text does not start so; one that did would be skipped, counted
 * and named in the import's output, never silently.
 */
import { normalizeMemo } from '../memo';

const BALANCE = /^S ?A ?L ?D ?O\b/;

export function isBalanceLine(texts: readonly (string | null)[]): boolean {
  return texts.some((text) => text !== null && BALANCE.test(normalizeMemo(text)));
}
