/**
 * Canonical records → one Parquet file of {@link RECORDS_TABLE}, and the partition each record
 * belongs to.
 */
import type { IsoDate } from '../calendar';
import type { CanonicalRecord, RecordCode } from '../records/canonical';
import { encodeParquet, PARQUET_TYPE_OF } from './parquet';
import { RECORDS_TABLE, type RecordsColumnName } from './tables';

const SALES_CODES: ReadonlySet<RecordCode> = new Set(['A1', 'A2', 'A3']);

/**
 * The date a record is partitioned by: the sale date for sales-report codes (A1, A2, A3), the
 * payment date for financial codes (D1, E1, F1, G1). A record without that date (codes other than
 * A1/D1 need not carry it) falls back to its due date, then to the day the report was generated,
 * so every record has exactly one partition and queries by day find it.
 */
export function movementDate(record: CanonicalRecord): IsoDate {
  const primary = SALES_CODES.has(record.recordType) ? record.saleDate : record.paymentDate;
  return primary ?? record.dueDate ?? record.source.generatedOn;
}

/** One extractor per column: the type makes a column without an extractor a compile error. */
const VALUES: Record<RecordsColumnName, (record: CanonicalRecord) => unknown> = {
  record_hash: (r) => r.recordHash,
  acquirer: (r) => r.acquirer,
  merchant: (r) => r.merchant,
  brand: (r) => r.brand,
  nsu: (r) => r.nsu,
  authorization: (r) => r.authorization,
  tid: (r) => r.tid,
  sale_date: (r) => r.saleDate,
  installment: (r) => r.installment,
  installments: (r) => r.installments,
  gross_cents: (r) => r.grossCents,
  fee_cents: (r) => r.feeCents,
  net_cents: (r) => r.netCents,
  due_date: (r) => r.dueDate,
  payment_date: (r) => r.paymentDate,
  extra: (r) => JSON.stringify(r.extra),
  source_values: (r) => JSON.stringify(r.sourceValues),
  report_id: (r) => r.source.reportId,
  page: (r) => r.source.page,
  line: (r) => r.line,
  generated_on: (r) => r.source.generatedOn,
  record_movement_date: (r) => r.movementDate,
  line_sequence: (r) => r.lineSequence,
};

/** Encodes records into the columns of {@link RECORDS_TABLE} (partition columns live in the key). */
export function encodeRecordsParquet(records: readonly CanonicalRecord[]): Uint8Array {
  return encodeParquet(
    RECORDS_TABLE.columns.map((column) => ({
      name: column.name,
      type: PARQUET_TYPE_OF[column.type],
      data: records.map(VALUES[column.name]),
    })),
  );
}
