/** Deposit results (`recon_deposit_results`), as the lake holds them. */
import type { LakeTable } from '../lake-schema';

/**
 * The bank leg's results (docs/deposits.md): one row per `DepositResult` (deposits/types.ts), one
 * JSON lines object per result date (the payment date, else an unexplained credit's date), rewritten
 * whole when the match runs again over that date (deposits/results-lake.ts), so a date never holds
 * two generations of results. JSON lines: a few rows per acquirer, account and day.
 */
export const DEPOSIT_RESULTS_TABLE = {
  name: 'recon_deposit_results',
  prefix: 'deposits/results/',
  format: 'jsonl',
  columns: [
    {
      name: 'status',
      type: 'string',
      comment:
        'DEPOSITED, DEPOSIT_DIFFERS, NOT_DEPOSITED, AWAITING_DEPOSIT, UNEXPLAINED_CREDIT, NO_DEPOSIT_DUE, DEPOSIT_REVERSED, CREDIT_REVERSED',
    },
    { name: 'acquirer', type: 'string', comment: 'null: an unexplained credit naming no known acquirer' },
    {
      name: 'bank_account',
      type: 'string',
      comment: '<bank>/<branch>/<account>, digits without leading zeros',
    },
    { name: 'payment_date', type: 'string', comment: 'yyyy-MM-dd; null for an unexplained credit' },
    { name: 'deposit_group', type: 'string', comment: "deposits.groupBy value ('' by default)" },
    { name: 'expected_cents', type: 'bigint' },
    { name: 'credit_date', type: 'string', comment: "yyyy-MM-dd, the bank's posting date" },
    { name: 'credit_cents', type: 'bigint' },
    { name: 'difference_cents', type: 'bigint', comment: 'credit - expected (negative: short)' },
    { name: 'fitid', type: 'string' },
    { name: 'credit_identity', type: 'string', comment: "the credit's identity (joins bank_transactions)" },
    { name: 'memo', type: 'string' },
    { name: 'window_ends', type: 'string', comment: 'last business day the credit may arrive' },
    { name: 'reversal_date', type: 'string', comment: "the reversing debit's posting date (estorno)" },
    { name: 'reversal_cents', type: 'bigint', comment: 'the reversing debit, negative' },
    { name: 'reversal_identity', type: 'string', comment: "the debit's identity (joins bank_transactions)" },
    {
      name: 'seen_on',
      type: 'string',
      comment: 'yyyy-MM-dd, the first night recon matched it in this status (its break first seen)',
    },
    {
      name: 'manual_match',
      type: 'string',
      comment:
        'LINKED: its credit was matched by hand; CONFLICT: a credit matched by hand the data does not let count',
    },
    {
      name: 'seen_before',
      type: 'string',
      comment: 'LINKED: JSON of the first-seen nights of the lines it replaced, by identity|status',
    },
  ],
  partitions: [{ name: 'result_date', projection: { type: 'date' } }],
} as const satisfies LakeTable;
