/**
 * The nightly snapshot of the breaks in the lake (`recon_breaks`): every break the summary lists, as
 * its view that night, in one object whose key is a function of the business date alone, its rows
 * in one fixed order, so a re-run of the night rewrites the same object rather than adding a second
 * generation Athena would count twice.
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';
import { BREAKS_TABLE, type RowOf } from './lake-tables';
import type { BreakView } from './status';

export type BreakSnapshotRow = RowOf<typeof BREAKS_TABLE>;

/** A break's view as a lake row, in the table's column order; `recon breaks --format jsonl|csv` prints the same. */
export function breakSnapshotRow(view: BreakView): BreakSnapshotRow {
  const { subject, decision } = view;
  return {
    break_id: view.id,
    ref: view.ref,
    kind: view.kind,
    status: view.status,
    acquirer: subject.acquirer,
    merchant: subject.merchant,
    sale_date: subject.saleDate,
    nsu: subject.nsu,
    installment: subject.installment,
    due_date: subject.dueDate,
    place: subject.place ?? null,
    stake_cents: view.stakeCents,
    first_seen: view.firstSeen,
    age_days: view.ageDays,
    age_bucket: view.ageBucket,
    decision_status: decision?.status ?? null,
    reason: decision?.reason ?? null,
    note: decision?.note ?? null,
    ticket: decision?.ticket ?? null,
    assignee: decision?.assignee ?? null,
    deadline: decision?.deadline ?? null,
    version: view.version,
  };
}

export function breaksSnapshotKey(asOf: IsoDate): string {
  return `${BREAKS_TABLE.prefix}as_of=${asOf}/breaks.jsonl`;
}

/**
 * Writes the night's snapshot, even an empty one: a re-run of the night that lists no break must
 * still replace what an earlier run of it wrote.
 */
export async function writeBreaksSnapshot(
  deps: { readonly s3: Pick<S3Client, 'send'>; readonly bucket: string },
  asOf: IsoDate,
  views: readonly BreakView[],
): Promise<void> {
  const lines = [...views]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((v) => JSON.stringify(breakSnapshotRow(v)));
  await deps.s3.send(
    new PutObjectCommand({
      Bucket: deps.bucket,
      Key: breaksSnapshotKey(asOf),
      Body: lines.map((line) => `${line}\n`).join(''),
      ContentType: 'application/x-ndjson',
    }),
  );
}
