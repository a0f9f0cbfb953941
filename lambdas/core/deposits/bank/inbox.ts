/**
 * The deployed path in (docs/deposits.md): statement files put under `bank/inbox/` of the lake
 * bucket are imported, each object once. After its import (or quarantine) an object leaves the inbox:
 * a taken file is copied to `bank/imported/<name>`, a refused one is already under `bank/quarantine/`
 * with its reason (import.ts), and the inbox object is deleted. A crash between the import and the
 * delete only means the next call imports it again, which changes nothing. One bad object never stops
 * the others; an object whose import fails for another reason (the table unreachable) stays in the
 * inbox for the next call and is reported as failed, not quarantined: the file was not at fault.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { StatementImporter } from './import';
import { BANK_IMPORTED_PREFIX, BANK_INBOX_PREFIX, BANK_RAW_PREFIX } from './lake-file';
import type { Quarantined } from './statement';

export interface InboxDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
  readonly importStatement: StatementImporter;
}

export interface InboxResult {
  /** Objects found in the inbox. */
  readonly files: number;
  readonly taken: number;
  /** Transactions stored for the first time, over every taken file. */
  readonly newTransactions: number;
  /** Files refused as a whole, with their reason (and under `bank/quarantine/`). */
  readonly quarantined: readonly ({ name: string } & Quarantined)[];
  /** Single transactions refused inside taken files. */
  readonly quarantinedTransactions: readonly ({ name: string } & Quarantined)[];
  /** Lines of taken files that are no transactions (balances), left out: counted, not errors. */
  readonly skippedLines: number;
  /** Objects left in the inbox because their import failed for a reason not theirs. */
  readonly failed: readonly { name: string; error: string }[];
}

/**
 * Every key under the inbox. ListObjects (V1) paged by marker, as local/lake/duckdb.ts does, rather
 * than V2's ContinuationToken: s3rver (the local and test S3) cannot make a V2 token on Node 22
 * (its DES cipher is gone from OpenSSL 3), so a V2 listing of more than 1,000 keys fails there; the
 * marker pages the same on AWS and on s3rver.
 */
async function inboxKeys(s3: InboxDeps['s3'], bucket: string): Promise<string[]> {
  const keys: string[] = [];
  let marker: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsCommand({ Bucket: bucket, Prefix: BANK_INBOX_PREFIX, Marker: marker }),
    );
    for (const object of page.Contents ?? [])
      if (object.Key && !object.Key.endsWith('/')) keys.push(object.Key);
    marker = page.IsTruncated ? (page.NextMarker ?? page.Contents?.at(-1)?.Key) : undefined;
  } while (marker);
  return keys;
}

const copySource = (bucket: string, key: string) =>
  `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

export async function importInbox(deps: InboxDeps): Promise<InboxResult> {
  const { s3, bucket } = deps;
  const keys = await inboxKeys(s3, bucket);
  let taken = 0;
  let newTransactions = 0;
  const quarantined: ({ name: string } & Quarantined)[] = [];
  const quarantinedTransactions: ({ name: string } & Quarantined)[] = [];
  let skippedLines = 0;
  const failed: { name: string; error: string }[] = [];
  for (const key of keys) {
    const name = key.slice(BANK_INBOX_PREFIX.length);
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
      const result = await deps.importStatement({ name, bytes });
      if (result.status === 'taken') {
        await s3.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: `${BANK_IMPORTED_PREFIX}${name}`,
            CopySource: copySource(bucket, key),
          }),
        );
        taken += 1;
        newTransactions += result.new;
        skippedLines += result.skipped.length;
        quarantinedTransactions.push(...result.quarantined.map((q) => ({ name, ...q })));
      } else {
        quarantined.push(...result.quarantined.map((q) => ({ name, ...q })));
      }
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      failed.push({ name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return {
    files: keys.length,
    taken,
    newTransactions,
    quarantined,
    quarantinedTransactions,
    skippedLines,
    failed,
  };
}

/** Whether any statement was ever taken in (its raw file is kept under `bank/raw/`). */
export async function anyStatementTaken(s3: InboxDeps['s3'], bucket: string): Promise<boolean> {
  const page = await s3.send(new ListObjectsCommand({ Bucket: bucket, Prefix: BANK_RAW_PREFIX, MaxKeys: 1 }));
  return (page.Contents ?? []).length > 0;
}
