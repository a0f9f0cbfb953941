import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshotExporter } from '../../../lambdas/core/recon/export';
import { toReceivableView } from '../../../lambdas/core/recon/view';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { freshTable, storeFor } from '../../support/recon-dynamo';
import { portfolio, reconConfig } from '../../support/recon-records';

const config = reconConfig();
const AS_OF = '2025-04-12';
const SEGMENTS = 3;

describe('snapshot export to s3rver, read back with DuckDB', () => {
  let dynamo: LocalDynamo;
  let s3: LocalS3;
  let scratch: string;
  beforeAll(async () => {
    [dynamo, s3, scratch] = await Promise.all([
      startLocalDynamo(),
      startLocalS3(),
      mkdtemp(join(tmpdir(), 'recon-snapshot-')),
    ]);
  });
  afterAll(async () => {
    await Promise.all([dynamo.close(), s3.close(), rm(scratch, { recursive: true, force: true })]);
  });

  async function download(key: string): Promise<string> {
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    const path = join(scratch, key.replaceAll('/', '_'));
    await writeFile(path, (await object.Body?.transformToByteArray()) ?? new Uint8Array());
    return path;
  }

  it('writes one Parquet part per segment at a fixed key; rows and sums match the table', async () => {
    const tableName = await freshTable(dynamo);
    // Written on an earlier day: the snapshot must derive status as of AS_OF, not trust stored status.
    const store = storeFor(dynamo.documentClient, tableName, config, { asOf: '2025-03-30' });
    await store.applyRecords(portfolio(90));
    const exporter = buildSnapshotExporter({
      ddb: dynamo.documentClient,
      tableName,
      s3: s3.client,
      bucket: s3.bucket,
      config,
    });

    const segments = Array.from({ length: SEGMENTS }, (_, segment) => segment);
    const first = await Promise.all(
      segments.map((segment) => exporter.exportSnapshot({ asOf: AS_OF, segment, totalSegments: SEGMENTS })),
    );
    const again = await Promise.all(
      segments.map((segment) => exporter.exportSnapshot({ asOf: AS_OF, segment, totalSegments: SEGMENTS })),
    );
    expect(again).toEqual(first);
    expect(first.map((part) => part.key)).toEqual([
      'reconciliation/snapshots/as_of=2025-04-12/part-00000.parquet',
      'reconciliation/snapshots/as_of=2025-04-12/part-00001.parquet',
      'reconciliation/snapshots/as_of=2025-04-12/part-00002.parquet',
    ]);
    const listed = await s3.client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'reconciliation/snapshots/' }),
    );
    expect(listed.KeyCount).toBe(SEGMENTS);

    const views = (await store.scanAll()).map((r) => toReceivableView(r, AS_OF, config));
    const expected = {
      rows: views.length,
      forecast: views.reduce((sum, v) => sum + (v.forecastNetCents ?? 0), 0),
      settled: views.reduce((sum, v) => sum + v.settledNetCents, 0),
      overdue: views.filter((v) => v.status === 'OVERDUE').length,
      settlements: views.reduce((sum, v) => sum + v.settlementCount, 0),
    };
    expect(first.reduce((sum, part) => sum + part.rows, 0)).toBe(expected.rows);
    expect(expected.overdue).toBeGreaterThan(0);

    const paths = await Promise.all(first.map((part) => download(part.key)));
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    const source = `read_parquet([${paths.map((p) => `'${p}'`).join(', ')}])`;
    const totals = await connection.runAndReadAll(
      `SELECT count(*)::INTEGER AS rows, sum(forecast_net_cents)::BIGINT AS forecast,
              sum(settled_net_cents)::BIGINT AS settled, count(*) FILTER (status = 'OVERDUE')::INTEGER AS overdue,
              sum(settlement_count)::INTEGER AS settlements
       FROM ${source}`,
    );
    const [row] = totals.getRowObjectsJson();
    expect(row).toEqual({
      rows: expected.rows,
      forecast: String(expected.forecast),
      settled: String(expected.settled),
      overdue: expected.overdue,
      settlements: expected.settlements,
    });

    const schema = await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`);
    expect(schema.getRowObjectsJson().map((c) => `${c.column_name} ${c.column_type}`)).toEqual([
      'receivable_key VARCHAR',
      'acquirer VARCHAR',
      'merchant VARCHAR',
      'sale_date VARCHAR',
      'nsu VARCHAR',
      'authorization VARCHAR',
      'installment INTEGER',
      'brand VARCHAR',
      'status VARCHAR',
      'forecast_net_cents BIGINT',
      'settled_net_cents BIGINT',
      'difference_cents BIGINT',
      'due_date VARCHAR',
      'last_payment_date VARCHAR',
      'settlement_count INTEGER',
      'reason VARCHAR',
      'version BIGINT',
      'changed_on VARCHAR',
    ]);
    connection.closeSync();
  });
});
