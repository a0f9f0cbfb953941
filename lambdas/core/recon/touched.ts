/**
 * The keys of the receivables each matching batch touched, per business date, so that the nightly
 * export finds the night's changed receivables without reading the table. One small S3 object per
 * batch, named by the hash of its content: a retried batch puts the same object again instead of a
 * second one. Keys of records found already applied are logged too, so a batch that wrote and then
 * failed before logging is logged by its retry (which finds nothing left to write).
 *
 * Each object also lists, by due date, the touched receivables left stored OPEN: the nightly aging
 * gathers them into its due lists (due-lists.ts) instead of every OPEN receivable carrying an index
 * entry, which cost a write unit when it entered OPEN and another when it left.
 */
import { createHash } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';

export interface TouchedLogDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
}

/** Due date → keys of the receivables stored OPEN with that due date. */
export type OpenByDue = Readonly<Record<IsoDate, readonly string[]>>;

export interface TouchedLog {
  record(changedOn: IsoDate, keys: readonly string[], openByDue?: OpenByDue): Promise<void>;
  /** Every key logged for `changedOn`, each once. */
  keysOf(changedOn: IsoDate): Promise<Set<string>>;
  /** Every key logged for `changedOn` as left OPEN, by due date, each once. */
  openByDueOf(changedOn: IsoDate): Promise<Map<IsoDate, Set<string>>>;
  /** The dates with anything logged after `after` (all when null) up to `through`, in order. */
  datesBetween(after: IsoDate | null, through: IsoDate): Promise<IsoDate[]>;
  /** The earliest date anything was logged (null before the first batch): how far back writes go. */
  firstDate(): Promise<IsoDate | null>;
}

/** Not a lake table (Athena never reads it); the export's work list. */
export const TOUCHED_PREFIX = 'reconciliation/touched/';

const READ_CONCURRENCY = 8;
const DATED = /changed_on=(\d{4}-\d{2}-\d{2})\//;

function prefixOf(changedOn: IsoDate): string {
  return `${TOUCHED_PREFIX}changed_on=${changedOn}/`;
}

export function buildTouchedLog({ s3, bucket }: TouchedLogDeps): TouchedLog {
  async function listKeys(prefix: string): Promise<string[]> {
    const objects: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) objects.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  /** Every logged batch of `changedOn`, read a few at a time. */
  async function* batchesOf(changedOn: IsoDate): AsyncGenerator<LoggedBatch> {
    const objects = await listKeys(prefixOf(changedOn));
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
    async record(changedOn, keys, openByDue = {}) {
      if (keys.length === 0) return;
      const open = Object.fromEntries(
        Object.entries(openByDue)
          .filter(([, due]) => due.length > 0)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([date, due]) => [date, [...new Set(due)].sort()]),
      );
      const body = JSON.stringify({ keys: [...new Set(keys)].sort(), open });
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
    async keysOf(changedOn) {
      const keys = new Set<string>();
      for await (const batch of batchesOf(changedOn)) for (const key of batch.keys) keys.add(key);
      return keys;
    },
    async openByDueOf(changedOn) {
      const byDue = new Map<IsoDate, Set<string>>();
      for await (const batch of batchesOf(changedOn)) {
        for (const [date, keys] of Object.entries(batch.open)) {
          const due = byDue.get(date) ?? new Set<string>();
          for (const key of keys) due.add(key);
          byDue.set(date, due);
        }
      }
      return byDue;
    },
    async datesBetween(after, through) {
      const dates: IsoDate[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: TOUCHED_PREFIX,
            Delimiter: '/',
            // '~' sorts after every object name of the date, so the listing starts at the next date.
            StartAfter: after === null ? undefined : `${prefixOf(after)}~`,
            ContinuationToken: token,
          }),
        );
        for (const prefix of page.CommonPrefixes ?? []) {
          const date = prefix.Prefix?.match(DATED)?.[1];
          if (date !== undefined && date <= through) dates.push(date);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return dates.sort();
    },
  };
}

interface LoggedBatch {
  readonly keys: readonly string[];
  readonly open: OpenByDue;
}

/** A logged batch; objects written before the OPEN lists existed hold the bare key array. */
function parseBatch(body: string): LoggedBatch {
  const parsed = JSON.parse(body) as string[] | LoggedBatch;
  return Array.isArray(parsed) ? { keys: parsed, open: {} } : parsed;
}
