/**
 * Manual match on the bank leg (docs/breaks.md, "Manual match of a credit"): a person links an
 * unexplained credit to the expected deposit it is, and the night's match then reads as if the data
 * had paired them. Pure: applied to the whole match's results (match.ts) from the standing links, so
 * a re-run, a statement imported again or a backfill give the same lines, and a link taken back
 * leaves the data's own pairing.
 *
 * A link never undoes what the data says on its own: when the data explains the deposit in full (a
 * credit within the tolerance, DEPOSITED), that credit counts and the linked one stays an unexplained
 * credit marked CONFLICT, never both; likewise when the deposit is no longer expected. A credit the
 * data paired to a deposit of its own (one that appeared since) counts there, and the linked
 * deposit, missing again, is marked CONFLICT.
 */
import { addDays, type IsoDate } from '../calendar';
import { type DepositsConfig, MAX_LOOKBACK_DAYS } from './config';
import { placeOfCredit, type ResultPlace, withCredit } from './deposit-result';
import { seenKey } from './first-seen';
import { acquirerOfMemo } from './memo';
import { creditIdentityOf, dateOfDepositIdentity, depositIdentity } from './result-identity';
import type { BankCredit, DepositResult, DepositStatus } from './types';

/** A standing manual match: the credit's result identity (`c:`) and the deposit's (`d:`). */
export interface DepositLink {
  readonly credit: string;
  readonly deposit: string;
}

/** The credit a result line holds, as the bank gave it (null: the line has none). */
function creditOf(r: DepositResult): BankCredit | null {
  if (r.creditDate === null || r.creditCents === null || r.creditIdentity === null) return null;
  const { bankAccount, creditDate, creditCents, fitid, memo, creditIdentity } = r;
  return {
    bankAccount,
    postedDate: creditDate,
    amountCents: creditCents,
    fitid,
    memo: memo ?? '',
    identity: creditIdentity,
  };
}

/** The bank's debit that took a line's credit back, or null. */
function reversalOf(r: DepositResult): BankCredit | null {
  if (r.reversalDate === null || r.reversalCents === null || r.reversalIdentity === null) return null;
  const { bankAccount, reversalDate, reversalCents, reversalIdentity } = r;
  return {
    bankAccount,
    postedDate: reversalDate,
    amountCents: reversalCents,
    fitid: null,
    memo: '',
    identity: reversalIdentity,
  };
}

/** The settings a link is applied with: what confirms a deposit, and whom a memo names. */
export type LinkSettings = Pick<DepositsConfig, 'toleranceCents' | 'acquirerPatterns'>;

/** A credit on its own again, its acquirer the one its memo names: unexplained, or reversed. */
function unpaired(credit: BankCredit, reversal: BankCredit | null, settings: LinkSettings): DepositResult {
  const status = reversal === null ? 'UNEXPLAINED_CREDIT' : 'CREDIT_REVERSED';
  const place = placeOfCredit(credit.bankAccount, acquirerOfMemo(credit.memo, settings.acquirerPatterns));
  return withCredit(status, place, credit, reversal);
}

/** The deposit paid by the linked credit: confirmed within the tolerance, else differing by the rest. */
function linkedDeposit(deposit: DepositResult, credit: DepositResult, toleranceCents: number): DepositResult {
  const place: ResultPlace = deposit;
  const bankCredit = creditOf(credit) as BankCredit;
  const reversal = reversalOf(credit);
  const stayed = bankCredit.amountCents + (reversal?.amountCents ?? 0);
  const within = Math.abs(stayed - (deposit.expectedCents ?? 0)) <= toleranceCents;
  const status = reversal !== null ? 'DEPOSIT_REVERSED' : within ? 'DEPOSITED' : 'DEPOSIT_DIFFERS';
  // Null until the night stamps them (first-seen.ts): the nights the two replaced lines were first seen.
  const seenBefore = { [seenKey(deposit)]: null, [seenKey(credit)]: null };
  return { ...withCredit(status, place, bankCredit, reversal), manualMatch: 'LINKED', seenBefore };
}

/** By code unit, never by locale. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What the data left a deposit at for a credit to be linked to it: without its money. */
const LINKABLE: readonly DepositStatus[] = [
  'NOT_DEPOSITED',
  'AWAITING_DEPOSIT',
  'DEPOSIT_DIFFERS',
  'DEPOSIT_REVERSED',
];

/**
 * Whether `credit` may be the money of `deposit`: the data left the deposit without it, not linked
 * yet, on the same account, and the credit's memo names the deposit's acquirer or none.
 */
export function linkable(deposit: DepositResult, credit: DepositResult): boolean {
  return (
    deposit.paymentDate !== null &&
    LINKABLE.includes(deposit.status) &&
    deposit.manualMatch === undefined &&
    deposit.bankAccount === credit.bankAccount &&
    (credit.acquirer === null || credit.acquirer === deposit.acquirer)
  );
}

/** Whether a result is a credit on its own, as a person may link one. */
export const unexplained = (r: DepositResult) =>
  r.paymentDate === null && (r.status === 'UNEXPLAINED_CREDIT' || r.status === 'CREDIT_REVERSED');

/**
 * A linked credit with no line of its own: the data paired it to a deposit (one that appeared since,
 * or the linked one itself). Paired elsewhere, it counts there, once, and the linked deposit's line
 * says the match does not hold.
 */
function flagTakenElsewhere(lines: Map<string, DepositResult>, link: DepositLink): void {
  const deposit = lines.get(link.deposit);
  if (deposit === undefined || deposit.manualMatch !== undefined) return;
  if (deposit.creditIdentity === creditIdentityOf(link.credit)) return;
  lines.set(link.deposit, { ...deposit, manualMatch: 'CONFLICT' });
}

/**
 * The match's results with the standing links applied, in the order given (a linked deposit takes the
 * place of its line, a credit it released follows the lines). A link whose credit the data paired is
 * left to the data (the linked deposit marked CONFLICT when it is another's); one whose deposit the
 * data explains in full, or that is gone, marks the credit CONFLICT.
 */
export function applyDepositLinks(
  results: readonly DepositResult[],
  links: readonly DepositLink[],
  settings: LinkSettings,
): DepositResult[] {
  const lines = new Map<string, DepositResult>(results.map((r) => [depositIdentity(r), r]));
  const released: DepositResult[] = [];
  // One order whatever the Query's, so two links competing for one deposit are settled the same each night.
  const ordered = [...links].sort((a, b) => compare(a.credit, b.credit) || compare(a.deposit, b.deposit));
  for (const link of ordered) {
    const credit = lines.get(link.credit);
    if (credit === undefined || !unexplained(credit)) {
      flagTakenElsewhere(lines, link);
      continue;
    }
    const deposit = lines.get(link.deposit);
    if (deposit === undefined || !linkable(deposit, credit)) {
      lines.set(link.credit, { ...credit, manualMatch: 'CONFLICT' });
      continue;
    }
    const own = creditOf(deposit);
    if (own !== null) released.push(unpaired(own, reversalOf(deposit), settings));
    lines.set(link.deposit, linkedDeposit(deposit, credit, settings.toleranceCents));
    lines.delete(link.credit);
  }
  return [...lines.values(), ...released];
}

/**
 * The result dates a night recomputes once the links are in: a link with a side in `range` brings
 * its other side in too (never before {@link MAX_LOOKBACK_DAYS}), so both lines are always written
 * together and a credit never shows both in its deposit and on its own.
 */
export function rangeWithLinks(
  range: { readonly from: IsoDate; readonly to: IsoDate },
  links: readonly DepositLink[],
  asOf: IsoDate,
): { from: IsoDate; to: IsoDate } {
  const floor = addDays(asOf, -MAX_LOOKBACK_DAYS);
  let from = range.from;
  for (const link of links) {
    const dates = [dateOfDepositIdentity(link.credit), dateOfDepositIdentity(link.deposit)].sort();
    const [first, last] = dates as [IsoDate, IsoDate];
    if (last >= range.from && first < from) from = first < floor ? floor : first;
  }
  return { from, to: range.to };
}
