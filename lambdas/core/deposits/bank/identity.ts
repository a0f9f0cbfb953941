/**
 * A statement transaction's identity (docs/deposits.md "Statements: import and identity"):
 * what makes a re-imported or overlapping statement change nothing, while two genuinely equal credits
 * of one day stay two. Per bank (`deposits.statementIdentity`, by the code the statement gives):
 *
 * - `fitid`: account + FITID, where the bank's FITID is unique and stable (then a memo the bank
 *   rewrites between exports does not make a second transaction).
 * - `content`: account, posted date, amount, memo (trimmed, spaces collapsed, upper case) and the
 *   occurrence among identical transactions within the file, in file order. An overlapping export of
 *   the same days lists a day's identical transactions the same number of times, so it gives the same
 *   identities; two equal credits of one day are occurrences 0 and 1.
 *
 * Under `fitid`, a FITID repeated within one file (some banks reuse one per day or per batch) must not
 * merge real transactions: the first of them (in a content order, not the file's, so the choice does
 * not depend on how the bank sorted the export) keeps the FITID identity, the repeats take their
 * content identity.
 */
import { createHash } from 'node:crypto';
import type { DepositsConfig, StatementIdentity } from '../config';
import type { BankCredit } from '../types';
import type { StatementTransaction } from './statement';

/** A transaction with its identity: a {@link BankCredit} (debits negative) that keeps its type. */
export interface IdentifiedTransaction extends BankCredit {
  readonly type: string;
}

/**
 * The memo as identity compares it: accents kept, case, edges and runs of spaces not. Not the
 * matcher's `normalizeMemo` (deposits/memo.ts), which also drops accents to recognise an acquirer:
 * changing this one would change every stored transaction's identity.
 */
export function identityMemo(memo: string): string {
  return memo.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** `f`/`c` (the rule that made it) + 32 hex digits of a SHA-256 of the parts. */
function hashOf(rule: 'f' | 'c', parts: readonly (string | number)[]): string {
  return rule + createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

export function identityRuleOf(
  bankCode: string,
  config: DepositsConfig['statementIdentity'],
): StatementIdentity {
  const code = bankCode.replace(/^0+(?=\d)/, '');
  for (const [bank, rule] of Object.entries(config.banks)) {
    if (bank.replace(/^0+(?=\d)/, '') === code) return rule;
  }
  return config.default;
}

const contentKey = (t: StatementTransaction) =>
  JSON.stringify([t.bankAccount, t.postedDate, t.amountCents, identityMemo(t.memo)]);

/** The transactions of one file with their identities, in file order. */
export function identify(
  transactions: readonly StatementTransaction[],
  config: DepositsConfig['statementIdentity'],
): IdentifiedTransaction[] {
  const seen = new Map<string, number>();
  const contentIds = transactions.map((t) => {
    const key = contentKey(t);
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return hashOf('c', [t.bankAccount, t.postedDate, t.amountCents, identityMemo(t.memo), occurrence]);
  });
  // Per account and FITID, the one transaction that keeps the FITID identity (the rest: content).
  const fitidHolder = new Map<string, number>();
  transactions.forEach((t, i) => {
    if (t.fitid === null || identityRuleOf(t.bankCode, config) !== 'fitid') return;
    const key = JSON.stringify([t.bankAccount, t.fitid]);
    const holder = fitidHolder.get(key);
    if (holder === undefined || (contentIds[i] as string) < (contentIds[holder] as string))
      fitidHolder.set(key, i);
  });
  return transactions.map((t, i) => {
    const holder = t.fitid === null ? undefined : fitidHolder.get(JSON.stringify([t.bankAccount, t.fitid]));
    const identity =
      holder === i ? hashOf('f', [t.bankAccount, t.fitid as string]) : (contentIds[i] as string);
    return {
      bankAccount: t.bankAccount,
      postedDate: t.postedDate,
      amountCents: t.amountCents,
      fitid: t.fitid,
      memo: t.memo,
      identity,
      type: t.type,
    };
  });
}
