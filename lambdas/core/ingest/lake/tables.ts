/**
 * The ingest's lake tables: the records as received (partitioned by kind and movement month) and
 * the quarantine, described as `lake-schema.ts` says.
 */
import type { LakePartition, LakeTable } from '../../lake-schema';
import { RECORD_CODES, REPORT_KINDS } from '../records/canonical';

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

export type RecordsColumnName = (typeof RECORDS_TABLE.columns)[number]['name'];
