import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { emptyIngestCounts, mergeIngestCounts } from '../../../lambdas/core/ingest/lake/counts';
import { buildPageIngestor, type PageIngestResult } from '../../../lambdas/core/ingest/lake/ingest';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { type LocalLake, openLocalLake } from '../../../local/lake/duckdb';
import { type BuiltPage, buildPage } from './pages';

const sum = (counts: Readonly<Record<string, number>>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('page ingestion into the lake (s3rver, read back with DuckDB)', () => {
  let s3: LocalS3;
  let workDir: string;
  let lake: LocalLake | undefined;
  const ingestor = () =>
    buildPageIngestor({
      s3: s3.client,
      bucket: s3.bucket,
      config: parseReconConfig({}),
      now: () => new Date('2025-04-05T06:00:00Z'),
    });

  beforeAll(async () => {
    s3 = await startLocalS3();
    workDir = await mkdtemp(join(tmpdir(), 'recon-lake-'));
  });
  afterAll(async () => {
    lake?.close();
    await s3.close();
    await rm(workDir, { recursive: true, force: true });
  });

  async function listKeys(): Promise<string[]> {
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
  }

  async function getBytes(key: string): Promise<Uint8Array> {
    const got = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return (await got.Body?.transformToByteArray()) ?? new Uint8Array();
  }

  async function reopenLake(): Promise<LocalLake> {
    lake?.close();
    lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
    return lake;
  }

  const sales1 = buildPage({
    kind: 'sales',
    reportId: '9007199254740993',
    page: 1,
    good: 40,
    badDates: 3,
    malformed: 2,
  });
  const sales2 = buildPage({ kind: 'sales', reportId: '9007199254740993', page: 2, good: 25 });
  const financial1 = buildPage({
    kind: 'financial',
    reportId: '9007199254741111',
    page: 1,
    good: 30,
    badDates: 1,
  });
  const pages: BuiltPage[] = [sales1, sales2, financial1];
  const results: PageIngestResult[] = [];

  it('writes raw, Parquet partitions and quarantine with counts that add up', async () => {
    const ingest = ingestor();
    for (const p of pages) results.push(await ingest.ingestPage(p.page, p.source));

    const [first] = results;
    expect(first?.counts).toEqual({
      received: 45,
      byCode: { A1: 40 },
      quarantinedByReason: { BAD_DATE: 3, NOT_AN_OBJECT: 2 },
      drift: { unknownColumns: ['CANAL'], missingFields: [] },
    });
    expect(first?.records).toHaveLength(40);
    for (const [i, r] of results.entries()) {
      const p = pages[i] as BuiltPage;
      expect(r.counts.received).toBe(p.page.records.length + p.page.malformed.length);
      expect(sum(r.counts.byCode) + sum(r.counts.quarantinedByReason)).toBe(r.counts.received);
    }
    // One Parquet object per movement month: sales pages span 3 sale dates of March, the financial
    // page 2 payment dates of April (days and codes are columns). Plus raw and quarantine files.
    expect(results.map((r) => r.objectsWritten)).toEqual([1 + 1 + 1, 1 + 1, 1 + 1 + 1]);

    expect(await listKeys()).toEqual([
      'quarantine/kind=financial/generated=2025-04-05/9007199254741111-p00001.jsonl',
      'quarantine/kind=sales/generated=2025-04-05/9007199254740993-p00001.jsonl',
      'raw/kind=financial/generated=2025-04-05/report=9007199254741111/page=00001.json.gz',
      'raw/kind=sales/generated=2025-04-05/report=9007199254740993/page=00001.json.gz',
      'raw/kind=sales/generated=2025-04-05/report=9007199254740993/page=00002.json.gz',
      'records-by-month/kind=financial/movement_month=2025-04/9007199254741111-p00001.parquet',
      'records-by-month/kind=sales/movement_month=2025-03/9007199254740993-p00001.parquet',
      'records-by-month/kind=sales/movement_month=2025-03/9007199254740993-p00002.parquet',
    ]);
  });

  it('archives the page as received, malformed entries included', async () => {
    const raw = JSON.parse(
      gunzipSync(
        await getBytes('raw/kind=sales/generated=2025-04-05/report=9007199254740993/page=00001.json.gz'),
      ).toString(),
    );
    expect(raw).toEqual({
      reportId: '9007199254740993',
      page: 1,
      records: sales1.page.records,
      malformed: sales1.page.malformed,
    });
  });

  it('reads back, with DuckDB, exactly the records, sums and quarantine that went in', async () => {
    const local = await reopenLake();
    const empty = 'receivable_changes contract_rates bank_transactions deposit_results baixas'.split(' ');
    const zeros = Object.fromEntries([...empty, 'breaks', 'break_events'].map((t) => [`recon_${t}`, 0]));
    expect(local.mirrored).toEqual({ recon_records: 3, recon_quarantine: 2, ...zeros });
    const totals = await local.runSql(
      'SELECT kind, code, COUNT(*) AS n, SUM(net_cents) AS net, SUM(gross_cents) AS gross, COUNT(DISTINCT record_hash) AS hashes FROM recon_records GROUP BY kind, code ORDER BY kind',
    );
    expect(totals).toEqual([
      {
        kind: 'financial',
        code: 'D1',
        n: 30,
        net: financial1.netCents,
        gross: financial1.grossCents,
        hashes: 30,
      },
      {
        kind: 'sales',
        code: 'A1',
        n: 65,
        net: sales1.netCents + sales2.netCents,
        gross: sales1.grossCents + sales2.grossCents,
        hashes: 65,
      },
    ]);
    const quarantine = await local.runSql(
      'SELECT kind, reason, COUNT(*) AS n FROM recon_quarantine GROUP BY kind, reason ORDER BY kind, reason',
    );
    expect(quarantine).toEqual([
      { kind: 'financial', reason: 'BAD_DATE', n: 1 },
      { kind: 'sales', reason: 'BAD_DATE', n: 3 },
      { kind: 'sales', reason: 'NOT_AN_OBJECT', n: 2 },
    ]);
    const [malformed] = await local.runSql(
      "SELECT raw, page, report_id FROM recon_quarantine WHERE reason = 'NOT_AN_OBJECT' ORDER BY raw",
    );
    expect(malformed).toEqual({ raw: '"garbage-0"', page: 1, report_id: '9007199254740993' });
    const [normalized] = await local.runSql('SELECT COUNT(*) AS n FROM recon_records');
    const [quarantined] = await local.runSql('SELECT COUNT(*) AS n FROM recon_quarantine');
    const received = pages.reduce((n, p) => n + p.page.records.length + p.page.malformed.length, 0);
    expect(Number(normalized?.n) + Number(quarantined?.n)).toBe(received);
  });

  it('stores typed columns: INT64 centavos, INT32 installments, the extra columns as JSON text', async () => {
    const local = lake ?? (await reopenLake());
    const file = join(
      workDir,
      'records-by-month/kind=sales/movement_month=2025-03/9007199254740993-p00001.parquet',
    );
    const [types] = await local.runSql(
      `SELECT typeof(gross_cents) AS cents, typeof(installment) AS installment, typeof(extra) AS extra, typeof(report_id) AS report FROM read_parquet('${file}') LIMIT 1`,
    );
    expect(types).toEqual({ cents: 'BIGINT', installment: 'INTEGER', extra: 'VARCHAR', report: 'VARCHAR' });
    const [row] = await local.runSql(
      "SELECT extra, sale_date, movement_date, generated_on, page FROM recon_records WHERE nsu = '101000' AND kind = 'sales'",
    );
    expect(row).toEqual({
      extra: '{"CANAL":"POS"}',
      sale_date: '2025-03-01',
      movement_date: '2025-03-01',
      generated_on: '2025-04-05',
      page: 1,
    });
  });

  it('re-ingesting the same pages overwrites the same objects: nothing is duplicated', async () => {
    const before = await listKeys();
    const bytesBefore = await getBytes(before.find((k) => k.endsWith('.parquet')) ?? '');
    const again = ingestor();
    for (const p of pages) await again.ingestPage(p.page, p.source);
    const after = await listKeys();
    expect(after).toEqual(before);
    expect(await getBytes(after.find((k) => k.endsWith('.parquet')) ?? '')).toEqual(bytesBefore);
    const local = await reopenLake();
    const [count] = await local.runSql(
      'SELECT COUNT(*) AS n, COUNT(DISTINCT record_hash) AS hashes FROM recon_records',
    );
    expect(count).toEqual({ n: 95, hashes: 95 });
  });

  it('removes a page’s old quarantine file when a re-run quarantines nothing', async () => {
    const fixed = buildPage({ kind: 'financial', reportId: '9007199254741111', page: 1, good: 30 });
    const result = await ingestor().ingestPage(fixed.page, fixed.source);
    expect(result.counts.quarantinedByReason).toEqual({});
    expect(await listKeys()).not.toContain(
      'quarantine/kind=financial/generated=2025-04-05/9007199254741111-p00001.jsonl',
    );
  });

  it('reports drift: unknown columns and expected fields that never appeared', async () => {
    const page = {
      reportId: '5',
      page: 1,
      records: [{ TIPOREGISTRO: 'D1', NSU: '1', VALOR_NOVO: '1,00' }],
      malformed: [],
      pastLastPage: false,
    };
    const result = await ingestor().ingestPage(page, {
      reportKind: 'financial',
      reportId: '5',
      page: 1,
      generatedOn: '2025-04-05',
    });
    expect(result.counts.drift).toEqual({
      unknownColumns: ['VALOR_NOVO'],
      missingFields: [
        'acquirer',
        'authorization',
        'brand',
        'dueDate',
        'feeCents',
        'grossCents',
        'installment',
        'installments',
        'merchant',
        'netCents',
        'paymentDate',
        'saleDate',
      ],
    });
    const total = results.map((r) => r.counts).reduce(mergeIngestCounts, emptyIngestCounts());
    expect(mergeIngestCounts(total, result.counts).drift.unknownColumns).toEqual(['CANAL', 'VALOR_NOVO']);
  });

  it('refuses a page ingested under another page’s source', async () => {
    await expect(ingestor().ingestPage(sales2.page, sales1.source)).rejects.toThrow(/ingested as/);
  });
  it('ingests a batch of pages as one Parquet object per partition, counts and records unchanged', async () => {
    const batchS3 = await startLocalS3();
    try {
      const reported: { page: number; counts: unknown }[] = [];
      const batch = buildPageIngestor({
        s3: batchS3.client,
        bucket: batchS3.bucket,
        config: parseReconConfig({}),
        onPageIngested: (source, counts) => reported.push({ page: source.page, counts }),
      });
      // Pages in any order: the key names the batch's page range.
      const result = await batch.ingestPages([
        { page: sales2.page, source: sales2.source },
        { page: sales1.page, source: sales1.source },
      ]);
      const onePageAtATime = [results[0], results[1]] as PageIngestResult[];
      expect(result.counts).toEqual(onePageAtATime.map((r) => r.counts).reduce(mergeIngestCounts));
      // Each page is still reported on its own, with the counts a page-at-a-time ingestion gives it.
      expect(reported.sort((a, b) => a.page - b.page)).toEqual([
        { page: 1, counts: results[0]?.counts },
        { page: 2, counts: results[1]?.counts },
      ]);
      expect(result.records).toHaveLength(65);
      // 2 raw pages; one Parquet and one quarantine object (page 1's entries) for the whole batch.
      expect(result.objectsWritten).toBe(2 + 1 + 1);
      const listed = await batchS3.client.send(new ListObjectsV2Command({ Bucket: batchS3.bucket }));
      const keys = (listed.Contents ?? []).map((o) => o.Key ?? '').filter((k) => !k.startsWith('raw/'));
      const quarantineKey = 'quarantine/kind=sales/generated=2025-04-05/9007199254740993-p00001-00002.jsonl';
      expect(keys.sort()).toEqual([
        quarantineKey,
        'records-by-month/kind=sales/movement_month=2025-03/9007199254740993-p00001-00002.parquet',
      ]);
      const got = await batchS3.client.send(
        new GetObjectCommand({ Bucket: batchS3.bucket, Key: quarantineKey }),
      );
      const lines = ((await got.Body?.transformToString()) ?? '').trim().split('\n');
      expect(lines.map((l) => JSON.parse(l).page)).toEqual(
        Array(sum(results[0]?.counts.quarantinedByReason ?? {})).fill(1),
      );
    } finally {
      await batchS3.close();
    }
  });

  it('refuses a batch that mixes reports', async () => {
    await expect(
      ingestor().ingestPages([
        { page: sales1.page, source: sales1.source },
        { page: financial1.page, source: financial1.source },
      ]),
    ).rejects.toThrow(/one report/);
  });
});
