/**
 * The match of expected deposits against bank credits (the rules, with examples, are in
 * docs/deposits.md "## Matching"). Pure: the same inputs in any order give the same results in the
 * same order, because everything is first sorted by a total order (dates, account, acquirer,
 * amounts, identities) and every choice is then made in that order.
 *
 * In short: a credit and an expected deposit pair when they are on the same account, the credit is
 * posted within the deposit's window (from the payment date itself, whatever day it is, to a number
 * of business days after it) and the memo names the deposit's acquirer (or names none). Pass 1 pairs amounts within the tolerance (DEPOSITED), memos naming the acquirer before
 * memos naming none; pass 2 pairs what is left of the same acquirer whatever the amount
 * (DEPOSIT_DIFFERS). Each deposit, in window order, takes the earliest fitting credit, then the one
 * nearest in amount. Unpaired deposits are NOT_DEPOSITED once their window ended before `asOf`,
 * AWAITING_DEPOSIT before; unpaired credits are UNEXPLAINED_CREDIT.
 *
 * Credits the bank reversed (reversals.ts) take part only after every other credit: a deposit that
 * still has none takes one in the same passes and is DEPOSIT_REVERSED (the money came and left); a
 * reversed credit no deposit takes is CREDIT_REVERSED. Either result names the reversing debit.
 */
import { type IsoDate, isIsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import type { Cents } from '../money';
import { addBusinessDays } from './business-days';
import { placeOfCredit, withCredit, withoutCredit } from './deposit-result';
import { acquirerKey, acquirerOfMemo } from './memo';
import { pairReversals } from './reversals';
import type { BankCredit, DepositResult, DepositStatus, ExpectedDeposit } from './types';

export interface MatchDepositsInput {
  readonly expected: readonly ExpectedDeposit[];
  /** The statements' transactions: credits (amountCents > 0) are matched; debits only reverse them. */
  readonly credits: readonly BankCredit[];
  /** The day the match is made: a window ending before it has passed. */
  readonly asOf: IsoDate;
  readonly config: Pick<ReconConfig, 'deposits'>;
}

/** An expected deposit with its window and, once paired, its credit. */
interface Open {
  readonly deposit: ExpectedDeposit;
  readonly acquirerKey: string;
  readonly windowStarts: IsoDate;
  readonly windowEnds: IsoDate;
  paired?: { readonly credit: Credit; readonly status: DepositStatus };
}

/** A credit with the acquirer its memo names (null: none or several). */
interface Credit {
  readonly credit: BankCredit;
  readonly acquirer: string | null;
  readonly acquirerKey: string | null;
  /** The debit that took it back (an estorno), or null. */
  readonly reversal: BankCredit | null;
  used: boolean;
}

type SortKey = readonly (string | number)[];

/** Element by element: numbers numerically, strings by code unit (never locale-dependent). */
function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

function openKey(open: Open): SortKey {
  const d = open.deposit;
  return [
    open.windowEnds,
    open.windowStarts,
    d.paymentDate,
    d.bankAccount,
    open.acquirerKey,
    d.acquirer,
    d.group,
    d.expectedCents,
    d.paidCents,
    d.deductedCents,
  ];
}

/** Within an account, by posting date first: a window is a contiguous run of this order. */
function creditKey(c: Credit): SortKey {
  const k = c.credit;
  return [
    k.bankAccount,
    k.postedDate,
    k.amountCents,
    k.identity,
    k.fitid ?? '',
    k.fitid === null ? 0 : 1,
    k.memo,
  ];
}

function opened(deposit: ExpectedDeposit, windowBusinessDays: number): Open {
  try {
    return {
      deposit,
      acquirerKey: acquirerKey(deposit.acquirer),
      // The payment date itself, whatever day it is: acquirers do credit on Saturdays and holidays.
      windowStarts: deposit.paymentDate,
      windowEnds: addBusinessDays(deposit.paymentDate, windowBusinessDays),
    };
  } catch (error) {
    const where = `${deposit.acquirer} ${deposit.bankAccount} ${deposit.paymentDate}`;
    throw new Error(`expected deposit ${where}: ${(error as Error).message}`);
  }
}

/** The credits of each account, in credit order (so by posting date). */
function byAccount(credits: readonly Credit[]): Map<string, Credit[]> {
  const accounts = new Map<string, Credit[]>();
  for (const credit of credits) {
    const list = accounts.get(credit.credit.bankAccount) ?? [];
    list.push(credit);
    accounts.set(credit.credit.bankAccount, list);
  }
  return accounts;
}

/** Index of the first credit posted on or after `date` (binary search over the posting dates). */
function firstOnOrAfter(credits: readonly Credit[], date: IsoDate): number {
  let low = 0;
  let high = credits.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((credits[mid] as Credit).credit.postedDate < date) low = mid + 1;
    else high = mid;
  }
  return low;
}

interface Pass {
  readonly status: DepositStatus;
  /** Whether the pass takes reversed credits (and only them) or unreversed ones (and only them). */
  readonly reversed: boolean;
  readonly fits: (open: Open, credit: Credit, differenceCents: Cents) => boolean;
}

function passes(toleranceCents: Cents): readonly Pass[] {
  const within = (difference: Cents) => Math.abs(difference) <= toleranceCents;
  const rules: readonly Omit<Pass, 'reversed'>[] = [
    // 1a: the memo names the acquirer and the amount is within the tolerance.
    { status: 'DEPOSITED', fits: (o, c, diff) => c.acquirerKey === o.acquirerKey && within(diff) },
    // 1b: the memo names no acquirer: only the amount can tell, so it must be within the tolerance.
    { status: 'DEPOSITED', fits: (_o, c, diff) => c.acquirerKey === null && within(diff) },
    // 2: the memo names the acquirer, the amount differs (a deduction nobody announced, a fee...).
    { status: 'DEPOSIT_DIFFERS', fits: (o, c) => c.acquirerKey === o.acquirerKey },
  ];
  // The same rules again over reversed credits, once no unreversed credit is left to take.
  return [
    ...rules.map((rule) => ({ ...rule, reversed: false })),
    ...rules.map((rule) => ({ ...rule, status: 'DEPOSIT_REVERSED' as const, reversed: true })),
  ];
}

/**
 * The credit `open` takes in a pass: among unused fitting credits of its account posted within its
 * window, the earliest; on one day the nearest in amount; then the first in credit order (the smaller
 * amount, then the identity).
 */
function choose(open: Open, accountCredits: readonly Credit[], pass: Pass): Credit | undefined {
  let best: Credit | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = firstOnOrAfter(accountCredits, open.windowStarts); i < accountCredits.length; i += 1) {
    const candidate = accountCredits[i] as Credit;
    if (candidate.credit.postedDate > open.windowEnds) break;
    if (best && candidate.credit.postedDate > best.credit.postedDate) break;
    const difference = candidate.credit.amountCents - open.deposit.expectedCents;
    if (candidate.used || (candidate.reversal !== null) !== pass.reversed) continue;
    if (!pass.fits(open, candidate, difference)) continue;
    if (Math.abs(difference) < bestDistance) {
      best = candidate;
      bestDistance = Math.abs(difference);
    }
  }
  return best;
}

function depositResult(open: Open, asOf: IsoDate): DepositResult {
  const d = open.deposit;
  const place = {
    acquirer: d.acquirer,
    bankAccount: d.bankAccount,
    paymentDate: d.paymentDate,
    group: d.group,
    expectedCents: d.expectedCents,
    windowEnds: open.windowEnds,
  };
  if (open.paired) {
    const { credit, status } = open.paired;
    return withCredit(status, place, credit.credit, credit.reversal);
  }
  // Nothing is due when deductions ate the whole payment: no credit is awaited (docs/deposits.md).
  if (d.expectedCents <= 0) return withoutCredit('NO_DEPOSIT_DUE', place);
  return withoutCredit(open.windowEnds < asOf ? 'NOT_DEPOSITED' : 'AWAITING_DEPOSIT', place);
}

function unexplained(credit: Credit): DepositResult {
  const status = credit.reversal === null ? 'UNEXPLAINED_CREDIT' : 'CREDIT_REVERSED';
  const place = placeOfCredit(credit.credit.bankAccount, credit.acquirer);
  return withCredit(status, place, credit.credit, credit.reversal);
}

/**
 * One result per expected deposit (in window order) then one per unpaired credit (in credit order).
 * Debits give no result of their own: a reversing one shows on the result of the credit it undoes.
 */
export function matchDeposits(input: MatchDepositsInput): DepositResult[] {
  const { toleranceCents, windowBusinessDays, acquirerPatterns } = input.config.deposits;
  if (!isIsoDate(input.asOf)) {
    throw new Error(`deposits: asOf '${input.asOf}' is not a calendar date yyyy-MM-dd`);
  }
  const opens = input.expected
    .map((deposit) => opened(deposit, windowBusinessDays))
    .sort((a, b) => compareKeys(openKey(a), openKey(b)));
  const reversals = pairReversals(input.credits, windowBusinessDays);
  const credits: Credit[] = input.credits
    .filter((credit) => credit.amountCents > 0)
    .map((credit) => {
      const acquirer = acquirerOfMemo(credit.memo, acquirerPatterns);
      const key = acquirer === null ? null : acquirerKey(acquirer);
      const reversal = reversals.get(credit.identity) ?? null;
      return { credit, acquirer, acquirerKey: key, reversal, used: false };
    })
    .sort((a, b) => compareKeys(creditKey(a), creditKey(b)));
  const accounts = byAccount(credits);
  for (const pass of passes(toleranceCents)) {
    for (const open of opens) {
      if (open.paired || open.deposit.expectedCents <= 0) continue;
      const credit = choose(open, accounts.get(open.deposit.bankAccount) ?? [], pass);
      if (!credit) continue;
      credit.used = true;
      open.paired = { credit, status: pass.status };
    }
  }
  return [
    ...opens.map((open) => depositResult(open, input.asOf)),
    ...credits.filter((credit) => !credit.used).map(unexplained),
  ];
}
