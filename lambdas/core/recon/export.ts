/**
 * The daily reconciliation snapshot for Athena: one Parquet object per parallel-Scan segment at a
 * fixed key, so a re-run of the same day and segment overwrites instead of duplicating. Columns and
 * types come from `RECEIVABLES_TABLE`, the same definition the Glue table and DuckDB views use.
 *
 * Limits: a segment is held in memory while encoded (about 200 bytes a row before compression), so
 * pick `totalSegments` so that one segment stays within the Lambda's memory (1 M receivables ≈ 8
 * segments at 1 GB). Re-running a day with FEWER segments leaves the old higher parts in place.
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { encodeParquet, PARQUET_TYPE_OF } from '../lake/parquet';
import { RECEIVABLES_TABLE } from '../lake/tables';
import type { Receivable } from './item';
import { collect, scanPages, type TableDeps } from './queries';
import { toReceivableView } from './view';

export interface SnapshotExporterDeps extends TableDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
  readonly config: ReconConfig;
}

export interface SnapshotRequest {
  readonly asOf: IsoDate;
  readonly segment: number;
  readonly totalSegments: number;
}

export interface SnapshotExporter {
  exportSnapshot(request: SnapshotRequest): Promise<{ rows: number; key: string }>;
}

export function snapshotKey(asOf: IsoDate, segment: number): string {
  return `${RECEIVABLES_TABLE.prefix}as_of=${asOf}/part-${String(segment).padStart(5, '0')}.parquet`;
}

type Row = Record<string, unknown>;

/** One snapshot row: the CLI's view (status derived as of `asOf`) plus key, brand and history. */
export function toSnapshotRow(receivable: Receivable, asOf: IsoDate, config: ReconConfig): Row {
  const view = toReceivableView(receivable, asOf, config);
  return {
    receivable_key: receivable.key,
    acquirer: view.acquirer,
    merchant: view.merchant,
    sale_date: view.saleDate,
    nsu: view.nsu,
    authorization: view.authorization,
    installment: view.installment,
    brand: receivable.brand,
    status: view.status,
    forecast_net_cents: view.forecastNetCents,
    settled_net_cents: view.settledNetCents,
    difference_cents: view.differenceCents,
    due_date: view.dueDate,
    last_payment_date: view.lastPaymentDate,
    settlement_count: view.settlementCount,
    reason: view.reason,
    version: receivable.version,
    changed_on: receivable.changedOn,
  };
}

/** Encodes rows into the columns of {@link RECEIVABLES_TABLE}, the Glue table's one definition. */
export function encodeSnapshot(rows: readonly Row[]): Uint8Array {
  return encodeParquet(
    RECEIVABLES_TABLE.columns.map((column) => ({
      name: column.name,
      type: PARQUET_TYPE_OF[column.type],
      data: rows.map((row) => row[column.name] ?? null),
    })),
  );
}

export function buildSnapshotExporter(deps: SnapshotExporterDeps): SnapshotExporter {
  return {
    async exportSnapshot({ asOf, segment, totalSegments }) {
      const receivables = await collect(scanPages(deps, { segment, totalSegments }));
      const rows = receivables.map((receivable) => toSnapshotRow(receivable, asOf, deps.config));
      const key = snapshotKey(asOf, segment);
      await deps.s3.send(
        new PutObjectCommand({
          Bucket: deps.bucket,
          Key: key,
          Body: encodeSnapshot(rows),
          ContentType: 'application/vnd.apache.parquet',
        }),
      );
      return { rows: rows.length, key };
    },
  };
}
