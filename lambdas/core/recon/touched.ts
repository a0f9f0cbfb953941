/**
 * The keys of the receivables each matching batch touched, per business date, so that the nightly
 * export finds the night's changed receivables without reading the table. One small S3 object per
 * batch, named by the hash of its keys: a retried batch puts the same object again instead of a
 * second one. Keys of records found already applied are logged too, so a batch that wrote and then
 * failed before logging is logged by its retry (which finds nothing left to write).
 */
import { createHash } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';

export interface TouchedLogDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
}

export interface TouchedLog {
  record(changedOn: IsoDate, keys: readonly string[]): Promise<void>;
  /** Every key logged for `changedOn`, each once. */
  keysOf(changedOn: IsoDate): Promise<Set<string>>;
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

  return {
    async record(changedOn, keys) {
      if (keys.length === 0) return;
      const body = JSON.stringify([...new Set(keys)].sort());
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
      const objects = await listKeys(prefixOf(changedOn));
      const keys = new Set<string>();
      for (let i = 0; i < objects.length; i += READ_CONCURRENCY) {
        const bodies = await Promise.all(
          objects.slice(i, i + READ_CONCURRENCY).map(async (key) => {
            const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
            return (await object.Body?.transformToString()) ?? '[]';
          }),
        );
        for (const body of bodies) for (const key of JSON.parse(body) as string[]) keys.add(key);
      }
      return keys;
    },
  };
}
