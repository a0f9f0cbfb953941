/**
 * The lifecycle named queries over a lake ingested from the simulator's lifecycle dataset, checked to
 * the centavo against what the generator meant each record to be (its role intent, never the
 * rendered text) and against the simulator's lifecycle answer key.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromEpochDay, toEpochDay } from '../../../lambdas/core/calendar';
import { parseReconConfig } from '../../../lambdas/core/config';
import { buildPageIngestor, type SourcedPage } from '../../../lambdas/core/ingest/lake/ingest';
import { encodeRecordsParquet } from '../../../lambdas/core/ingest/lake/records-file';
import { RECORDS_TABLE } from '../../../lambdas/core/ingest/lake/tables';
import type { ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { type LocalLake, openLocalLake } from '../../../local/lake/duckdb';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';
import { buildEncoder } from '../../../local/simulator/rendering/encoding';
import { renderingFor } from '../../../local/simulator/rendering/variance';
import { computeLifecycleTruth } from '../../../local/simulator/truth/lifecycle-truth';
import { dayRange, generateUniverse } from '../../../local/simulator/universe/dataset';
import type { DataRecord } from '../../../local/simulator/universe/dataset-records';
import {
  addTo,
  type Figures,
  figuresOf,
  MONEY_QUERIES,
  type Totals,
  withMoney,
} from '../../support/book-money';

const SEED = 7;
// Three months of reports from the last month of sales on: the payments, chargebacks and reversals that follow.
const PERIOD = { from: '2025-03-01', to: '2025-05-31' };
const universe = generateUniverse({
  seed: SEED,
  sales: 300,
  from: '2025-01-01',
  to: '2025-03-31',
  lifecycle: true,
});
const config = parseReconConfig({ recordRoles: SIMULATOR_RECORD_ROLES, recordSign: SIMULATOR_RECORD_SIGN });
const encode = buildEncoder(universe, SEED, 'production');
const PAGE_SIZE = 400;

/** Indexes of the records of a kind the reports of the period hold (as the simulator serves them). */
function periodIndexes(kind: ReportKind): number[] {
  const [start, end] = dayRange(universe[kind], toEpochDay(PERIOD.from), toEpochDay(PERIOD.to));
  return Array.from({ length: end - start }, (_, i) => start + i);
}
const periodRecords = (kind: ReportKind) =>
  periodIndexes(kind).map((i) => universe[kind].records[i] as DataRecord);

/** The records of a kind in the period, in pages of one report, rendered as that report renders them. */
function reportPages(kind: ReportKind, reportId: string): SourcedPage[] {
  const rendering = renderingFor(SEED, reportId, kind);
  const indexes = periodIndexes(kind);
  const pages: SourcedPage[] = [];
  for (let start = 0; start < indexes.length; start += PAGE_SIZE) {
    const page = pages.length + 1;
    const records = indexes
      .slice(start, start + PAGE_SIZE)
      .map((index, line) => JSON.parse(encode(kind, index, rendering, line)));
    pages.push({
      page: { reportId, page, records, malformed: [], pastLastPage: false },
      source: { reportKind: kind, reportId, page, generatedOn: '2025-04-01' },
    });
  }
  return pages;
}

/** The figures each query should give, per `acquirer|yyyy-MM`, from the generator's role intents. */
function expectedFigures() {
  const figures: Record<'chargebacks' | 'fees' | 'advances', Figures> = {
    chargebacks: {},
    fees: {},
    advances: {},
  };
  const add = (into: Figures, record: DataRecord, amounts: Totals) =>
    addTo(into, record.receivable.sale.acquirer, fromEpochDay(record.day), amounts);
  for (const record of periodRecords('financial')) {
    const intent = record.role;
    if (!intent) continue;
    const { role, cents } = intent;
    if (role === 'CHARGEBACK')
      add(figures.chargebacks, record, {
        chargebacks: 1,
        chargeback_cents: cents,
        net_charged_back_cents: cents,
      });
    if (role === 'CHARGEBACK_REVERSAL')
      add(figures.chargebacks, record, {
        reversals: 1,
        reversed_cents: cents,
        net_charged_back_cents: -cents,
      });
    const where = intent.accountLevel ? 'account_level_cents' : 'linked_cents';
    if (role === 'FEE')
      add(figures.fees, record, { fees: 1, fee_cents: cents, [where]: cents, total_debit_cents: cents });
    if (role === 'ADJUSTMENT' && cents < 0)
      add(figures.fees, record, {
        debit_adjustments: 1,
        debit_adjustment_cents: -cents,
        [where]: -cents,
        total_debit_cents: -cents,
      });
    if (role === 'ADVANCE')
      add(figures.advances, record, {
        advances: 1,
        advanced_net_cents: cents,
        advance_fee_cents: record.feeCents,
      });
  }
  return figures;
}

describe('lifecycle named queries on DuckDB, from the simulator’s lifecycle dataset', () => {
  let s3: LocalS3;
  let workDir: string;
  let lake: LocalLake;
  const expected = expectedFigures();

  beforeAll(async () => {
    s3 = await startLocalS3();
    workDir = await mkdtemp(join(tmpdir(), 'recon-lifecycle-lake-'));
    const ingest = buildPageIngestor({ s3: s3.client, bucket: s3.bucket, config });
    // One download batch per report: one Parquet object per partition.
    for (const kind of ['sales', 'financial'] as const)
      await ingest.ingestPages(reportPages(kind, `${kind}-1`));
    // The financial period fetched again (a re-run: a new report id, another rendering), and one
    // page ingested again on its own: the figures must not move.
    await ingest.ingestPages(reportPages('financial', 'financial-2'));
    await ingest.ingestPages(reportPages('financial', 'financial-1').slice(1, 2));
    lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
  }, 60_000);
  afterAll(async () => {
    lake.close();
    await s3.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('chargebacks_by_month: count, amount, reversals and net per acquirer and month', async () => {
    const rows = await lake.runNamedQuery('chargebacks_by_month', PERIOD);
    const all = Object.values(expected.chargebacks);
    expect(all.some((t) => t.chargebacks) && all.some((t) => t.reversals)).toBe(true);
    expect(figuresOf(rows, MONEY_QUERIES.chargebacks_by_month)).toEqual(withMoney(expected.chargebacks));
  });

  it('fees_and_debits_by_month: fees and debit adjustments, account-level and linked', async () => {
    const rows = await lake.runNamedQuery('fees_and_debits_by_month', PERIOD);
    const all = Object.values(expected.fees);
    expect(all.some((t) => (t.linked_cents ?? 0) > 0) && all.some((t) => (t.fees ?? 0) > 0)).toBe(true);
    expect(figuresOf(rows, MONEY_QUERIES.fees_and_debits_by_month)).toEqual(withMoney(expected.fees));
  });

  it('advance_fees_by_month: amount paid early, fee and effective rate', async () => {
    const rows = await lake.runNamedQuery('advance_fees_by_month', PERIOD);
    expect(figuresOf(rows, MONEY_QUERIES.advance_fees_by_month)).toEqual(withMoney(expected.advances));
    for (const row of rows) {
      const fee = Number(row.advance_fee_cents);
      const rate = (fee * 100) / (Number(row.advanced_net_cents) + fee);
      expect(row.effective_fee_percent).toBeCloseTo(rate, 4);
    }
  });

  it('agrees with the simulator’s lifecycle answer key per acquirer', async () => {
    const truth = computeLifecycleTruth(universe, { ...PERIOD, asOf: '2025-04-30', graceDays: 4 });
    const sumBy = (rows: readonly Record<string, unknown>[], column: string) => {
      const sums: Totals = {};
      for (const row of rows)
        sums[row.acquirer as string] = (sums[row.acquirer as string] ?? 0) + Number(row[column]);
      return Object.fromEntries(Object.entries(sums).filter(([, cents]) => cents !== 0));
    };
    const truthBy = (field: 'chargedBackNetCents' | 'advanceFeeCents') => {
      const sums: Totals = {};
      for (const r of truth.receivables)
        if (r[field] !== 0) sums[r.acquirer] = (sums[r.acquirer] ?? 0) + r[field];
      return sums;
    };
    const chargebacks = await lake.runNamedQuery('chargebacks_by_month', PERIOD);
    expect(sumBy(chargebacks, 'net_charged_back_cents')).toEqual(truthBy('chargedBackNetCents'));
    const advances = await lake.runNamedQuery('advance_fees_by_month', PERIOD);
    expect(sumBy(advances, 'advance_fee_cents')).toEqual(truthBy('advanceFeeCents'));
    const fees = await lake.runNamedQuery('fees_and_debits_by_month', PERIOD);
    expect(sumBy(fees, 'fee_cents')).toEqual(
      Object.fromEntries(
        truth.acquirerTotals.filter((t) => t.feeCents > 0).map((t) => [t.acquirer, t.feeCents]),
      ),
    );
  });

  it('keeps every record’s role, direction, receivable and reason in recon_records', async () => {
    // One row per place in the first reports (page 2 of financial-1 is in the lake twice).
    const rows = await lake.runSql(
      `SELECT code, role, COUNT(*) AS records, SUM(CASE WHEN signed_net_cents < 0 THEN 1 ELSE 0 END) AS debits,
              SUM(CASE WHEN receivable_key IS NULL THEN 1 ELSE 0 END) AS unlinked,
              SUM(CASE WHEN reason_text IS NULL THEN 0 ELSE 1 END) AS with_reason
       FROM (SELECT DISTINCT code, role, page, line, signed_net_cents, receivable_key, reason_text
             FROM recon_records WHERE report_id IN ('sales-1', 'financial-1'))
       GROUP BY code, role ORDER BY code, role`,
    );
    const byRole = new Map(rows.map((r) => [`${r.code} ${r.role}`, r]));
    const intents = [...periodRecords('sales'), ...periodRecords('financial')];
    const count = (test: (r: DataRecord) => boolean) => intents.filter(test).length;
    expect(byRole.get('A1 FORECAST')).toMatchObject({ records: count((r) => r.code === 'A1'), unlinked: 0 });
    expect(byRole.get('G1 FEE')).toMatchObject({
      records: count((r) => r.role?.role === 'FEE'),
      debits: count((r) => r.role?.role === 'FEE'),
      unlinked: count((r) => r.role?.role === 'FEE'),
      with_reason: count((r) => r.role?.role === 'FEE' && r.role.reason !== undefined),
    });
    expect(byRole.get('E1 CHARGEBACK')).toMatchObject({
      records: count((r) => r.role?.role === 'CHARGEBACK'),
      debits: count((r) => r.role?.role === 'CHARGEBACK'),
      unlinked: 0,
    });
    expect(byRole.get('A3 IGNORE')).toMatchObject({ debits: 0, unlinked: count((r) => r.code === 'A3') });
  });

  it('without recordRoles, a code other than A1 and D1 has no role and no direction', async () => {
    const plain = parseReconConfig({});
    const normalizer = buildNormalizer(plain);
    const { page, source } = reportPages('financial', 'plain')[0] as SourcedPage;
    const read = page.records.flatMap((raw, line) => {
      const result = normalizer.normalize(raw, source, line);
      return result.ok ? [result.record] : [];
    });
    const file = join(workDir, 'default-roles.parquet');
    await writeFile(file, encodeRecordsParquet(read, plain, new Date()));
    // The file has exactly the Glue table's columns and types, the role columns included.
    const described = await lake.runSql(`DESCRIBE SELECT * FROM read_parquet('${file}')`);
    const duckdbType = { string: 'VARCHAR', int: 'INTEGER', bigint: 'BIGINT' } as const;
    expect(described.map((c) => [c.column_name, c.column_type])).toEqual(
      RECORDS_TABLE.columns.map((c) => [c.name, duckdbType[c.type]]),
    );
    const rows = await lake.runSql(`SELECT role, signed_net_cents FROM read_parquet('${file}')`);
    const codes = new Set(read.map((r) => r.recordType));
    expect([...codes]).toEqual(expect.arrayContaining(['D1', 'E1', 'G1']));
    read.forEach((record, i) => {
      const { role, signed_net_cents } = rows[i] ?? {};
      if (record.recordType === 'D1') expect([role, signed_net_cents]).toEqual(['PAYMENT', record.netCents]);
      else expect([record.recordType, role, signed_net_cents]).toEqual([record.recordType, null, null]);
    });
  });
});
