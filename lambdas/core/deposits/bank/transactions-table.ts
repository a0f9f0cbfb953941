/** Bank statement transactions (`recon_bank_transactions`), as the lake holds them. */
import type { LakeTable } from '../../lake-schema';

/**
 * Bank statement transactions as each imported file gave them, after identity (docs/deposits.md):
 * one Parquet object per (statement file, posted month), its key a function of the file's SHA-256,
 * so importing a file again overwrites its objects. Overlapping statements repeat a transaction in
 * several files under one `identity`: count `DISTINCT identity`, not rows.
 */
export const BANK_TRANSACTIONS_TABLE = {
  name: 'recon_bank_transactions',
  prefix: 'bank/transactions/',
  format: 'parquet',
  columns: [
    { name: 'bank_account', type: 'string', comment: 'bank/branch/account, digits without leading zeros' },
    { name: 'posted_date', type: 'string', comment: 'yyyy-MM-dd, as the bank wrote it' },
    { name: 'amount_cents', type: 'bigint', comment: 'credits positive, debits negative' },
    { name: 'fitid', type: 'string' },
    { name: 'memo', type: 'string' },
    { name: 'identity', type: 'string', comment: 'transaction identity (deduplication id across files)' },
    { name: 'transaction_type', type: 'string', comment: 'OFX TRNTYPE' },
    { name: 'statement_sha256', type: 'string', comment: 'the imported file (bank/raw/<sha256>.ofx)' },
    { name: 'statement_name', type: 'string', comment: 'file name as imported' },
  ],
  partitions: [{ name: 'posted_month', projection: { type: 'month' } }],
} as const satisfies LakeTable;
