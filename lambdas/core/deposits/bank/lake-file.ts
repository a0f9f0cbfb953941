/**
 * Where an imported statement lands in the lake bucket (docs/deposits.md), every key a pure function
 * of the file's SHA-256 (and month), so importing a file again overwrites instead of adding:
 *
 * - `bank/raw/<sha256>.ofx`: the file as received (kept for audit and replay);
 * - `bank/transactions/posted_month=<yyyy-MM>/<sha256>.parquet`: its transactions (the lake table);
 * - `bank/quarantine/<sha256>.ofx` + `<sha256>.json`: a refused file and why; for a taken file with
 *   refused transactions, only the `.json` (the file is in `bank/raw/`).
 */

import { encodeParquet, PARQUET_TYPE_OF } from '../../ingest/lake/parquet';
import type { IdentifiedTransaction } from './identity';
import { BANK_TRANSACTIONS_TABLE } from './transactions-table';

export const BANK_PREFIX = 'bank/';
export const BANK_RAW_PREFIX = `${BANK_PREFIX}raw/`;
export const BANK_QUARANTINE_PREFIX = `${BANK_PREFIX}quarantine/`;
/** Deployed: statement files put here are taken in (inbox.ts). */
export const BANK_INBOX_PREFIX = `${BANK_PREFIX}inbox/`;
/** Deployed: an inbox file taken in is moved here. */
export const BANK_IMPORTED_PREFIX = `${BANK_PREFIX}imported/`;

export const rawStatementKey = (sha256: string) => `${BANK_RAW_PREFIX}${sha256}.ofx`;
export const quarantinedStatementKey = (sha256: string) => `${BANK_QUARANTINE_PREFIX}${sha256}.ofx`;
export const quarantineReasonKey = (sha256: string) => `${BANK_QUARANTINE_PREFIX}${sha256}.json`;
export const bankTransactionsKey = (sha256: string, month: string) =>
  `${BANK_TRANSACTIONS_TABLE.prefix}posted_month=${month}/${sha256}.parquet`;

type Column = (typeof BANK_TRANSACTIONS_TABLE.columns)[number]['name'];

/** One Parquet file per posted month of the file's transactions: month → bytes. */
export function bankTransactionFiles(
  transactions: readonly IdentifiedTransaction[],
  statement: { sha256: string; name: string },
): Map<string, Uint8Array> {
  const byMonth = new Map<string, IdentifiedTransaction[]>();
  for (const t of transactions) {
    const month = t.postedDate.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), t]);
  }
  const files = new Map<string, Uint8Array>();
  for (const [month, rows] of byMonth) {
    const values: Record<Column, (t: IdentifiedTransaction) => unknown> = {
      bank_account: (t) => t.bankAccount,
      posted_date: (t) => t.postedDate,
      amount_cents: (t) => t.amountCents,
      fitid: (t) => t.fitid,
      memo: (t) => t.memo,
      identity: (t) => t.identity,
      transaction_type: (t) => t.type,
      statement_sha256: () => statement.sha256,
      statement_name: () => statement.name,
    };
    files.set(
      month,
      encodeParquet(
        BANK_TRANSACTIONS_TABLE.columns.map((c) => ({
          name: c.name,
          type: PARQUET_TYPE_OF[c.type],
          data: rows.map(values[c.name]),
        })),
      ),
    );
  }
  return files;
}
