/**
 * The nightly change export for Athena: the receivables the night's batches touched, as the touched
 * log holds them (each batch logs its receivables as it left them; the highest version of each wins),
 * appended as one Parquet object per segment to the night's partition of
 * {@link RECEIVABLE_CHANGES_TABLE}. No Scan and no read of the table: work and memory follow the
 * night, never the book. (Only keys logged without a state, by an earlier version, are read back.)
 * The object keys are fixed per date and segment, so a re-run of the night overwrites them with the
 * superset it finds (the log only grows within a date); the lake query keeps each receivable's
 * highest version, so a row written twice, or an older version left in another part, changes nothing.
 * A receivable aged tonight after its batch logged it is exported as logged: its row derives OVERDUE
 * from `overdue_on` as the aged version would say.
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { addDays, type IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { encodeParquet, PARQUET_TYPE_OF } from '../ingest/lake/parquet';
import type { Receivable } from '../receivables/item';
import type { TableDeps } from '../receivables/queries';
import { toReceivableView } from '../receivables/view';
import { readReceivables } from './batch-read';
import { RECEIVABLE_CHANGES_TABLE } from './changes-table';
import type { TouchedLog } from './touched';

export interface ChangeExporterDeps extends TableDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
  readonly config: ReconConfig;
  readonly touched: Pick<TouchedLog, 'batchesOf'>;
  /**
   * Columns derived beside the view (the fee audit, docs/fee-audit.md), prepared once per export:
   * passed in, so the export needs no knowledge of the rate table.
   */
  readonly derivedColumns?: () => Promise<(receivable: Receivable) => Row>;
  /**
   * Another export of the same receivables (the ERP lines, baixas/store.ts), fed from this one read
   * of the log: the night's receivables of the segment, in key order.
   */
  readonly alongside?: (
    night: IsoDate,
    segment: number,
    receivables: readonly Receivable[],
  ) => Promise<unknown>;
}

export interface ExportRequest {
  readonly asOf: IsoDate;
  readonly segment: number;
  readonly totalSegments: number;
}

export interface ChangeExporter {
  /** `key` is absent when the segment had no changed receivable (nothing is written). */
  exportSnapshot(request: ExportRequest): Promise<{ rows: number; key?: string }>;
}

export function changesKey(changedOn: IsoDate, segment: number): string {
  return `${RECEIVABLE_CHANGES_TABLE.prefix}changed_on=${changedOn}/part-${String(segment).padStart(5, '0')}.parquet`;
}

/** Which export segment a receivable key belongs to (FNV-1a: stable across runtimes). */
export function segmentOf(key: string, totalSegments: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % totalSegments;
}

type Row = Record<string, unknown>;

/** One change row: the CLI's view (status derived as of `asOf`), key, brand, version, overdue date. */
export function toChangeRow(receivable: Receivable, asOf: IsoDate, config: ReconConfig): Row {
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
    // Lets the lake derive OVERDUE on later dates without a row per aging (see status.ts isPastGrace).
    overdue_on:
      view.status === 'OPEN' && view.dueDate !== null ? addDays(view.dueDate, config.graceDays + 1) : null,
    cancelled_net_cents: view.cancelledNetCents,
    charged_back_net_cents: view.chargedBackNetCents,
    adjustment_net_cents: view.adjustmentNetCents,
    advance_fee_cents: view.advanceFeeCents,
    expected_net_cents: view.expectedNetCents,
    received_net_cents: view.receivedNetCents,
    last_chargeback_date: view.lastChargebackDate,
    roles: view.roles,
  };
}

/** Encodes rows into the columns of {@link RECEIVABLE_CHANGES_TABLE}, the Glue table's one definition. */
export function encodeChanges(rows: readonly Row[]): Uint8Array {
  return encodeParquet(
    RECEIVABLE_CHANGES_TABLE.columns.map((column) => ({
      name: column.name,
      type: PARQUET_TYPE_OF[column.type],
      data: rows.map((row) => row[column.name] ?? null),
    })),
  );
}

export function buildChangeExporter(deps: ChangeExporterDeps): ChangeExporter {
  return {
    async exportSnapshot({ asOf, segment, totalSegments }) {
      const latest = new Map<string, Receivable>();
      const unlogged = new Set<string>();
      for await (const batch of deps.touched.batchesOf(asOf)) {
        for (const receivable of batch.receivables) {
          if (segmentOf(receivable.key, totalSegments) !== segment) continue;
          const kept = latest.get(receivable.key);
          if (!kept || receivable.version > kept.version) latest.set(receivable.key, receivable);
        }
        for (const key of batch.keysWithoutState) {
          if (segmentOf(key, totalSegments) === segment) unlogged.add(key);
        }
      }
      const derived = (await deps.derivedColumns?.()) ?? (() => ({}));
      const missing = [...unlogged].filter((key) => !latest.has(key)).sort();
      for (const [key, receivable] of await readReceivables(deps, missing)) latest.set(key, receivable);
      const receivables = [...latest]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, receivable]) => receivable);
      await deps.alongside?.(asOf, segment, receivables);
      const rows = receivables.map((receivable) => ({
        ...toChangeRow(receivable, asOf, deps.config),
        ...derived(receivable),
      }));
      if (rows.length === 0) return { rows: 0 };
      const key = changesKey(asOf, segment);
      await deps.s3.send(
        new PutObjectCommand({
          Bucket: deps.bucket,
          Key: key,
          Body: encodeChanges(rows),
          ContentType: 'application/vnd.apache.parquet',
        }),
      );
      return { rows: rows.length, key };
    },
  };
}
