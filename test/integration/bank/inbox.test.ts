/** The deployed path in: statement files under `bank/inbox/` of the lake bucket (s3rver), each once. */
import { readFileSync } from 'node:fs';
import { GetObjectCommand, ListObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBankStore } from '../../../lambdas/core/deposits/bank/bank-store';
import { buildStatementImporter } from '../../../lambdas/core/deposits/bank/import';
import { importInbox } from '../../../lambdas/core/deposits/bank/inbox';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';

const golden = (name: string) => readFileSync(new URL(`../../golden/bank/${name}`, import.meta.url));

describe('statement inbox', () => {
  let dynamo: LocalDynamo;
  let s3: LocalS3;
  beforeEach(async () => {
    [dynamo, s3] = await Promise.all([startLocalDynamo(), startLocalS3()]);
  });
  afterEach(async () => {
    await Promise.all([dynamo.close(), s3.close()]);
  });

  const keys = async (Prefix: string) =>
    ((await s3.client.send(new ListObjectsCommand({ Bucket: s3.bucket, Prefix }))).Contents ?? [])
      .map((o) => o.Key)
      .sort();

  it('takes the good object in, quarantines the bad one with its reason, and does nothing the second time', async () => {
    const store = buildBankStore({
      ddb: dynamo.documentClient,
      tableName: dynamo.tableName,
      now: () => new Date(),
    });
    const importStatement = buildStatementImporter({
      s3: s3.client,
      bucket: s3.bucket,
      store,
      identity: { default: 'content', banks: {} },
    });
    const put = (Key: string, Body: Uint8Array) =>
      s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body }));
    // The bad one first in the listing: it must not stop the good one.
    await put('bank/inbox/a-broken.ofx', golden('truncated.ofx'));
    await put('bank/inbox/itau março.ofx', golden('itau-sgml-1252.ofx'));

    const first = await importInbox({ s3: s3.client, bucket: s3.bucket, importStatement });
    expect(first).toMatchObject({
      files: 2,
      taken: 1,
      newTransactions: 5,
      quarantinedTransactions: [],
      failed: [],
    });
    expect(first.quarantined).toEqual([
      { name: 'a-broken.ofx', reason: 'BROKEN_STRUCTURE', detail: expect.stringContaining('a-broken.ofx') },
    ]);
    expect(await keys('bank/inbox/')).toEqual([]);
    expect(await keys('bank/imported/')).toEqual(['bank/imported/itau março.ofx']);
    const reasonKey = (await keys('bank/quarantine/')).find((k) => k?.endsWith('.json')) as string;
    const reason = JSON.parse(
      await ((
        await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: reasonKey }))
      ).Body?.transformToString() ?? Promise.resolve('{}')),
    );
    expect(reason).toMatchObject({ name: 'a-broken.ofx', file: { reason: 'BROKEN_STRUCTURE' } });
    expect(await store.list('2025-03-01', '2025-03-31')).toHaveLength(5);

    const second = await importInbox({ s3: s3.client, bucket: s3.bucket, importStatement });
    expect(second).toEqual({
      files: 0,
      taken: 0,
      newTransactions: 0,
      quarantined: [],
      quarantinedTransactions: [],
      skippedLines: 0,
      failed: [],
    });
  });

  it('leaves an object whose import failed for another reason in the inbox, and goes on', async () => {
    const importStatement = async (file: { name: string }) => {
      if (file.name === 'first.ofx') throw new Error('table unreachable');
      return {
        name: file.name,
        sha256: '',
        status: 'taken' as const,
        taken: 1,
        new: 1,
        accounts: [],
        quarantined: [],
        skipped: [],
      };
    };
    const put = (Key: string) =>
      s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: golden('itau-overlap.ofx') }));
    await put('bank/inbox/first.ofx');
    await put('bank/inbox/second.ofx');
    const result = await importInbox({ s3: s3.client, bucket: s3.bucket, importStatement });
    expect(result).toMatchObject({
      files: 2,
      taken: 1,
      failed: [{ name: 'first.ofx', error: 'table unreachable' }],
    });
    expect(await keys('bank/inbox/')).toEqual(['bank/inbox/first.ofx']);
  });
});
