/**
 * The fee named queries on DuckDB: `fee_overcharges` over change-log files carrying the fee-audit
 * columns; `fee_audit` over records joined with the contracted-rate CSV, by hand and against the
 * simulator's answer key.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEpochDay } from '../../../lambdas/core/calendar';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';
import { changesKey, encodeChanges } from '../../../lambdas/core/receivable-store/snapshot-export';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { type LocalLake, openLocalLake } from '../../../local/lake/duckdb';
import { buildEncoder } from '../../../local/simulator/rendering/encoding';
import { renderingFor } from '../../../local/simulator/rendering/variance';
import { computeFeeAuditTruth } from '../../../local/simulator/truth/fee-audit-truth';
import { dayRange, feePricingOf, generateUniverse } from '../../../local/simulator/universe/dataset';
import { contractRatesCsv } from '../../../local/simulator/universe/fee-audit';
import { auditedByPair, lakeWith, plainConfig, queried } from '../../support/fee-lake';
import { canonical, type RecordSpec, saleKey } from '../../support/recon-records';

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

const RATES_HEADER =
  'acquirer,brand,product,installmentsFrom,installmentsTo,mdrPercent,advanceMonthlyPercent,effectiveFrom';

describe('fee_audit: forecasts joined with the contracted rates', () => {
  it('takes the row in force on the sale date, normalized as the loader reads it, the fee half up to the centavo', async () => {
    const csv = [
      RATES_HEADER,
      // Written as a person would: zeros, spaces and case in the identifiers, a comma percent, a Brazilian date.
      '001, visa,CREDIT,1,1,"2,00",1.79,01/01/2025',
      '1,VISA,ANY,1,12,3.00,1.79,2025-01-01',
      '1,VISA,INSTALLMENT_CREDIT,2,6,2.50,1.79,2025-01-01',
      // The renegotiation: credit in one payment from 2025-03-10.
      '1,VISA,CREDIT,1,1,1.5,1.79,2025-03-10',
    ].join('\n');
    const sale = (n: number, saleDate: string, terms: Partial<RecordSpec>) =>
      canonical({ type: 'A1', key: { ...saleKey(n), acquirer: '1', saleDate }, hash: `h${n}`, ...terms });
    const records = [
      // Own product before ANY at one date: 2% of 100.00 = 2.00, as charged.
      sale(1, '2025-03-01', { product: 'CREDIT', installments: 1, grossCents: 10_000, feeCents: 200 }),
      // After the renegotiation: 1.5% of 100.50 = 1.5075 → 1.51 (half up); charged 1.60.
      sale(2, '2025-03-10', { product: 'CREDIT', installments: 1, grossCents: 10_050, feeCents: 160 }),
      // 3 installments: 2.5% of 1.50 = 0.0375 → 0.04.
      sale(3, '2025-03-05', { product: 'INSTALLMENT_CREDIT', installments: 3, grossCents: 150, feeCents: 4 }),
      // 8 installments: no installment row holds it, ANY does: 3% of 10.00; charged 0.05 more.
      sale(4, '2025-03-05', {
        product: 'INSTALLMENT_CREDIT',
        installments: 8,
        grossCents: 1_000,
        feeCents: 35,
      }),
      // No product: only ANY; 3% of 0.50 = 0.015 → 0.02 (a DOUBLE could round it down); charged below.
      sale(5, '2025-03-05', { product: null, installments: null, grossCents: 50, feeCents: 1 }),
      // A brand without a row: no rate, never compared.
      sale(6, '2025-03-05', {
        brand: 'MASTER',
        product: 'CREDIT',
        installments: 1,
        grossCents: 900,
        feeCents: 9,
      }),
    ];
    const world = await lakeWith(records, csv);
    try {
      const rows = await world.lake.runNamedQuery('fee_audit', { from: '2025-03-01', to: '2025-03-31' });
      expect(world.lake.mirrored.recon_contract_rates).toBe(1);
      expect(rows).toEqual([
        {
          acquirer: '1',
          brand: 'MASTER',
          records: 1,
          gross_cents: 900,
          fee_cents: 9,
          contract_fee_cents: null,
          fee_difference_cents: null,
          above_contract: 0,
          without_rate: 1,
        },
        {
          acquirer: '1',
          brand: 'VISA',
          records: 5,
          gross_cents: 21_250,
          fee_cents: 400,
          contract_fee_cents: 200 + 151 + 4 + 30 + 2,
          fee_difference_cents: 9 + 5 - 1,
          above_contract: 2,
          without_rate: 0,
        },
      ]);
      expect(queried(rows)).toEqual(auditedByPair(records, csv));
    } finally {
      await world.close();
    }
  });

  it('runs without a rate table: every sale is without a rate', async () => {
    const record = canonical({ type: 'A1', key: saleKey(1), hash: 'h', grossCents: 1_000, feeCents: 30 });
    const world = await lakeWith([record], null);
    try {
      expect(world.lake.mirrored.recon_contract_rates).toBe(0);
      expect(await world.lake.runNamedQuery('fee_audit', { from: '2025-03-01', to: '2025-03-31' })).toEqual([
        expect.objectContaining({ records: 1, contract_fee_cents: null, above_contract: 0, without_rate: 1 }),
      ]);
    } finally {
      await world.close();
    }
  });
});

describe('fee_audit against the simulator’s contract', () => {
  it('gives each acquirer and brand the answer key’s overcharge, REDE renegotiating mid-period', async () => {
    const period = { from: '2025-01-01', to: '2025-02-28' };
    const spec = { seed: 11, sales: 200, ...period, feeAudit: true };
    const universe = generateUniverse(spec);
    const encode = buildEncoder(universe, spec.seed, 'production');
    const rendering = renderingFor(spec.seed, 'sales-1', 'sales');
    const normalizer = buildNormalizer(plainConfig);
    const source = { reportKind: 'sales', reportId: 'sales-1', page: 1, generatedOn: '2025-03-01' } as const;
    const [start, end] = dayRange(universe.sales, toEpochDay(period.from), toEpochDay(period.to));
    const records = Array.from({ length: end - start }, (_, i) => {
      const read = normalizer.normalize(JSON.parse(encode('sales', start + i, rendering, i)), source, i);
      if (!read.ok) throw new Error(`record ${start + i} not read`);
      return read.record;
    }).filter((r) => r.recordType === 'A1');
    const forecasts = universe.sales.records.flatMap((r) => (r.code === 'A1' ? [r.receivable] : []));
    const world = await lakeWith(records, contractRatesCsv(forecasts, feePricingOf(spec)));
    try {
      const rows = await world.lake.runNamedQuery('fee_audit', period);
      // Every centavo charged above the contract (tolerance 0: the query shows them all).
      const truth = computeFeeAuditTruth(universe, period, 0).items.filter((i) => i.kind === 'SALE');
      const expected: Record<string, { difference: number; above: number }> = {};
      for (const { acquirer, brand, overchargedCents } of truth) {
        const pair = expected[`${acquirer}|${brand}`] ?? { difference: 0, above: 0 };
        expected[`${acquirer}|${brand}`] = {
          difference: pair.difference + overchargedCents,
          above: pair.above + 1,
        };
      }
      for (const row of rows) expected[`${row.acquirer}|${row.brand}`] ??= { difference: 0, above: 0 };
      const found = queried(rows);
      expect(
        Object.fromEntries(
          Object.entries(found).map(([k, v]) => [k, { difference: v.difference, above: v.above }]),
        ),
      ).toEqual(expected);
      expect(truth.length).toBeGreaterThan(5);
      expect(Object.values(found).every((v) => v.without === 0)).toBe(true);
      // The contracted fee is what the sales were priced at before any overcharge, REDE's on both sides.
      expect(found).toEqual(auditedByPair(records, contractRatesCsv(forecasts, feePricingOf(spec))));
      const rede = records.filter((r) => r.acquirer === 'REDE').map((r) => r.saleDate as string);
      expect(rede.some((d) => d < '2025-01-30') && rede.some((d) => d >= '2025-01-30')).toBe(true);
    } finally {
      await world.close();
    }
  }, 60_000);
});
