import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { buildReceivableStore } from '../../../lambdas/core/receivable-store/apply-records';
import { buildChangeExporter, segmentOf } from '../../../lambdas/core/receivable-store/snapshot-export';
import { buildTouchedLog } from '../../../lambdas/core/receivable-store/touched';
import { dynamoListing, lakeListing } from '../../support/lake-listing';
import { freshTable, localStoresPerFile } from '../../support/recon-dynamo';
import { portfolio, reconConfig } from '../../support/recon-records';

const config = reconConfig();
const SEGMENTS = 3;
const DAY_ONE = '2025-03-30';
const DAY_TWO = '2025-04-12';

describe('change export to s3rver, read back with the named query on DuckDB', () => {
  const stores = localStoresPerFile();

  it('appends only the receivables each night touched; the lake as of each night equals the table', async () => {
    const tableName = await freshTable(stores.dynamo);
    const clock = { asOf: DAY_ONE };
    const touched = buildTouchedLog({ s3: stores.s3.client, bucket: stores.s3.bucket });
    const store = buildReceivableStore({
      ddb: stores.dynamo.documentClient,
      tableName,
      config,
      asOf: () => clock.asOf,
      now: () => new Date(`${clock.asOf}T12:00:00.000Z`),
      touched,
    });
    const exporter = buildChangeExporter({
      ddb: stores.dynamo.documentClient,
      tableName,
      s3: stores.s3.client,
      bucket: stores.s3.bucket,
      config,
      touched,
    });
    const exportNight = (asOf: string) =>
      Promise.all(
        Array.from({ length: SEGMENTS }, (_, segment) =>
          exporter.exportSnapshot({ asOf, segment, totalSegments: SEGMENTS }),
        ),
      );
    const records = portfolio(90);
    const nightTwo = records.filter((r) => r.recordType === 'D1');
    await store.applyRecords(records.filter((r) => r.recordType === 'A1'));
    const first = await exportNight(DAY_ONE);
    expect(await exportNight(DAY_ONE)).toEqual(first);
    const dayOneRows = first.reduce((sum, part) => sum + part.rows, 0);
    expect(dayOneRows).toBe((await store.scanAll()).length);

    clock.asOf = DAY_TWO;
    await store.applyRecords(nightTwo);
    // The same night again (a re-run): logged again, exported to the same keys, nothing doubled.
    await store.applyRecords(nightTwo);
    const second = await exportNight(DAY_TWO);
    const changedKeys = new Set(
      (await store.scanAll()).filter((r) => r.changedOn === DAY_TWO).map((r) => r.key),
    );
    expect(changedKeys.size).toBeGreaterThan(0);
    expect(changedKeys.size).toBeLessThan(dayOneRows);
    expect(second.reduce((sum, part) => sum + part.rows, 0)).toBe(changedKeys.size);
    expect(second.map((part) => part.key)).toEqual(
      Array.from(
        { length: SEGMENTS },
        (_, s) => `reconciliation/changes/changed_on=${DAY_TWO}/part-${String(s).padStart(5, '0')}.parquet`,
      ),
    );
    const listed = await stores.s3.client.send(
      new ListObjectsV2Command({ Bucket: stores.s3.bucket, Prefix: 'reconciliation/changes/' }),
    );
    expect(listed.KeyCount).toBe(2 * SEGMENTS);

    for (const asOf of [DAY_TWO, '2025-05-31']) {
      const table = await dynamoListing(stores.dynamo.documentClient, tableName, asOf, config);
      expect(table.some((r) => r.status === 'OVERDUE')).toBe(true);
      expect(await lakeListing(stores.s3.client, stores.s3.bucket, asOf)).toEqual(table);
    }
    // As of night one the lake shows night one's state: no settlement yet.
    const before = await lakeListing(stores.s3.client, stores.s3.bucket, DAY_ONE);
    expect(before).toHaveLength(dayOneRows);
    expect(before.every((r) => r.settledNetCents === 0)).toBe(true);
  });

  it('reads back the receivables an earlier version logged by key only', async () => {
    const tableName = await freshTable(stores.dynamo);
    const store = buildReceivableStore({
      ddb: stores.dynamo.documentClient,
      tableName,
      config,
      asOf: () => DAY_ONE,
      now: () => new Date(`${DAY_ONE}T12:00:00.000Z`),
    });
    const records = portfolio(6).filter((r) => r.recordType === 'A1');
    await store.applyRecords(records);
    const stored = await store.scanAll();
    const bucket = 'legacy-touched';
    await stores.s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
    await stores.s3.client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `reconciliation/touched/changed_on=${DAY_ONE}/legacy.json`,
        Body: JSON.stringify(stored.map((r) => r.key)),
      }),
    );
    const touched = buildTouchedLog({ s3: stores.s3.client, bucket });
    const exporter = buildChangeExporter({
      ddb: stores.dynamo.documentClient,
      tableName,
      s3: stores.s3.client,
      bucket,
      config,
      touched,
    });
    const { rows } = await exporter.exportSnapshot({ asOf: DAY_ONE, segment: 0, totalSegments: 1 });
    expect(rows).toBe(stored.length);
    expect(await lakeListing(stores.s3.client, bucket, DAY_ONE)).toEqual(
      await dynamoListing(stores.dynamo.documentClient, tableName, DAY_ONE, config),
    );
  });

  it('spreads keys over the segments by a fixed hash', () => {
    const keys = Array.from({ length: 3000 }, (_, n) => `ACQ|EC|2025-01-01|${n}|A${n}|1`);
    const counts = [0, 0, 0];
    for (const key of keys) counts[segmentOf(key, 3)] = (counts[segmentOf(key, 3)] as number) + 1;
    for (const count of counts) expect(count).toBeGreaterThan(800);
    // FNV-1a 32-bit: 'a' hashes to 0xe40c292c (3826002220); the segment must not depend on the runtime.
    expect(segmentOf('a', 1000)).toBe(220);
    expect(segmentOf('', 1000)).toBe(2166136261 % 1000);
  });
});
