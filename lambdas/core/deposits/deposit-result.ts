/**
 * The result lines of a match (match.ts): one shape for every status, each field explicit and in
 * `DepositResult`'s order (so a result and its lake row read back give the same JSON text).
 */
import type { Cents } from '../money';
import type { BankCredit, DepositResult, DepositStatus } from './types';

/** What a result says of the deposit side: for an unexplained credit, only the account and acquirer. */
export type ResultPlace = Pick<
  DepositResult,
  'acquirer' | 'bankAccount' | 'paymentDate' | 'group' | 'expectedCents' | 'windowEnds'
>;

type CreditPart = Pick<
  DepositResult,
  'creditDate' | 'creditCents' | 'differenceCents' | 'fitid' | 'creditIdentity' | 'memo'
>;
type ReversalPart = Pick<DepositResult, 'reversalDate' | 'reversalCents' | 'reversalIdentity'>;

function resultLine(
  status: DepositStatus,
  place: ResultPlace,
  credit: CreditPart,
  reversal: ReversalPart,
): DepositResult {
  const { acquirer, bankAccount, paymentDate, group, expectedCents, windowEnds } = place;
  return {
    status,
    acquirer,
    bankAccount,
    paymentDate,
    group,
    expectedCents,
    ...credit,
    windowEnds,
    ...reversal,
  };
}

export function placeOfCredit(bankAccount: string, acquirer: string | null): ResultPlace {
  return { acquirer, bankAccount, paymentDate: null, group: '', expectedCents: null, windowEnds: null };
}

/** A result without a credit (missing, awaiting, nothing due). */
export function withoutCredit(status: DepositStatus, place: ResultPlace): DepositResult {
  const credit = {
    creditDate: null,
    creditCents: null,
    differenceCents: null,
    fitid: null,
    creditIdentity: null,
    memo: null,
  };
  return resultLine(status, place, credit, {
    reversalDate: null,
    reversalCents: null,
    reversalIdentity: null,
  });
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
  const credited = {
    creditDate: credit.postedDate,
    creditCents: credit.amountCents,
    differenceCents: place.expectedCents === null ? null : stayed - place.expectedCents,
    fitid: credit.fitid,
    creditIdentity: credit.identity,
    memo: credit.memo,
  };
  return resultLine(status, place, credited, {
    reversalDate: reversal?.postedDate ?? null,
    reversalCents: reversal?.amountCents ?? null,
    reversalIdentity: reversal?.identity ?? null,
  });
}
