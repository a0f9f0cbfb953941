/**
 * The night's fees above the contract, every one of them (the summary keeps only the largest): one
 * JSON lines object per business date, at a key that is a function of that date only, rewritten
 * whole by a re-run of the night. The pendências read them by days (`recon breaks`, the summary's
 * list), never by listing the book: a fee break is a line of a night kept here. Not a lake table
 * (Athena reads the receivables' change log for fees); a work list, as the touched log is.
 */
import {
  GetObjectCommand,
  ListObjectsCommand,
  type ListObjectsCommandOutput,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';
import type { OverchargeItem } from './section-model';

type S3 = Pick<S3Client, 'send'>;

/** A fee charged above the contract as the night audited it, with what a pendência prints beside it. */
export interface NightOvercharge extends OverchargeItem {
  readonly merchant: string | null;
  readonly dueDate: IsoDate | null;
}

/**
 * What a night kept of one audited line: the line, above the contract, or that a receivable once
 * above it was audited again that night and no longer is (`cleared`: the line's identity).
 */
export type DatedOvercharge =
  | { readonly auditedOn: IsoDate; readonly line: NightOvercharge }
  | { readonly auditedOn: IsoDate; readonly cleared: string };

/** What one night keeps: its lines above the contract, and the identities it found no longer so. */
export interface NightKept {
  readonly lines: readonly NightOvercharge[];
  readonly cleared: readonly string[];
}

export const OVERCHARGES_PREFIX = 'reconciliation/fee-overcharges/';
const DATED = /^audited_on=(\d{4}-\d{2}-\d{2})\/lines\.jsonl$/;

export const overchargesKey = (date: IsoDate) => `${OVERCHARGES_PREFIX}audited_on=${date}/lines.jsonl`;

/**
 * Replaces the night's lines. A night without any keeps an empty object, so a re-run that finds none
 * takes back what an earlier run of the night kept, with a put only (the summarize step deletes nothing).
 */
export async function writeOvercharges(
  s3: S3,
  bucket: string,
  date: IsoDate,
  night: NightKept,
): Promise<void> {
  // One order whatever order the batches came in: the same night writes the same bytes.
  const rows = [
    ...night.lines.map((line) => JSON.stringify(line)),
    ...night.cleared.map((cleared) => JSON.stringify({ cleared })),
  ].sort();
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: overchargesKey(date),
      Body: rows.map((row) => `${row}\n`).join(''),
      ContentType: 'application/x-ndjson',
    }),
  );
}

/**
 * The dates in [from, to] with lines, ascending. ListObjects (V1) paged by marker, as the deposit
 * results are listed (s3rver's V2 continuation token fails under Node's OpenSSL 3).
 */
async function listDates(s3: S3, bucket: string, range: { from: IsoDate; to: IsoDate }): Promise<IsoDate[]> {
  const dates: IsoDate[] = [];
  let marker: string | undefined = `${OVERCHARGES_PREFIX}audited_on=${range.from}`;
  do {
    const page: ListObjectsCommandOutput = await s3.send(
      new ListObjectsCommand({ Bucket: bucket, Prefix: OVERCHARGES_PREFIX, Marker: marker }),
    );
    for (const object of page.Contents ?? []) {
      const date = DATED.exec(object.Key?.slice(OVERCHARGES_PREFIX.length) ?? '')?.[1];
      if (date === undefined) continue;
      if (date > range.to) return dates;
      dates.push(date);
    }
    marker = page.IsTruncated ? (page.NextMarker ?? page.Contents?.at(-1)?.Key) : undefined;
  } while (marker);
  return dates;
}

/** Every line of the nights in [from, to], night by night. */
export async function readOvercharges(
  s3: S3,
  bucket: string,
  range: { readonly from: IsoDate; readonly to: IsoDate },
): Promise<DatedOvercharge[]> {
  const found: DatedOvercharge[] = [];
  for (const auditedOn of await listDates(s3, bucket, range)) {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: overchargesKey(auditedOn) }));
    const body = (await object.Body?.transformToString('utf-8')) ?? '';
    for (const row of body.split('\n')) {
      if (row.trim() === '') continue;
      const kept = JSON.parse(row) as NightOvercharge | { cleared: string };
      found.push('cleared' in kept ? { auditedOn, cleared: kept.cleared } : { auditedOn, line: kept });
    }
  }
  return found;
}
