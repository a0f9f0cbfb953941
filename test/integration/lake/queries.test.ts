import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { buildPageIngestor } from '../../../lambdas/core/ingest/lake/ingest';
import { encodeParquet, PARQUET_TYPE_OF } from '../../../lambdas/core/ingest/lake/parquet';
import { RECEIVABLE_CHANGES_TABLE } from '../../../lambdas/core/receivable-store/changes-table';
import { encodeChanges } from '../../../lambdas/core/receivable-store/snapshot-export';
import { NAMED_QUERIES } from '../../../lib/analytics/queries';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { type LocalLake, openLocalLake } from '../../../local/lake/duckdb';
import { buildPage, netOf, seamedPages } from './pages';

type Column = (typeof RECEIVABLE_CHANGES_TABLE.columns)[number]['name'];
type SnapshotRow = Partial<Record<Column, string | number | null>>; // lifecycle columns left null

function receivable(n: number, status: string, forecast: number | null, settled: number | null): SnapshotRow {
  return {
    receivable_key: `K${n}`,
    acquirer: 'ACQ0',
    merchant: 'EC0',
    sale_date: '2025-03-01',
    nsu: String(n),
    authorization: `AUT${n}`,
    installment: 1,
    brand: 'VISA',
    status,
    forecast_net_cents: forecast,
    settled_net_cents: settled,
    difference_cents: forecast !== null && settled !== null ? settled - forecast : null,
    due_date: '2025-04-01',
    last_payment_date: settled === null ? null : `2025-04-0${(n % 3) + 1}`,
    settlement_count: settled === null ? 0 : 1,
    reason: status === 'UNEXPECTED' ? 'NO_FORECAST' : null,
    version: n,
    // Due 2025-04-01 with 4 days of grace: late from 2025-04-06 on.
    overdue_on: status === 'OPEN' ? '2025-04-06' : null,
  };
}

const SNAPSHOT: SnapshotRow[] = [
  receivable(1, 'SETTLED', 10_000, 10_000),
  receivable(2, 'SETTLED', 20_000, 20_000),
  receivable(3, 'UNDERPAID', 30_000, 29_000),
  receivable(4, 'OVERPAID', 40_000, 40_500),
  receivable(5, 'OPEN', 50_000, null),
  receivable(6, 'OVERDUE', 60_000, null),
  receivable(7, 'UNEXPECTED', null, 7_000),
];

/** A change-log file exactly as the reconciliation export writes it (layout fixed by contract). */
function snapshotParquet(rows: readonly SnapshotRow[]): Uint8Array {
  return encodeParquet(
    RECEIVABLE_CHANGES_TABLE.columns.map((c) => ({
      name: c.name,
      type: PARQUET_TYPE_OF[c.type],
      data: rows.map((r) => r[c.name]),
    })),
  );
}

describe('named queries on DuckDB over the exported files', () => {
  let s3: LocalS3;
  let workDir: string;
  let lake: LocalLake;
  const sales = buildPage({ kind: 'sales', reportId: '100', page: 1, good: 9 });
  const financial = buildPage({ kind: 'financial', reportId: '200', page: 1, good: 4, badDates: 2 });

  beforeAll(async () => {
    s3 = await startLocalS3();
    workDir = await mkdtemp(join(tmpdir(), 'recon-queries-'));
    const ingest = buildPageIngestor({ s3: s3.client, bucket: s3.bucket, config: parseReconConfig({}) });
    await ingest.ingestPage(sales.page, sales.source);
    await ingest.ingestPage(financial.page, financial.source);
    // The same sales records again in another report (a re-run of the night): counted once by the queries.
    await ingest.ingestPage({ ...sales.page, reportId: '101' }, { ...sales.source, reportId: '101' });
    // A page seam served under a line sequence (June, apart from the other cases).
    for (const { page, source } of seamedPages()) await ingest.ingestPage(page, source);
    // K1 and K2 changed on 04-04; on 04-05 the rest, K1 again (a higher version, same money) and an
    // older version of K2 that an overlapping export left behind (it must lose to version 2).
    const older = { ...SNAPSHOT[1], version: 1, status: 'OPEN', settled_net_cents: null } as SnapshotRow;
    for (const [changedOn, rows] of [
      ['2025-04-05', [...SNAPSHOT.slice(2), { ...(SNAPSHOT[0] as SnapshotRow), version: 8 }, older]],
      ['2025-04-04', SNAPSHOT.slice(0, 2)],
    ] as const) {
      await s3.client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: `${RECEIVABLE_CHANGES_TABLE.prefix}changed_on=${changedOn}/part-00000.parquet`,
          Body: snapshotParquet(rows),
        }),
      );
    }
    lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
  });
  afterAll(async () => {
    lake.close();
    await s3.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('declares one parameter per placeholder in every query', () => {
    for (const query of NAMED_QUERIES) {
      expect(query.sql.split('?').length - 1, query.name).toBe(query.params.length);
    }
  });

  it('receivables_as_of: each receivable once, at its highest version up to the date; OPEN turns OVERDUE after grace', async () => {
    const on = async (asOf: string) =>
      (await lake.runNamedQuery('receivables_as_of', { as_of: asOf })).map((r) => [
        r.receivable_key,
        r.status,
        r.reason,
        r.version,
        r.changed_on,
      ]);
    expect(await on('2025-04-03')).toEqual([]);
    expect(await on('2025-04-04')).toEqual([
      ['K1', 'SETTLED', null, 1, '2025-04-04'],
      ['K2', 'SETTLED', null, 2, '2025-04-04'],
    ]);
    const later = await on('2025-04-20');
    expect(later.map((r) => r[0])).toEqual(['K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'K7']);
    expect(later[0]).toEqual(['K1', 'SETTLED', null, 8, '2025-04-05']);
    expect(later[1]).toEqual(['K2', 'SETTLED', null, 2, '2025-04-04']);
    expect(later[4]).toEqual(['K5', 'OVERDUE', null, 5, '2025-04-05']);
    expect((await on('2025-04-05'))[4]).toEqual(['K5', 'OPEN', null, 5, '2025-04-05']);
  });

  it('receivables_by_state: counts and totals per state as of the date', async () => {
    const columns = ['status', 'receivables', 'forecast_net_cents', 'settled_net_cents', 'difference_cents'];
    // Rows written before the lifecycle columns expect their forecast and received their settlements.
    const lifecycle = ['expected_net_cents', 'received_net_cents'];
    const byState = async (asOf: string) => {
      const rows = await lake.runNamedQuery('receivables_by_state', { as_of: asOf });
      for (const row of rows) expect(Object.keys(row).sort()).toEqual([...columns, ...lifecycle].sort());
      return rows.map((row) => [...columns, ...lifecycle].map((c) => row[c]));
    };
    expect(await byState('2025-04-05')).toEqual([
      ['OPEN', 1, 50_000, null, null, 50_000, null],
      ['OVERDUE', 1, 60_000, null, null, 60_000, null],
      ['OVERPAID', 1, 40_000, 40_500, 500, 40_000, 40_500],
      ['SETTLED', 2, 30_000, 30_000, 0, 30_000, 30_000],
      ['UNDERPAID', 1, 30_000, 29_000, -1000, 30_000, 29_000],
      ['UNEXPECTED', 1, null, 7_000, null, null, 7_000],
    ]);
    expect(await byState('2025-04-04')).toEqual([['SETTLED', 2, 30_000, 30_000, 0, 30_000, 30_000]]);
  });

  it('divergences: short and over payments, largest difference first', async () => {
    const rows = await lake.runNamedQuery('divergences', { as_of: '2025-04-05' });
    expect(rows.map((r) => [r.receivable_key, r.status, r.difference_cents, r.authorization])).toEqual([
      ['K3', 'UNDERPAID', -1000, 'AUT3'],
      ['K4', 'OVERPAID', 500, 'AUT4'],
    ]);
  });

  it('receipts_by_due_date: forecast net not yet received, per due date and state', async () => {
    expect(await lake.runNamedQuery('receipts_by_due_date', { as_of: '2025-04-05' })).toEqual([
      {
        due_date: '2025-04-01',
        status: 'OPEN',
        receivables: 1,
        forecast_net_cents: 50_000,
        expected_net_cents: 50_000,
      },
      {
        due_date: '2025-04-01',
        status: 'OVERDUE',
        receivables: 1,
        forecast_net_cents: 60_000,
        expected_net_cents: 60_000,
      },
    ]);
    expect(await lake.runNamedQuery('receipts_by_due_date', { as_of: '2025-04-04' })).toEqual([]);
  });

  it('unexpected_settlements: money with no forecast', async () => {
    const rows = await lake.runNamedQuery('unexpected_settlements', { as_of: '2025-04-05' });
    expect(rows).toEqual([
      expect.objectContaining({ receivable_key: 'K7', settled_net_cents: 7_000, reason: 'NO_FORECAST' }),
    ]);
  });

  it('daily_totals: per day, code, acquirer, merchant and brand, summing to what was ingested', async () => {
    const rows = await lake.runNamedQuery('daily_totals', { from: '2025-03-01', to: '2025-04-30' });
    const total = (code: string, column: string) =>
      rows.filter((r) => r.code === code).reduce((n, r) => n + Number(r[column]), 0);
    expect(total('A1', 'records')).toBe(9);
    expect(total('A1', 'net_cents')).toBe(sales.netCents);
    expect(total('D1', 'net_cents')).toBe(financial.netCents);
    expect(rows[0]).toEqual({
      movement_date: '2025-03-01',
      kind: 'sales',
      code: 'A1',
      acquirer: 'ACQ0',
      merchant: 'EC0',
      brand: 'MASTER',
      records: 2,
      gross_cents: netOf(0) + 100 + netOf(6) + 106,
      fee_cents: 206,
      net_cents: netOf(0) + netOf(6),
    });
    expect(await lake.runNamedQuery('daily_totals', { from: '2025-03-02', to: '2025-03-02' })).toSatisfy(
      (r: unknown[]) =>
        r.length > 0 && r.every((x) => (x as { movement_date: string }).movement_date === '2025-03-02'),
    );
  });

  it('daily_totals over a range across months: the month partitions read, then exactly the days of the range', async () => {
    // Sales are on 2025-03-01..03, payments on 2025-04-02..03: the range cuts both months.
    const rows = await lake.runNamedQuery('daily_totals', { from: '2025-03-02', to: '2025-04-02' });
    const days = [...new Set(rows.map((r) => `${r.kind} ${r.movement_date}`))].sort();
    expect(days).toEqual(['financial 2025-04-02', 'sales 2025-03-02', 'sales 2025-03-03']);
    const [inRange] = await lake.runSql(
      "SELECT COUNT(DISTINCT record_hash) AS n FROM recon_records WHERE movement_date BETWEEN '2025-03-02' AND '2025-04-02'",
    );
    expect(rows.reduce((n, r) => n + Number(r.records), 0)).toBe(Number(inRange?.n));
  });

  it('daily_totals counts a record once when two reports carry it, or two pages its line sequence', async () => {
    const [all] = await lake.runSql("SELECT COUNT(*) AS n FROM recon_records WHERE code = 'A1'");
    expect(all?.n).toBe(18);
    const rows = await lake.runNamedQuery('daily_totals', { from: '2025-03-01', to: '2025-03-31' });
    expect(rows.reduce((n, r) => n + Number(r.records), 0)).toBe(9);
    const seam = await lake.runNamedQuery('daily_totals', { from: '2025-06-15', to: '2025-06-15' });
    expect(seam.reduce((n, r) => n + Number(r.records), 0)).toBe(2);
  });

  it('fee_consistency: fee charged equals gross minus net for these records, per acquirer and brand', async () => {
    const rows = await lake.runNamedQuery('fee_consistency', { from: '2025-03-01', to: '2025-04-30' });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.fee_gap_cents).toBe(0);
      expect(row.mismatched_records).toBe(0);
      expect(row.implied_fee_cents).toBe(row.fee_cents);
      expect(typeof row.fee_percent).toBe('number');
    }
    expect(rows.reduce((n, r) => n + Number(r.net_cents), 0)).toBe(sales.netCents + financial.netCents);
  });

  it('quarantine_by_reason: the quarantined entries', async () => {
    expect(
      await lake.runNamedQuery('quarantine_by_reason', { from: '2025-04-01', to: '2025-04-30' }),
    ).toEqual([{ kind: 'financial', generated: '2025-04-05', reason: 'BAD_DATE', entries: 2 }]);
  });

  it('runs free SQL, several statements included', async () => {
    expect(await lake.runSql('CREATE TEMP TABLE t AS SELECT 1 AS x; SELECT x + 1 AS y FROM t')).toEqual([
      { y: 2 },
    ]);
  });

  it('reads the reconciliation export’s own change file with the Glue table’s columns and types', async () => {
    const file = join(workDir, 'export-contract.parquet');
    await writeFile(file, encodeChanges(SNAPSHOT));
    const described = await lake.runSql(`DESCRIBE SELECT * FROM read_parquet('${file}')`);
    const duckdbType = { string: 'VARCHAR', int: 'INTEGER', bigint: 'BIGINT' } as const;
    expect(described.map((c) => [c.column_name, c.column_type])).toEqual(
      RECEIVABLE_CHANGES_TABLE.columns.map((c) => [c.name, duckdbType[c.type]]),
    );
  });

  it('names a missing parameter and an unknown query', async () => {
    await expect(async () => lake.runNamedQuery('divergences', {})).rejects.toThrow(/as_of/);
    await expect(async () => lake.runNamedQuery('nope', {})).rejects.toThrow(/unknown query "nope"/);
  });

  it('runs every named query on an empty lake (typed empty views)', async () => {
    const emptyDir = await mkdtemp(join(tmpdir(), 'recon-empty-'));
    const fresh = await startLocalS3({ bucket: 'empty-lake' });
    const emptyLake = await openLocalLake({ s3: fresh.client, bucket: fresh.bucket, workDir: emptyDir });
    try {
      for (const query of NAMED_QUERIES) {
        const params = Object.fromEntries(query.params.map((p) => [p.name, '2025-04-05']));
        expect(await emptyLake.runNamedQuery(query.name, params), query.name).toEqual([]);
      }
    } finally {
      emptyLake.close();
      await fresh.close();
      await rm(emptyDir, { recursive: true, force: true });
    }
  });
});
