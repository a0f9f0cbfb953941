/**
 * The local lake mirrors every object of a table, past the 1,000 keys one listing page holds (a few
 * weeks of local runs have more record partitions than that).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUARANTINE_TABLE } from '../../../lambdas/core/ingest/lake/tables';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { type LocalLake, openLocalLake } from '../../../local/lake/duckdb';

const FILES = 1_050;

describe('local lake over more than one listing page', () => {
  let s3: LocalS3;
  let workDir: string;
  let lake: LocalLake;

  beforeAll(async () => {
    s3 = await startLocalS3();
    workDir = await mkdtemp(join(tmpdir(), 'recon-mirror-'));
    const put = (n: number) =>
      s3.client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: `${QUARANTINE_TABLE.prefix}kind=sales/generated=2025-04-01/r${n}-p00001.jsonl`,
          Body: `${JSON.stringify({ record_hash: `h${n}`, reason: 'BAD_DATE', report_id: `r${n}`, page: 1, line: 0 })}\n`,
        }),
      );
    for (let n = 0; n < FILES; n += 50) await Promise.all(Array.from({ length: 50 }, (_, i) => put(n + i)));
    lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
  }, 60_000);
  afterAll(async () => {
    lake.close();
    await s3.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('mirrors and reads every object', async () => {
    expect(lake.mirrored[QUARANTINE_TABLE.name]).toBe(FILES);
    expect(
      await lake.runNamedQuery('quarantine_by_reason', { from: '2025-04-01', to: '2025-04-01' }),
    ).toEqual([{ kind: 'sales', generated: '2025-04-01', reason: 'BAD_DATE', entries: FILES }]);
  });
});
