/**
 * The previous night's list of breaks, read back from its lake snapshot (breaks/snapshot-lake.ts):
 * the latest night before this one that has a snapshot, so a night the run skipped does not make
 * every break look new. One listing of the snapshots' night prefixes (one per night, a thousand a
 * page) and one object: bounded by the nights and the list, never by the book.
 */
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { BREAK_KINDS, BREAK_STATUSES } from '../breaks/kinds';
import { BREAKS_TABLE } from '../breaks/lake-tables';
import { breaksSnapshotKey } from '../breaks/snapshot-lake';
import type { IsoDate } from '../calendar';
import type { PreviousBreak } from './break-events';

const NIGHT = /as_of=(\d{4}-\d{2}-\d{2})\/$/;

const snapshotRow = z.object({
  break_id: z.string(),
  status: z.enum(BREAK_STATUSES),
  kind: z.enum(BREAK_KINDS),
  stake_cents: z.number().int(),
  first_seen: z.string().nullable(),
  version: z.number().int(),
});

interface SnapshotDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
}

/** The latest night with a snapshot before `asOf`; null when there is none. */
export async function previousNight({ s3, bucket }: SnapshotDeps, asOf: IsoDate): Promise<IsoDate | null> {
  let latest: IsoDate | null = null;
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: BREAKS_TABLE.prefix,
        Delimiter: '/',
        ContinuationToken: token,
      }),
    );
    for (const { Prefix } of page.CommonPrefixes ?? []) {
      const night = Prefix?.match(NIGHT)?.[1];
      if (night !== undefined && night < asOf && (latest === null || night > latest)) latest = night;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return latest;
}

export async function readPreviousBreaks(
  deps: SnapshotDeps,
  asOf: IsoDate,
): Promise<ReadonlyMap<string, PreviousBreak>> {
  const night = await previousNight(deps, asOf);
  if (night === null) return new Map();
  const object = await deps.s3.send(
    new GetObjectCommand({ Bucket: deps.bucket, Key: breaksSnapshotKey(night) }),
  );
  const text = (await object.Body?.transformToString()) ?? '';
  const rows = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => snapshotRow.parse(JSON.parse(line)));
  return new Map(
    rows.map((row) => [
      row.break_id,
      {
        status: row.status,
        kind: row.kind,
        stakeCents: row.stake_cents,
        firstSeen: row.first_seen,
        version: row.version,
      },
    ]),
  );
}
