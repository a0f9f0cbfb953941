/**
 * Canonical records → one Parquet file of {@link RECORDS_TABLE}, and the partition each record
 * belongs to.
 */
import type { IsoDate } from '../../calendar';
import type { ReconConfig } from '../../config';
import type { CanonicalRecord, RecordCode } from '../records/canonical';
import { reasonTextOf, receivableKeyOf } from '../records/linking';
import { classifierOf, directedCents, type RecordRole } from '../records/roles';
import { encodeParquet, PARQUET_TYPE_OF } from './parquet';
import { RECORDS_TABLE, type RecordsColumnName } from './tables';

const SALES_CODES: ReadonlySet<RecordCode> = new Set(['A1', 'A2', 'A3']);

/**
 * The date a record is filed under (its month is the partition): the sale date for sales-report codes (A1, A2, A3), the
 * payment date for financial codes (D1, E1, F1, G1). A record without that date (codes other than
 * A1/D1 need not carry it) falls back to its due date, then to the day the report was generated,
 * so every record has exactly one partition and queries by day find it.
 */
export function movementDate(record: CanonicalRecord): IsoDate {
  const primary = SALES_CODES.has(record.recordType) ? record.saleDate : record.paymentDate;
  return primary ?? record.dueDate ?? record.source.generatedOn;
}

/**
 * Which way a role moves the merchant's money, so that one SUM of `signed_net_cents` nets a period:
 * cancellations, chargebacks and fees take away; an adjustment carries its own sign; an ignored
 * record moves nothing (null).
 */
export const DIRECTION: Record<RecordRole, 1 | -1 | null> = {
  FORECAST: 1,
  PAYMENT: 1,
  CANCELLATION: -1,
  CHARGEBACK: -1,
  CHARGEBACK_REVERSAL: 1,
  ADVANCE: 1,
  ADJUSTMENT: 1,
  FEE: -1,
  IGNORE: null,
};

/** What the configuration says of a record: read once per record, for the role columns. */
interface RoleFacts {
  readonly role: RecordRole | null;
  readonly signedNetCents: number | null;
  readonly receivableKey: string | null;
  readonly reasonText: string | null;
}

type LakeConfig = Pick<
  ReconConfig,
  | 'matchKey'
  | 'maxContributions'
  | 'recordRoles'
  | 'recordSign'
  | 'placeholderKeyValues'
  | 'recordReasonColumns'
>;

function roleFacts(record: CanonicalRecord, config: LakeConfig): RoleFacts {
  const classified = classifierOf(config).classify(record);
  const direction = classified ? DIRECTION[classified.role] : null;
  return {
    role: classified?.role ?? null,
    signedNetCents:
      classified && direction !== null
        ? direction * directedCents(classified.role, record.netCents, classified.sign)
        : null,
    // The same rule as the matcher's: a linked role with a complete key joins that receivable.
    receivableKey: receivableKeyOf(record, config),
    reasonText: reasonTextOf(record, config.recordReasonColumns ?? []),
  };
}

/** One extractor per column: the type makes a column without an extractor a compile error. */
const VALUES: Record<
  RecordsColumnName,
  (record: CanonicalRecord, facts: RoleFacts, ingestedAt: string) => unknown
> = {
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
  role: (_, f) => f.role,
  signed_net_cents: (_, f) => f.signedNetCents,
  receivable_key: (_, f) => f.receivableKey,
  reason_text: (_, f) => f.reasonText,
  product: (r) => r.product,
  code: (r) => r.recordType,
  movement_date: (r) => movementDate(r),
  page_lines: (r) => r.source.lines ?? null,
  ingested_at: (_r, _f, ingestedAt) => ingestedAt,
  former_hash: (r) => r.formerHash ?? null,
};

/**
 * Encodes records into the columns of {@link RECORDS_TABLE} (partition columns live in the key),
 * with the role, direction and receivable the configuration gives each, and the instant they are
 * stored: when a later run stores a record again under another configuration, the queries take the
 * roles of its latest copy (`lib/analytics/unique-records.ts`).
 */
export function encodeRecordsParquet(
  records: readonly CanonicalRecord[],
  config: LakeConfig,
  ingestedAt: Date,
): Uint8Array {
  const facts = records.map((record) => roleFacts(record, config));
  const instant = ingestedAt.toISOString();
  return encodeParquet(
    RECORDS_TABLE.columns.map((column) => ({
      name: column.name,
      type: PARQUET_TYPE_OF[column.type],
      data: records.map((record, i) => VALUES[column.name](record, facts[i] as RoleFacts, instant)),
    })),
  );
}
