/**
 * What a bank statement file says, once read (ofx-reader.ts), before identity (identity.ts): the
 * transactions of each account it holds, and what could not be read, each with a reason. A reason is
 * a stable upper-case code (for counting and the lake) plus a detail naming the place and the value.
 */
import type { IsoDate } from '../../calendar';
import type { Cents } from '../../money';

/** A whole file refused: nothing of it is taken in. */
export const FILE_REASONS = ['NOT_OFX', 'UNKNOWN_CHARSET', 'BROKEN_STRUCTURE', 'NO_ACCOUNT'] as const;
/** One transaction refused: the rest of its file is taken in. */
export const TRANSACTION_REASONS = ['BAD_DATE', 'BAD_AMOUNT'] as const;
export type QuarantineReason = (typeof FILE_REASONS)[number] | (typeof TRANSACTION_REASONS)[number];

export interface Quarantined {
  readonly reason: QuarantineReason;
  readonly detail: string;
}

/**
 * A line of the transaction list that is no transaction, left out and counted (not an error: the
 * file is as its bank writes it). BALANCE_LINE: a balance the bank lists among the transactions
 * (Banco do Brasil's "Saldo Anterior", "Saldo do dia", "S A L D O"); its amount is the account's
 * balance, and taken in it would be a credit of that size.
 */
const SKIP_REASONS = ['BALANCE_LINE'] as const;

export interface Skipped {
  readonly reason: (typeof SKIP_REASONS)[number];
  readonly detail: string;
}

/** A file-level problem, thrown by the readers and turned into a quarantine by the importer. */
export class StatementError extends Error {
  constructor(
    readonly reason: (typeof FILE_REASONS)[number],
    detail: string,
  ) {
    super(detail);
    this.name = 'StatementError';
  }
}

/** One transaction as the statement gives it, its account already read. */
export interface StatementTransaction {
  /** `bankAccountId` of the statement's account (account-id.ts). */
  readonly bankAccount: string;
  /** The bank's code as the statement gives it, digits without leading zeros ('' when absent). */
  readonly bankCode: string;
  readonly postedDate: IsoDate;
  /** Signed: credits positive, debits negative. */
  readonly amountCents: Cents;
  readonly fitid: string | null;
  /** MEMO, else NAME, as written (identity normalizes its own copy). */
  readonly memo: string;
  /** TRNTYPE (CREDIT, DEBIT, DEP, XFER, ...), upper case; '' when absent. */
  readonly type: string;
}

/** A statement file read: its transactions in file order, and the transactions it refused. */
export interface ReadStatement {
  readonly transactions: readonly StatementTransaction[];
  readonly quarantined: readonly Quarantined[];
  /** The lines that are not transactions (balances), left out. */
  readonly skipped: readonly Skipped[];
  /** Accounts the file holds (several STMTRS: several accounts). */
  readonly accounts: readonly string[];
}
