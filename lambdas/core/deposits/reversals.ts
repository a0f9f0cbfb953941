/**
 * Bank reversals (estornos; docs/deposits.md "Reversals"): a debit that takes back a credit the bank
 * had posted. Without them a credit followed by its estorno still counted as DEPOSITED, though the
 * money left again, and the debit appeared nowhere.
 *
 * A debit reverses a credit when it is on the same account, for exactly the credit's amount with the
 * opposite sign, posted on or after the credit, and either marked as a reversal by the bank (its
 * memo says ESTORNO, ESTORNADO...; any later date) or posted within `windowBusinessDays` business
 * days after the credit. An unmarked debit of the same amount moving the money on (a transfer to
 * another account the same day) is then taken as a reversal too: the deposit shows as reversed and
 * someone looks, which costs less than a reversal nobody sees.
 *
 * Each debit reverses at most one credit and each credit is reversed at most once. Marked debits
 * choose first (they are surer); each takes the latest unreversed credit before it (the one it most
 * likely undoes), then the smallest identity. Everything is sorted first, so the pairing does not
 * depend on input order.
 */
import type { IsoDate } from '../calendar';
import { addBusinessDays } from './business-days';
import { normalizeMemo } from './memo';
import type { BankCredit } from './types';

const MARKED = /\bESTORN/;

/** Whether the bank's memo says the debit is a reversal ("ESTORNO CRED CIELO", "Estornado"). */
function isMarkedReversal(memo: string): boolean {
  return MARKED.test(normalizeMemo(memo));
}

const byIdentity = (a: BankCredit, b: BankCredit) =>
  a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0;

/**
 * The reversing debit of each reversed credit, keyed by the credit's identity. `transactions` may
 * hold credits and debits alike; a debit that reverses nothing is left out (debits give no result).
 */
export function pairReversals(
  transactions: readonly BankCredit[],
  windowBusinessDays: number,
): Map<string, BankCredit> {
  const creditsByKey = new Map<string, BankCredit[]>();
  const keyOf = (account: string, cents: number) => JSON.stringify([account, cents]);
  for (const credit of transactions.filter((t) => t.amountCents > 0)) {
    const key = keyOf(credit.bankAccount, credit.amountCents);
    creditsByKey.set(key, [...(creditsByKey.get(key) ?? []), credit]);
  }
  const debits = transactions
    .filter((t) => t.amountCents < 0)
    .map((debit) => ({ debit, marked: isMarkedReversal(debit.memo) }))
    .sort(
      (a, b) =>
        Number(b.marked) - Number(a.marked) ||
        (a.debit.postedDate < b.debit.postedDate ? -1 : a.debit.postedDate > b.debit.postedDate ? 1 : 0) ||
        byIdentity(a.debit, b.debit),
    );
  const reversed = new Map<string, BankCredit>();
  const windowEndsOf = new Map<IsoDate, IsoDate>();
  const reaches = (credit: BankCredit, debit: BankCredit) => {
    let ends = windowEndsOf.get(credit.postedDate);
    if (ends === undefined) {
      ends = addBusinessDays(credit.postedDate, windowBusinessDays);
      windowEndsOf.set(credit.postedDate, ends);
    }
    return debit.postedDate <= ends;
  };
  for (const { debit, marked } of debits) {
    const candidates = (creditsByKey.get(keyOf(debit.bankAccount, -debit.amountCents)) ?? []).filter(
      (credit) =>
        !reversed.has(credit.identity) &&
        credit.postedDate <= debit.postedDate &&
        (marked || reaches(credit, debit)),
    );
    const latest = candidates.sort(
      (a, b) => (a.postedDate > b.postedDate ? -1 : a.postedDate < b.postedDate ? 1 : 0) || byIdentity(a, b),
    )[0];
    if (latest) reversed.set(latest.identity, debit);
  }
  return reversed;
}
