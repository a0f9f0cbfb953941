/**
 * The receivables each matching batch touched, per business date, as the batch left them, so that
 * the nightly export writes the night's changed receivables without reading the table back, and the
 * nightly aging finds the receivables left OPEN by due date without an index entry each (that entry
 * cost a write unit entering OPEN and another leaving it; see due-lists.ts). One S3 object per batch,
 * named by the hash of its content: a retried batch puts the same object again instead of a second
 * one. Receivables whose records were found already applied are logged too (as read), so a batch
 * that wrote and then failed before logging is logged by its retry (which finds nothing to write).
 * Readers keep each receivable's highest version.
 */
import { createHash } from 'node:crypto';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandInput,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';
import { fromItem, type Receivable, type ReceivableItem, toItem } from '../receivables/item';
import { listPages as listPagesOf } from '../store/s3-listing';

export interface TouchedLogDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
}

/** One logged batch. Objects written before states were logged hold keys only (`keysWithoutState`). */
export interface LoggedBatch {
  readonly receivables: readonly Receivable[];
  readonly keysWithoutState: readonly string[];
}

export interface TouchedLog {
  record(changedOn: IsoDate, receivables: readonly Receivable[]): Promise<void>;
  /** The batches logged for `changedOn`, a few read at a time (memory: those few). */
  batchesOf(changedOn: IsoDate): AsyncGenerator<LoggedBatch>;
  /** Every key logged for `changedOn` as left OPEN, by due date, each once. */
  openByDueOf(changedOn: IsoDate): Promise<Map<IsoDate, Set<string>>>;
  /** The dates with anything logged after `after` (all when null) up to `through`, in order. */
  datesBetween(after: IsoDate | null, through: IsoDate): Promise<IsoDate[]>;
  /** The earliest date anything was logged (null before the first batch): how far back writes go. */
  firstDate(): Promise<IsoDate | null>;
}

/** Not a lake table (Athena never reads it); the export's and aging's work list. */
export const TOUCHED_PREFIX = 'reconciliation/touched/';

const READ_CONCURRENCY = 8;
const DATED = /changed_on=(\d{4}-\d{2}-\d{2})\//;

function prefixOf(changedOn: IsoDate): string {
  return `${TOUCHED_PREFIX}changed_on=${changedOn}/`;
}

export function buildTouchedLog({ s3, bucket }: TouchedLogDeps): TouchedLog {
  const listPages = (input: Omit<ListObjectsV2CommandInput, 'Bucket' | 'ContinuationToken'>) =>
    listPagesOf(s3, bucket, input);

  /** Every logged batch of `changedOn`, read a few at a time. */
  async function* batchesOf(changedOn: IsoDate): AsyncGenerator<LoggedBatch> {
    const objects: string[] = [];
    for await (const page of listPages({ Prefix: prefixOf(changedOn) })) {
      for (const object of page.Contents ?? []) if (object.Key) objects.push(object.Key);
    }
    for (let i = 0; i < objects.length; i += READ_CONCURRENCY) {
      const bodies = await Promise.all(
        objects.slice(i, i + READ_CONCURRENCY).map(async (key) => {
          const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          return (await object.Body?.transformToString()) ?? '[]';
        }),
      );
      yield* bodies.map(parseBatch);
    }
  }

  return {
    async record(changedOn, receivables) {
      if (receivables.length === 0) return;
      const sorted = [...receivables].sort((a, b) =>
        a.key < b.key ? -1 : a.key > b.key ? 1 : a.version - b.version,
      );
      const body = JSON.stringify({ receivables: sorted.map(toItem) });
      const name = createHash('sha256').update(body).digest('hex').slice(0, 32);
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefixOf(changedOn)}${name}.json`,
          Body: body,
          ContentType: 'application/json',
        }),
      );
    },
    async firstDate() {
      // One date prefix per day; prefixes list in lexical order and ISO dates sort as text, so the
      // first page's first prefix is the earliest date, however many pages follow.
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: TOUCHED_PREFIX, Delimiter: '/' }),
      );
      return page.CommonPrefixes?.[0]?.Prefix?.match(DATED)?.[1] ?? null;
    },
    batchesOf,
    async openByDueOf(changedOn) {
      const byDue = new Map<IsoDate, Set<string>>();
      for await (const batch of batchesOf(changedOn)) {
        for (const { key, status, dueDate } of batch.receivables) {
          if (status !== 'OPEN' || dueDate === null) continue;
          const due = byDue.get(dueDate) ?? new Set<string>();
          byDue.set(dueDate, due.add(key));
        }
      }
      return byDue;
    },
    async datesBetween(after, through) {
      const dates: IsoDate[] = [];
      const listing = listPages({
        Prefix: TOUCHED_PREFIX,
        Delimiter: '/',
        // '~' sorts after every object name of the date, so the listing starts at the next date.
        StartAfter: after === null ? undefined : `${prefixOf(after)}~`,
      });
      for await (const page of listing) {
        for (const prefix of page.CommonPrefixes ?? []) {
          const date = prefix.Prefix?.match(DATED)?.[1];
          if (date !== undefined && date <= through) dates.push(date);
        }
      }
      return dates.sort();
    },
  };
}

/** A logged batch; objects written before states were logged hold the bare key array. */
function parseBatch(body: string): LoggedBatch {
  const parsed = JSON.parse(body) as string[] | { receivables: ReceivableItem[] };
  if (Array.isArray(parsed)) return { receivables: [], keysWithoutState: parsed };
  return { receivables: parsed.receivables.map(fromItem), keysWithoutState: [] };
}
