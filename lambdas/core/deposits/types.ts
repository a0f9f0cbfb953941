/**
 * The bank leg's shared vocabulary (docs/deposits.md): what the acquirers' payments say
 * should reach a bank account (expected deposits), what the bank says did (credits), and the result
 * of matching the two. Money is integer centavos; dates are calendar dates (the bank's posting date,
 * the acquirer's payment date).
 */
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';

/** Where one expected deposit lands and what it groups: acquirer, account, payment date (+ group). */
export interface DepositPlace {
  readonly acquirer: string;
  /** `bankAccountId` of the payments (deposits/bank/account-id.ts). */
  readonly bankAccount: string;
  readonly paymentDate: IsoDate;
  /**
   * The extra grouping value when `deposits.groupBy` asks for one (a brand, a merchant; several
   * joined with '|'), '' by default: one deposit per acquirer, account and day.
   */
  readonly group: string;
}

/** What the acquirer's records say it deposited: payments and advances, minus what it deducted. */
export interface ExpectedDeposit extends DepositPlace {
  /** paidCents − deductedCents: the credit the bank should show. */
  readonly expectedCents: Cents;
  /** Σ payments and advance payments (net of advance fees) dated paymentDate. */
  readonly paidCents: Cents;
  /** Σ chargebacks (net of reversals), fees and debit adjustments the acquirer took from this deposit (credit adjustments lower it). */
  readonly deductedCents: Cents;
}

/** Amounts that could not be placed on one bank account (the report says so). */
export interface UnplacedAmount {
  readonly acquirer: string;
  readonly paymentDate: IsoDate;
  readonly group: string;
  readonly paidCents: Cents;
  readonly deductedCents: Cents;
}

/** What the records say a range of payment dates should deposit (book/expected-deposits.ts). */
export interface ExpectedDeposits {
  /** Ordered by payment date, acquirer, account, group. */
  readonly deposits: readonly ExpectedDeposit[];
  /** Same order; the account is '' on all of them. */
  readonly withoutAccount: readonly UnplacedAmount[];
}

/** One transaction of a bank statement after identity and deduplication (deposits/bank/statement.ts). */
export interface BankCredit {
  readonly bankAccount: string;
  readonly postedDate: IsoDate;
  /** Positive: only credits are matched (debits are stored and exported, never matched). */
  readonly amountCents: Cents;
  /** The statement's FITID, when it gave one (not always unique: see deposits/bank/identity.ts). */
  readonly fitid: string | null;
  readonly memo: string;
  /** The transaction's identity (deposits/bank/identity.ts); two equal credits of one day differ in it. */
  readonly identity: string;
}

export const DEPOSIT_STATUSES = [
  /** A credit within the tolerance and window. */
  'DEPOSITED',
  /** A credit of the same acquirer and account in the window, but a different amount. */
  'DEPOSIT_DIFFERS',
  /** The window passed and nothing arrived: an action. */
  'NOT_DEPOSITED',
  /** Nothing yet, and the window has not passed. */
  'AWAITING_DEPOSIT',
  /** A credit no expected deposit explains. */
  'UNEXPLAINED_CREDIT',
  /**
   * The deposit's credit arrived and the bank reversed it (estorno, deposits/reversals.ts): the money
   * did not stay. An action, like a deposit that never came.
   */
  'DEPOSIT_REVERSED',
  /** A credit no expected deposit explains, reversed by the bank: nothing stayed. Information. */
  'CREDIT_REVERSED',
  /**
   * The day's deductions (chargebacks, fees) reach its payments: the acquirer deposits nothing and
   * takes the rest from the account or a later deposit. Information, not an action.
   */
  'NO_DEPOSIT_DUE',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** One line of `recon deposits`, the report's "Depósitos" and the lake's deposit results. */
export interface DepositResult {
  readonly status: DepositStatus;
  /** null for an unexplained credit whose memo names no known acquirer. */
  readonly acquirer: string | null;
  readonly bankAccount: string;
  /** The expected deposit's payment date; null for an unexplained credit. */
  readonly paymentDate: IsoDate | null;
  readonly group: string;
  readonly expectedCents: Cents | null;
  readonly creditDate: IsoDate | null;
  readonly creditCents: Cents | null;
  /**
   * creditCents − expectedCents when both exist (negative: short), else null. For DEPOSIT_REVERSED,
   * what stayed (creditCents + reversalCents) − expectedCents.
   */
  readonly differenceCents: Cents | null;
  readonly fitid: string | null;
  /** The credit's identity when there is a credit (for the lake join), else null. */
  readonly creditIdentity: string | null;
  readonly memo: string | null;
  /** Last business day a credit may arrive for this deposit; null for an unexplained credit. */
  readonly windowEnds: IsoDate | null;
  /** The reversing debit's posting date (DEPOSIT_REVERSED, CREDIT_REVERSED), else null. */
  readonly reversalDate: IsoDate | null;
  /** The reversing debit's amount, negative as the bank wrote it, else null. */
  readonly reversalCents: Cents | null;
  /** The reversing debit's identity (joins bank_transactions), else null. */
  readonly reversalIdentity: string | null;
  /**
   * The first night recon computed this result with this status (kept by results-lake.ts from one
   * night's match to the next): when its break was first seen. Absent until the result is stored.
   */
  readonly seenOn?: IsoDate;
  /**
   * A person's link (links.ts): LINKED on a deposit whose credit was matched to it by hand. CONFLICT
   * on a credit matched by hand that the data does not let count there (it explains the deposit on
   * its own), or on the deposit whose linked credit the data paired to another. Absent: the data's
   * own pairing.
   */
  readonly manualMatch?: ManualMatchMark;
  /**
   * On a LINKED deposit: the first-seen nights of the two lines it replaced (the deposit's own and
   * the credit's), by `<identity>|<status>` (first-seen.ts), so an undo gives them back; null until
   * the night stamps them.
   */
  readonly seenBefore?: Readonly<Record<string, IsoDate | null>>;
}

export const MANUAL_MATCH_MARKS = ['LINKED', 'CONFLICT'] as const;
export type ManualMatchMark = (typeof MANUAL_MATCH_MARKS)[number];
