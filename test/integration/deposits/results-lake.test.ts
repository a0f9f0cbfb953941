/**
 * The deposit results in the lake (s3rver): one object per result date at a key of that date only,
 * the same bytes whatever order the results came in, read back equal, and a rewrite of a range
 * replacing (or deleting) each date's object, never adding a second generation.
 */
import { GetObjectCommand, ListObjectsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { resultDate } from '../../../lambdas/core/deposits/result-date';
import {
  depositResultsKey,
  readDepositResults,
  writeDepositResults,
} from '../../../lambdas/core/deposits/results-lake';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import {
  ALL_RESULTS,
  AWAITING,
  DEPOSITED,
  MISSING,
  MISSING_SMALL,
  UNEXPLAINED,
} from '../../support/deposit-results';

const MARCH = { from: '2025-03-01', to: '2025-03-31' };
const NIGHT = '2025-04-01';
/** A result as read back after a match on `night` first computed it. */
const seen = <T extends object>(r: T, night = NIGHT) => ({ ...r, seenOn: night });
let s3: LocalS3 | undefined;
let bucket = 0;

async function freshBucket() {
  s3 ??= await startLocalS3();
  // A fresh prefix-free bucket per test: s3rver creates it on demand through the client.
  const name = `deposits-${++bucket}`;
  const { CreateBucketCommand } = await import('@aws-sdk/client-s3');
  await s3.client.send(new CreateBucketCommand({ Bucket: name }));
  return { client: s3.client, name };
}

async function snapshot(client: LocalS3['client'], name: string): Promise<Record<string, string>> {
  const listed = await client.send(new ListObjectsCommand({ Bucket: name }));
  const objects: Record<string, string> = {};
  for (const { Key } of listed.Contents ?? []) {
    if (!Key) continue;
    const object = await client.send(new GetObjectCommand({ Bucket: name, Key }));
    objects[Key] = (await object.Body?.transformToString()) ?? '';
  }
  return objects;
}

afterAll(async () => {
  await s3?.close();
});

describe('writeDepositResults / readDepositResults', () => {
  let target: { client: LocalS3['client']; name: string };
  beforeEach(async () => {
    target = await freshBucket();
  });

  it('writes one object per result date and reads back exactly the results', async () => {
    const written = await writeDepositResults(target.client, target.name, ALL_RESULTS, MARCH, NIGHT);
    expect(written).toEqual({ written: ['2025-03-03', '2025-03-04'], deleted: [] });
    expect(Object.keys(await snapshot(target.client, target.name))).toEqual([
      'deposits/results/result_date=2025-03-03/results.jsonl',
      'deposits/results/result_date=2025-03-04/results.jsonl',
    ]);
    const back = await readDepositResults(target.client, target.name, MARCH);
    const order = (r: (typeof ALL_RESULTS)[number]) => JSON.stringify(r);
    expect(back.map(order).sort()).toEqual(ALL_RESULTS.map((r) => order(seen(r))).sort());
    // Either end of the range reads only its dates.
    expect(await readDepositResults(target.client, target.name, { from: '2025-03-04' })).toHaveLength(3);
    expect(await readDepositResults(target.client, target.name, { to: '2025-03-03' })).toHaveLength(3);
    expect(
      await readDepositResults(target.client, target.name, { from: '2025-03-05', to: '2025-03-31' }),
    ).toEqual([]);
  });

  it('keeps a reversal (date, amount, debit identity) through the lake', async () => {
    const reversed = {
      ...DEPOSITED,
      status: 'DEPOSIT_REVERSED' as const,
      differenceCents: -(DEPOSITED.expectedCents as number),
      reversalDate: '2025-03-05',
      reversalCents: -(DEPOSITED.creditCents as number),
      reversalIdentity: 'debit-1',
    };
    await writeDepositResults(target.client, target.name, [reversed], MARCH, NIGHT);
    expect(await readDepositResults(target.client, target.name, MARCH)).toEqual([seen(reversed)]);
  });

  it('is idempotent: writing again, in any order, leaves the same objects byte for byte', async () => {
    await writeDepositResults(target.client, target.name, ALL_RESULTS, MARCH, NIGHT);
    const first = await snapshot(target.client, target.name);
    await writeDepositResults(target.client, target.name, [...ALL_RESULTS].reverse(), MARCH, NIGHT);
    expect(await snapshot(target.client, target.name)).toEqual(first);
  });

  it('replaces a date’s results and deletes the object of a date in range left without any', async () => {
    await writeDepositResults(target.client, target.name, ALL_RESULTS, MARCH, NIGHT);
    // The match ran again over 03-04 only: Stone's deposit arrived, nothing else is left that day.
    const arrived = {
      ...AWAITING,
      status: 'DEPOSITED' as const,
      creditDate: '2025-03-05',
      creditCents: 77_77,
      differenceCents: 0,
    };
    const day = { from: '2025-03-04', to: '2025-03-04' };
    expect(await writeDepositResults(target.client, target.name, [arrived], day, NIGHT)).toEqual({
      written: ['2025-03-04'],
      deleted: [],
    });
    const back = await readDepositResults(target.client, target.name, MARCH);
    expect(back.filter((r) => resultDate(r) === '2025-03-04')).toEqual([seen(arrived)]);
    // 03-03 lay outside the rewrite: untouched.
    expect(back).toContainEqual(seen(MISSING));
    // A narrower rewrite with nothing for 03-03 deletes that date's object, and only it.
    expect(
      await writeDepositResults(
        target.client,
        target.name,
        [],
        { from: '2025-03-03', to: '2025-03-03' },
        NIGHT,
      ),
    ).toEqual({
      written: [],
      deleted: ['2025-03-03'],
    });
    expect(Object.keys(await snapshot(target.client, target.name))).toEqual([
      depositResultsKey('2025-03-04'),
    ]);
  });

  it('keeps the first night each result was matched in its status; a new status is seen anew', async () => {
    await writeDepositResults(target.client, target.name, ALL_RESULTS, MARCH, '2025-04-01');
    // The next night: the missing deposit arrived; everything else is as the night before.
    const arrived = { ...MISSING, status: 'DEPOSITED' as const, creditCents: MISSING.expectedCents };
    const night2 = ALL_RESULTS.map((r) => (r === MISSING ? arrived : r));
    await writeDepositResults(target.client, target.name, night2, MARCH, '2025-04-02');
    const back = await readDepositResults(target.client, target.name, MARCH);
    expect(back).toContainEqual(seen(arrived, '2025-04-02'));
    expect(back).toContainEqual(seen(UNEXPLAINED, '2025-04-01'));
    expect(back.filter((r) => r.seenOn === '2025-04-01')).toHaveLength(ALL_RESULTS.length - 1);
    // A night before both matched again (a re-run for an earlier date) moves first seen back to it.
    await writeDepositResults(target.client, target.name, night2, MARCH, '2025-03-31');
    const again = await readDepositResults(target.client, target.name, MARCH);
    expect(again.every((r) => r.seenOn === '2025-03-31')).toBe(true);
  });

  it('refuses a result dated outside the range it rewrites, naming it', async () => {
    await expect(
      writeDepositResults(
        target.client,
        target.name,
        [DEPOSITED, UNEXPLAINED, MISSING_SMALL],
        { from: '2025-03-04', to: '2025-03-04' },
        NIGHT,
      ),
    ).rejects.toThrow(
      /dated 2025-03-03 is outside the range written \(2025-03-04\.\.2025-03-04\): DEPOSITED/,
    );
    expect(await snapshot(target.client, target.name)).toEqual({});
  });

  it('names the object and line of a row it cannot read', async () => {
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    await target.client.send(
      new PutObjectCommand({
        Bucket: target.name,
        Key: depositResultsKey('2025-03-07'),
        Body: '{"status":"DEPOSITED","bank_account":"1/1/1"}\n{"status":"PAID","bank_account":"1/1/1"}\n',
      }),
    );
    await expect(readDepositResults(target.client, target.name)).rejects.toThrow(
      'deposits/results/result_date=2025-03-07/results.jsonl line 2: unknown status PAID',
    );
  });
});
