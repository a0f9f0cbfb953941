/** The `fee_overcharges` named query on DuckDB over change-log files carrying the fee-audit columns. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesKey, encodeChanges } from '../../../lambdas/core/recon/export';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { type LocalLake, openLocalLake } from '../../../local/lake/duckdb';

function row(key: string, acquirer: string, version: number, audit: Record<string, unknown>) {
  return {
    receivable_key: key,
    acquirer,
    merchant: '1',
    sale_date: '2025-03-01',
    nsu: key,
    authorization: 'A',
    installment: 1,
    brand: 'VISA',
    status: 'OPEN',
    version,
    fee_audit: 'OK',
    ...audit,
  };
}

describe('fee_overcharges', () => {
  let s3: LocalS3;
  let workDir: string;
  let lake: LocalLake;
  beforeAll(async () => {
    s3 = await startLocalS3();
    workDir = await mkdtemp(join(tmpdir(), 'recon-fee-queries-'));
    const above = (cents: number) => ({ fee_audit: 'FEE_ABOVE_CONTRACT', fee_difference_cents: cents });
    const parts: [string, Record<string, unknown>[]][] = [
      // K1 was above the contract on 03-02; its later version (a corrected forecast) is OK: it no longer counts.
      ['2025-03-02', [row('K1', 'CIELO', 1, above(500)), row('K2', 'CIELO', 1, above(30))]],
      [
        '2025-03-03',
        [
          row('K1', 'CIELO', 2, {}),
          row('K3', 'CIELO', 1, {
            advance_fee_audit: 'FEE_ABOVE_CONTRACT',
            advance_fee_difference_cents: 12,
          }),
          row('K4', 'REDE', 1, { fee_audit: 'NO_CONTRACT_RATE' }),
          row('K5', 'REDE', 1, { fee_audit: null }),
        ],
      ],
    ];
    for (const [changedOn, rows] of parts) {
      await s3.client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: changesKey(changedOn, 0), Body: encodeChanges(rows) }),
      );
    }
    lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
  });
  afterAll(async () => {
    lake?.close();
    await s3?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('sums sale and advance overcharges per acquirer and brand at each receivable’s latest state', async () => {
    const rows = await lake.runNamedQuery('fee_overcharges', {
      as_of: '2025-03-03',
      from: '2025-03-01',
      to: '2025-03-31',
    });
    expect(rows.map((r) => ({ ...r }))).toEqual([
      {
        acquirer: 'CIELO',
        brand: 'VISA',
        audited: 3,
        sales_above: 1,
        sale_overcharged_cents: 30,
        advances_above: 1,
        advance_overcharged_cents: 12,
        without_rate: 0,
      },
      {
        acquirer: 'REDE',
        brand: 'VISA',
        audited: 1,
        sales_above: 0,
        sale_overcharged_cents: 0,
        advances_above: 0,
        advance_overcharged_cents: 0,
        without_rate: 1,
      },
    ]);
    const before = await lake.runNamedQuery('fee_overcharges', {
      as_of: '2025-03-02',
      from: '2025-03-01',
      to: '2025-03-31',
    });
    expect(before[0]).toMatchObject({ acquirer: 'CIELO', sale_overcharged_cents: 530 });
  });
});
