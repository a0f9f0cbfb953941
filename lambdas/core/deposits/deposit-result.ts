/** The result lines of a match (match.ts): one shape for every status, each field explicit. */
import type { Cents } from '../money';
import type { BankCredit, DepositResult, DepositStatus } from './types';

/** What a result says of the deposit side: for an unexplained credit, only the account and acquirer. */
export type ResultPlace = Pick<
  DepositResult,
  'acquirer' | 'bankAccount' | 'paymentDate' | 'group' | 'expectedCents' | 'windowEnds'
>;

export function placeOfCredit(bankAccount: string, acquirer: string | null): ResultPlace {
  return { acquirer, bankAccount, paymentDate: null, group: '', expectedCents: null, windowEnds: null };
}

/** A result without a credit (missing, awaiting, nothing due). */
export function withoutCredit(status: DepositStatus, place: ResultPlace): DepositResult {
  return {
    status,
    ...place,
    creditDate: null,
    creditCents: null,
    differenceCents: null,
    fitid: null,
    creditIdentity: null,
    memo: null,
    reversalDate: null,
    reversalCents: null,
    reversalIdentity: null,
  };
}

/**
 * A result with its credit and, when the bank took it back, the reversing debit. The difference is
 * what stayed in the account against what was expected (null without an expected amount).
 */
export function withCredit(
  status: DepositStatus,
  place: ResultPlace,
  credit: BankCredit,
  reversal: BankCredit | null,
): DepositResult {
  const stayed: Cents = credit.amountCents + (reversal?.amountCents ?? 0);
  return {
    status,
    ...place,
    creditDate: credit.postedDate,
    creditCents: credit.amountCents,
    differenceCents: place.expectedCents === null ? null : stayed - place.expectedCents,
    fitid: credit.fitid,
    creditIdentity: credit.identity,
    memo: credit.memo,
    reversalDate: reversal?.postedDate ?? null,
    reversalCents: reversal?.amountCents ?? null,
    reversalIdentity: reversal?.identity ?? null,
  };
}
