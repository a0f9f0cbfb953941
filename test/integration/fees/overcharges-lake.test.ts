/**
 * The nights' fee lines in the bucket (s3rver): one object per night, the same bytes whatever order
 * the lines came in, read back by days; a night that audits a receivable again without its line
 * keeps a clearing, so the line no longer stands, and only lines that stood are cleared.
 */
import { CreateBucketCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  overchargesKey,
  readOvercharges,
  writeOvercharges,
} from '../../../lambdas/core/fee-audit/overcharges-lake';
import { overchargeKeeper, standingOvercharges } from '../../../lambdas/core/fee-audit/standing';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { overchargeLine } from '../../support/overcharges';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
}, 60_000);
afterAll(async () => {
  await s3?.close();
});

let buckets = 0;
async function freshBucket() {
  const name = `fee-lines-${++buckets}`;
  await s3.client.send(new CreateBucketCommand({ Bucket: name }));
  return name;
}

const body = async (bucket: string, key: string) =>
  (await (
    await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
  ).Body?.transformToString()) ?? '';

describe('the nights kept for the fee breaks', () => {
  it('writes the same bytes in any order and reads back only the nights asked for', async () => {
    const bucket = await freshBucket();
    const lines = [overchargeLine('A', 50), overchargeLine('B', 7, { kind: 'ADVANCE' })];
    await writeOvercharges(s3.client, bucket, '2025-03-01', { lines, cleared: [] });
    const first = await body(bucket, overchargesKey('2025-03-01'));
    await writeOvercharges(s3.client, bucket, '2025-03-01', { lines: [...lines].reverse(), cleared: [] });
    expect(await body(bucket, overchargesKey('2025-03-01'))).toBe(first);
    await writeOvercharges(s3.client, bucket, '2025-03-05', { lines: [overchargeLine('C', 9)], cleared: [] });

    const read = await readOvercharges(s3.client, bucket, { from: '2025-03-02', to: '2025-03-31' });
    expect(read).toEqual([{ auditedOn: '2025-03-05', line: overchargeLine('C', 9) }]);
    expect(await readOvercharges(s3.client, bucket, { from: '2025-02-01', to: '2025-03-04' })).toHaveLength(
      2,
    );
  }, 60_000);

  it('clears a line a later night audited again without it, and keeps the rest standing', async () => {
    const bucket = await freshBucket();
    const keep = overchargeKeeper(s3.client, bucket, 30);
    await keep('2025-03-01', {
      lines: [overchargeLine('A', 50), overchargeLine('B', 50)],
      auditedKeys: new Set(['A', 'B']),
    });
    // The next night audits A again within its contract, and a receivable that never stood (Z).
    await keep('2025-03-02', { lines: [], auditedKeys: new Set(['A', 'Z']) });
    expect(await body(bucket, overchargesKey('2025-03-02'))).toBe('{"cleared":"SALE|A"}\n');
    const all = await readOvercharges(s3.client, bucket, { from: '2025-02-01', to: '2025-03-31' });
    expect([...standingOvercharges(all).keys()]).toEqual(['SALE|B']);
  }, 60_000);
});
