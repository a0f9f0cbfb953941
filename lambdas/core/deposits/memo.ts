/**
 * Which acquirer a bank credit comes from, read from its memo (docs/deposits.md
 * "## Matching"). Banks write the payer in the memo in their own way ("TED CIELO S.A.",
 * "CRED REDECARD", "Créd. Stone Pagamentos"), so the memo is normalized first (accents removed,
 * upper case, runs of spaces collapsed) and then tried against `deposits.acquirerPatterns`
 * (acquirer as the records spell it → case-insensitive regular expressions).
 *
 * A memo matched by the patterns of two or more acquirers is ambiguous and counts as naming none:
 * guessing would pair a credit with the wrong acquirer's deposit and call it a difference, while an
 * unknown memo still pairs on the exact amount (match.ts) and is otherwise listed as unexplained.
 */
import type { DepositsConfig } from './config';

export type AcquirerPatterns = DepositsConfig['acquirerPatterns'];

/** Accents removed, upper case, whitespace runs as one space, trimmed. */
export function normalizeMemo(memo: string): string {
  return memo.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/\s+/g, ' ').trim();
}

/** An acquirer's name as compared: the records' spelling, normalized like a memo. */
export function acquirerKey(acquirer: string): string {
  return normalizeMemo(acquirer);
}

/** Whether two spellings name one acquirer ("Cielo" and "CIELO" do). */
export function sameAcquirer(a: string, b: string): boolean {
  return acquirerKey(a) === acquirerKey(b);
}

interface CompiledAcquirer {
  readonly key: string;
  /** The spelling reported for an unexplained credit: the first in code-unit order of this key's. */
  readonly name: string;
  readonly patterns: readonly RegExp[];
}

/** Compiled once per configuration object (a configuration is parsed once per run). */
const compiledByConfig = new WeakMap<AcquirerPatterns, readonly CompiledAcquirer[]>();

/** Patterns grouped by acquirer key: "Cielo" and "CIELO" given separately are one acquirer. */
function compile(patterns: AcquirerPatterns): readonly CompiledAcquirer[] {
  const cached = compiledByConfig.get(patterns);
  if (cached) return cached;
  const byKey = new Map<string, { name: string; patterns: RegExp[] }>();
  for (const name of Object.keys(patterns).sort()) {
    const key = acquirerKey(name);
    const entry = byKey.get(key) ?? { name, patterns: [] };
    // 'i' only, as the configuration validated them (deposits/config.ts).
    for (const source of patterns[name] ?? []) entry.patterns.push(new RegExp(source, 'i'));
    byKey.set(key, entry);
  }
  const compiled = [...byKey].map(([key, entry]) => ({ key, ...entry }));
  compiledByConfig.set(patterns, compiled);
  return compiled;
}

/**
 * The acquirer a memo names, as the configuration spells it, or null when it names none or several
 * (ambiguous: see the module comment).
 */
export function acquirerOfMemo(memo: string, patterns: AcquirerPatterns): string | null {
  const text = normalizeMemo(memo);
  const named = compile(patterns).filter((acquirer) => acquirer.patterns.some((p) => p.test(text)));
  return named.length === 1 ? (named[0] as CompiledAcquirer).name : null;
}
