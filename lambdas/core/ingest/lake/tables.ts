/**
 * The lake's tables, described once: the Parquet/JSON writers, the Glue catalog (`lib/analytics`)
 * and the local DuckDB views (`local/lake`) all read these definitions, so a column added here
 * appears everywhere and the three cannot drift apart.
 *
 * Dates are ISO `yyyy-MM-dd` strings in every column and partition: they sort and compare the same
 * way in Athena and DuckDB, with no engine-specific date literal in the shared SQL.
 */
import { RECORD_CODES, REPORT_KINDS } from '../records/canonical';

/** Column types in Glue/Hive spelling; `bigint` holds centavos. */
export type LakeColumnType = 'string' | 'int' | 'bigint';

export interface LakeColumn {
  readonly name: string;
  readonly type: LakeColumnType;
  readonly comment?: string;
}

/** How Athena enumerates a partition without a crawler: a fixed list, a range of ISO dates or of months (`yyyy-MM`). */
export type PartitionProjection =
  | { readonly type: 'enum'; readonly values: readonly string[] }
  | { readonly type: 'date' }
  /** `yyyy-MM`, one partition per month. */
  | { readonly type: 'month' };

export interface LakePartition {
  readonly name: string;
  readonly projection: PartitionProjection;
}

export interface LakeTable {
  readonly name: string;
  /** Key prefix of the table's objects, ending in `/`; partitions follow as `name=value/`. */
  readonly prefix: string;
  readonly format: 'parquet' | 'jsonl';
  readonly columns: readonly LakeColumn[];
  readonly partitions: readonly LakePartition[];
}

const kindPartition: LakePartition = { name: 'kind', projection: { type: 'enum', values: REPORT_KINDS } };

/** Prefix of the raw archive (gzip JSON pages as received); not a table, kept for audit and replay. */
export const RAW_PREFIX = 'raw/';

/**
 * Records are partitioned by report kind and movement MONTH, with code and movement date as columns:
 * a download batch's shuffled pages span every day and code of the period, and one Parquet object
 * per (code, day) cost a batch ~100 PUTs where one per month costs one or two (docs/scale.md). The
 * prefix is new with that layout, so files of the former `records/kind=/code=/movement_date=/`
 * layout are never read with the wrong partitions (migration: docs/scale.md).
 */
export const RECORDS_TABLE = {
  name: 'recon_records',
  prefix: 'records-by-month/',
  format: 'parquet',
  columns: [
    {
      name: 'record_hash',
      type: 'string',
      comment: 'record identity, built from its meaning (deduplication id)',
    },
    { name: 'acquirer', type: 'string' },
    { name: 'merchant', type: 'string' },
    { name: 'brand', type: 'string' },
    { name: 'nsu', type: 'string' },
    { name: 'authorization', type: 'string' },
    { name: 'tid', type: 'string' },
    { name: 'sale_date', type: 'string', comment: 'yyyy-MM-dd' },
    { name: 'installment', type: 'int' },
    { name: 'installments', type: 'int' },
    { name: 'gross_cents', type: 'bigint' },
    { name: 'fee_cents', type: 'bigint' },
    { name: 'net_cents', type: 'bigint' },
    { name: 'due_date', type: 'string', comment: 'yyyy-MM-dd' },
    { name: 'payment_date', type: 'string', comment: 'yyyy-MM-dd' },
    { name: 'extra', type: 'string', comment: 'unknown source columns as a JSON object (upper-cased names)' },
    {
      name: 'source_values',
      type: 'string',
      comment: 'identifiers as received, where normalization changed them, as a JSON object',
    },
    { name: 'report_id', type: 'string' },
    { name: 'page', type: 'int' },
    { name: 'line', type: 'int', comment: 'index of the entry in its page (tells equal twins apart)' },
    { name: 'generated_on', type: 'string', comment: 'yyyy-MM-dd' },
    {
      name: 'record_movement_date',
      type: 'string',
      comment: 'yyyy-MM-dd, the day the provider registered the record, when its layout says',
    },
    { name: 'line_sequence', type: 'string', comment: 'report-wide line number, when the layout has one' },
    // The record's role (docs/lifecycle.md), appended so older files read them as null.
    { name: 'role', type: 'string', comment: 'configured role (recordRoles); null: unclassified' },
    {
      name: 'signed_net_cents',
      type: 'bigint',
      comment: 'net in the direction its role moves money: debits (cancellation, chargeback, fee) negative',
    },
    {
      name: 'receivable_key',
      type: 'string',
      comment: 'the receivable the record belongs to; null: account-level, ignored or unclassified',
    },
    { name: 'reason_text', type: 'string', comment: 'the source reason text (recordReasonColumns)' },
    // The sale's product (docs/fee-audit.md), appended so older files read it as null.
    {
      name: 'product',
      type: 'string',
      comment: 'DEBIT, CREDIT, INSTALLMENT_CREDIT; null: not given or unmapped',
    },
    // Partitions of the former daily layout, columns since records are partitioned by month.
    { name: 'code', type: 'string', comment: `record code (${RECORD_CODES.join(', ')})` },
    {
      name: 'movement_date',
      type: 'string',
      comment: 'yyyy-MM-dd: the sale date (A1-A3) or payment date (D1-G1), else due date, else generated',
    },
    // How the queries count a record as the book does, appended so older files read them as null.
    { name: 'page_lines', type: 'int', comment: 'entries on its page: the last line may overlap a seam' },
    { name: 'ingested_at', type: 'string', comment: 'ISO instant stored: the latest copy counts' },
    { name: 'former_hash', type: 'string', comment: "the identity's former value (it held the role)" },
  ],
  partitions: [kindPartition, { name: 'movement_month', projection: { type: 'month' } }],
} as const satisfies LakeTable;

export const QUARANTINE_TABLE = {
  name: 'recon_quarantine',
  prefix: 'quarantine/',
  format: 'jsonl',
  columns: [
    { name: 'record_hash', type: 'string' },
    { name: 'reason', type: 'string' },
    { name: 'detail', type: 'string' },
    { name: 'report_id', type: 'string' },
    { name: 'page', type: 'int' },
    { name: 'line', type: 'int' },
    { name: 'raw', type: 'string', comment: 'the raw entry as JSON text' },
  ],
  partitions: [kindPartition, { name: 'generated', projection: { type: 'date' } }],
} as const satisfies LakeTable;

/**
 * The receivables' change log, appended by the nightly export: one row per receivable changed on a
 * business date, in that date's partition, with its state after the night. A receivable's state as of
 * a date is its row of highest `version` in the partitions up to that date (the named queries'
 * `receivablesAsOf`); nothing is rewritten, so the nightly cost follows the night, not the book.
 */
export const RECEIVABLE_CHANGES_TABLE = {
  name: 'recon_receivable_changes',
  prefix: 'reconciliation/changes/',
  format: 'parquet',
  columns: [
    { name: 'receivable_key', type: 'string' },
    { name: 'acquirer', type: 'string' },
    { name: 'merchant', type: 'string' },
    { name: 'sale_date', type: 'string' },
    { name: 'nsu', type: 'string' },
    { name: 'authorization', type: 'string' },
    { name: 'installment', type: 'int' },
    { name: 'brand', type: 'string' },
    { name: 'status', type: 'string', comment: 'as derived on changed_on' },
    { name: 'forecast_net_cents', type: 'bigint' },
    { name: 'settled_net_cents', type: 'bigint' },
    { name: 'difference_cents', type: 'bigint' },
    { name: 'due_date', type: 'string' },
    { name: 'last_payment_date', type: 'string' },
    { name: 'settlement_count', type: 'int' },
    { name: 'reason', type: 'string' },
    { name: 'version', type: 'bigint', comment: 'DynamoDB item version: the latest row wins' },
    {
      name: 'overdue_on',
      type: 'string',
      comment: 'for an OPEN receivable, the first date it counts as OVERDUE (due + grace + 1 day)',
    },
    // The receivable's lifecycle (docs/lifecycle.md), appended so older parts read them as null.
    { name: 'cancelled_net_cents', type: 'bigint' },
    { name: 'charged_back_net_cents', type: 'bigint', comment: 'chargebacks net of their reversals' },
    { name: 'adjustment_net_cents', type: 'bigint' },
    { name: 'advance_fee_cents', type: 'bigint' },
    { name: 'expected_net_cents', type: 'bigint', comment: 'forecast - cancelled + adjustments' },
    { name: 'received_net_cents', type: 'bigint', comment: 'settled (payments and advances) - charged back' },
    { name: 'last_chargeback_date', type: 'string' },
    { name: 'roles', type: 'string', comment: 'roles of the records, +-joined' },
    // The fee audit (docs/fee-audit.md): null when the audit is off or there is no forecast.
    {
      name: 'fee_audit',
      type: 'string',
      comment: 'OK, FEE_ABOVE_CONTRACT, FEE_BELOW_CONTRACT, NO_CONTRACT_RATE',
    },
    { name: 'contract_mdr_percent', type: 'string' },
    { name: 'contract_fee_cents', type: 'bigint' },
    { name: 'charged_fee_cents', type: 'bigint' },
    { name: 'fee_difference_cents', type: 'bigint', comment: 'charged - contracted' },
    { name: 'advance_fee_audit', type: 'string' },
    { name: 'contract_advance_fee_cents', type: 'bigint' },
    { name: 'advance_fee_difference_cents', type: 'bigint' },
  ],
  partitions: [{ name: 'changed_on', projection: { type: 'date' } }],
} as const satisfies LakeTable;

/**
 * The contracted-rate table (docs/fee-audit.md) as the user uploads it: one CSV object, header first,
 * alone in its folder so the Glue table over that folder reads nothing else. Not a {@link LakeTable}:
 * no partitions, and every column is text as written (`2,39`, `01/03/2025`, ` 001`); the `fee_audit`
 * query casts and normalizes. Columns in the file's order (the CSV reader maps them by position).
 */
export const CONTRACT_RATES_TABLE = {
  name: 'recon_contract_rates',
  prefix: 'config/',
  objectName: 'contract-rates.csv',
  columns: [
    'acquirer',
    'brand',
    'product',
    'installments_from',
    'installments_to',
    'mdr_percent',
    'advance_monthly_percent',
    'effective_from',
  ],
} as const;

/** Where the steps, the CLI and both query engines find the contracted-rate table. */
export const CONTRACT_RATES_KEY = `${CONTRACT_RATES_TABLE.prefix}${CONTRACT_RATES_TABLE.objectName}`;

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
  ],
  partitions: [{ name: 'result_date', projection: { type: 'date' } }],
} as const satisfies LakeTable;

export const LAKE_TABLES: readonly LakeTable[] = [
  RECORDS_TABLE,
  QUARANTINE_TABLE,
  RECEIVABLE_CHANGES_TABLE,
  BANK_TRANSACTIONS_TABLE,
  DEPOSIT_RESULTS_TABLE,
];

export type RecordsColumnName = (typeof RECORDS_TABLE.columns)[number]['name'];
