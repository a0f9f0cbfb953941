/**
 * Records of the simulator's roles stored in the lake as the workflow stores them (one Parquet object
 * per page), for the tests that compare what the lake's queries count with what the book counts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { recordsObjectKey } from '../../../lambdas/core/ingest/lake/keys';
import { encodeRecordsParquet, movementDate } from '../../../lambdas/core/ingest/lake/records-file';
import type { CanonicalRecord, RecordSource } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';
import type { RawRecord } from '../../../lambdas/core/provider/port';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { type LocalLake, openLocalLake } from '../../../local/lake/duckdb';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';
import { buildPage } from './pages';

export const config = parseReconConfig({
  recordRoles: SIMULATOR_RECORD_ROLES,
  recordSign: SIMULATOR_RECORD_SIGN,
});
export const JUNE = { from: '2025-06-01', to: '2025-06-30' };

/** A payment of the sandbox's shape, paid in June, as `code` with its own key and amount. */
export function financial(i: number, code: string, netCents: number, extra: RawRecord = {}): RawRecord {
  const base = buildPage({ kind: 'financial', reportId: 'x', page: 1, good: i + 1 }).page.records[i];
  const reais = (netCents / 100).toFixed(2).replace('.', ',');
  return {
    ...base,
    tipoRegistro: code,
    vlBruto: reais,
    vlTaxa: '0,00',
    vlLiquido: reais,
    dtPagamento: 20250610,
    ...extra,
  };
}

export function source(reportId: string, page: number, generatedOn = '2025-06-20'): RecordSource {
  return { reportKind: 'financial', reportId, page, generatedOn };
}

export function normalized(raw: RawRecord, origin: RecordSource, line: number): CanonicalRecord {
  const result = buildNormalizer(config).normalize(raw, origin, line);
  if (!result.ok) throw new Error(result.quarantined.detail);
  return result.record;
}

/** Stores records of one page as a Parquet object per movement month, as `roles` says of them. */
export async function putRecords(
  s3: LocalS3,
  records: readonly CanonicalRecord[],
  roles: typeof config,
  ingestedAt: string,
): Promise<void> {
  const origin = (records[0] as CanonicalRecord).source;
  const months = new Set(records.map((record) => movementDate(record).slice(0, 7)));
  for (const month of months) {
    await s3.client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: recordsObjectKey(origin, month, origin.page + 1),
        Body: encodeRecordsParquet(
          records.filter((record) => movementDate(record).startsWith(month)),
          roles,
          new Date(ingestedAt),
        ),
      }),
    );
  }
}

/** A local S3 started by each test and the lake opened over it, both closed after the test. */
export function lakePerTest() {
  let s3: LocalS3 | undefined;
  let lake: LocalLake | undefined;
  let workDir: string | undefined;
  afterEach(async () => {
    lake?.close();
    await s3?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
    [s3, lake, workDir] = [undefined, undefined, undefined];
  });
  const started = (): LocalS3 => {
    if (s3 === undefined) throw new Error('no S3 started in this test');
    return s3;
  };
  return {
    async startS3(): Promise<LocalS3> {
      s3 = await startLocalS3();
      return s3;
    },
    s3: started,
    /** The lake over this test's S3 as it stands, as `recon query` opens it. */
    async openLake(): Promise<LocalLake> {
      workDir = await mkdtemp(join(tmpdir(), 'recon-lake-test-'));
      lake = await openLocalLake({ s3: started().client, bucket: started().bucket, workDir });
      return lake;
    },
  };
}
