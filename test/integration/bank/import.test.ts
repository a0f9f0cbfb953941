/**
 * Statements in, exactly once, against dynalite and s3rver: the same file twice, an overlapping file,
 * and any import order leave the same stored set; equal twins stay two; the lake and the raw archive
 * are keyed by the file's SHA-256 (a re-import overwrites).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsCommand } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBankStore } from '../../../lambdas/core/deposits/bank/bank-store';
import { buildStatementImporter } from '../../../lambdas/core/deposits/bank/import';
import type { DepositsConfig } from '../../../lambdas/core/deposits/config';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { openLocalLake } from '../../../local/lake/duckdb';

const golden = (name: string) => ({
  name,
  bytes: new Uint8Array(readFileSync(new URL(`../../golden/bank/${name}`, import.meta.url))),
});
const IDENTITY: DepositsConfig['statementIdentity'] = { default: 'content', banks: { '341': 'fitid' } };

describe('statement import', () => {
  let dynamo: LocalDynamo;
  let s3: LocalS3;
  beforeEach(async () => {
    [dynamo, s3] = await Promise.all([startLocalDynamo(), startLocalS3()]);
  });
  afterEach(async () => {
    await Promise.all([dynamo.close(), s3.close()]);
  });

  function importer(identity: DepositsConfig['statementIdentity'] = { default: 'content', banks: {} }) {
    const store = buildBankStore({
      ddb: dynamo.documentClient,
      tableName: dynamo.tableName,
      now: () => new Date(),
    });
    return {
      store,
      importStatement: buildStatementImporter({ s3: s3.client, bucket: s3.bucket, store, identity }),
    };
  }
  const keys = async () =>
    ((await s3.client.send(new ListObjectsCommand({ Bucket: s3.bucket }))).Contents ?? [])
      .map((o) => o.Key)
      .sort();

  it('changes nothing on a second import or an overlapping one; equal twins stay two', async () => {
    const { store, importStatement } = importer();
    const first = await importStatement(golden('itau-sgml-1252.ofx'));
    expect(first).toMatchObject({ status: 'taken', taken: 5, new: 5, quarantined: [] });
    const stored = await store.list('2025-03-01', '2025-03-31');
    expect(stored.filter((t) => t.amountCents === 123456)).toHaveLength(2);
    const objects = await keys();

    expect(await importStatement(golden('itau-sgml-1252.ofx'))).toMatchObject({ taken: 5, new: 0 });
    expect(await store.list('2025-03-01', '2025-03-31')).toEqual(stored);
    expect(await keys()).toEqual(objects);

    // The overlap repeats the 4th and 5th and adds the 6th: one new transaction.
    expect(await importStatement(golden('itau-overlap.ofx'))).toMatchObject({ taken: 3, new: 1 });
    const after = await store.list('2025-03-01', '2025-03-31');
    expect(after).toHaveLength(6);
    expect(after.filter((t) => t.amountCents < 0).map((t) => t.memo)).toEqual(['TARIFA BANCÁRIA']);
  });

  it('stores the same set whatever the order of the files', async () => {
    const files = [
      'itau-sgml-1252.ofx',
      'itau-overlap.ofx',
      'itau-repeated-fitid.ofx',
      'bb-xml-two-accounts.ofx',
    ];
    const { store, importStatement } = importer(IDENTITY);
    for (const name of files) await importStatement(golden(name));
    const forward = await store.list('2025-03-01', '2025-03-31');
    // Repeated FITIDs (bank 341 under `fitid`) keep all three credits.
    expect(forward.filter((t) => t.postedDate === '2025-03-10')).toHaveLength(3);
    await Promise.all([dynamo.close(), s3.close()]);
    [dynamo, s3] = await Promise.all([startLocalDynamo(), startLocalS3()]);
    const second = importer(IDENTITY);
    for (const name of [...files].reverse()) await second.importStatement(golden(name));
    expect(await second.store.list('2025-03-01', '2025-03-31')).toEqual(forward);
  });

  it('archives the raw file and its transactions in the lake, where DuckDB reads them', async () => {
    const { importStatement } = importer();
    const result = await importStatement(golden('bb-xml-two-accounts.ofx'));
    await importStatement(golden('bb-xml-two-accounts.ofx'));
    expect(await keys()).toEqual([
      `bank/raw/${result.sha256}.ofx`,
      `bank/transactions/posted_month=2025-03/${result.sha256}.parquet`,
    ]);
    const workDir = await mkdtemp(join(tmpdir(), 'recon-bank-lake-'));
    const lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
    try {
      const rows = await lake.runSql(
        'SELECT bank_account, posted_date, amount_cents, fitid, transaction_type, statement_name, posted_month FROM recon_bank_transactions ORDER BY fitid',
      );
      expect(rows).toEqual([
        {
          bank_account: '1/1234/123456',
          posted_date: '2025-03-03',
          amount_cents: 150000,
          fitid: 'BB1',
          transaction_type: 'CREDIT',
          statement_name: 'bb-xml-two-accounts.ofx',
          posted_month: '2025-03',
        },
        {
          bank_account: '1/1234/123456',
          posted_date: '2025-03-04',
          amount_cents: -99,
          fitid: 'BB2',
          transaction_type: 'DEBIT',
          statement_name: 'bb-xml-two-accounts.ofx',
          posted_month: '2025-03',
        },
        {
          bank_account: '1/4321/998871',
          posted_date: '2025-03-05',
          amount_cents: 123456,
          fitid: 'BB3',
          transaction_type: 'CREDIT',
          statement_name: 'bb-xml-two-accounts.ofx',
          posted_month: '2025-03',
        },
      ]);
    } finally {
      lake.close();
      await rm(workDir, { recursive: true, force: true });
    }
  });

  it('quarantines a malformed file with its reason and a bad transaction alone', async () => {
    const { store, importStatement } = importer();
    const refused = await importStatement(golden('truncated.ofx'));
    expect(refused).toMatchObject({
      status: 'quarantined',
      taken: 0,
      quarantined: [{ reason: 'BROKEN_STRUCTURE' }],
    });
    const partial = await importStatement(golden('bad-transactions.ofx'));
    expect(partial).toMatchObject({ status: 'taken', taken: 1, new: 1 });
    expect(partial.quarantined.map((q) => q.reason)).toEqual(['BAD_DATE', 'BAD_AMOUNT']);
    expect(await store.list('2025-03-01', '2025-03-31')).toHaveLength(1);
    const all = await keys();
    expect(all).toContain(`bank/quarantine/${refused.sha256}.ofx`);
    expect(all).toContain(`bank/quarantine/${refused.sha256}.json`);
    expect(all).toContain(`bank/quarantine/${partial.sha256}.json`);
    expect(all).not.toContain(`bank/raw/${refused.sha256}.ofx`);
  });
});
