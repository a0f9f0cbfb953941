/**
 * The bank account a record names (docs/deposits.md, "Expected deposits"), kept with the money it
 * moves: a receivable's settlements and events and an account-level entry store it as `a`, only when
 * the record names one, so items of layouts without bank columns stay byte for byte what they were.
 *
 * The three bank fields are outside the record's identity (ingest/records/identity.ts), so two deliveries of
 * one identity may name different accounts (a corrected layout). The account kept is then the
 * smaller id: a choice that does not depend on the order the deliveries arrive in.
 */

import type { CanonicalRecord } from '../../ingest/records/canonical';
import { bankAccountId } from './account-id';

type BankFields = Pick<CanonicalRecord, 'bankCode' | 'bankBranch' | 'bankAccountNumber'>;

/** The record's account id (deposits/bank/account-id.ts), or undefined when it names none. */
export function recordAccount(record: BankFields): string | undefined {
  return (
    bankAccountId({ bank: record.bankCode, branch: record.bankBranch, account: record.bankAccountNumber }) ??
    undefined
  );
}

/** The account kept for one identity seen with `kept` and then `seen` (commutative, idempotent). */
export function mergedAccount(kept: string | undefined, seen: string | undefined): string | undefined {
  if (kept === undefined) return seen;
  if (seen === undefined) return kept;
  return seen < kept ? seen : kept;
}

/** `{ bankAccount }` when there is one, else nothing: the property stays absent, not undefined. */
export const withAccount = (bankAccount: string | undefined) =>
  bankAccount === undefined ? {} : { bankAccount };
