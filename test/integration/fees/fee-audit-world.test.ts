/**
 * The fee audit end to end: the simulator prices its sales under a contract (REDE renegotiated in
 * the middle of the period), overcharges some sales per acquirer and some advances, and writes the
 * matching table; recon, given the table in its bucket, must flag exactly the overcharged
 * receivables by exactly the overcharge, and the report's totals per acquirer and brand must be the
 * answer key's, to the centavo.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditedReceivableView, toAuditedView } from '../../../lambdas/core/fee-audit/audit';
import type { FeeAuditSection } from '../../../lambdas/core/fee-audit/section-model';
import { feeAuditSection } from '../../../lambdas/core/fee-audit/section-reader';
import { loadContractRates, ratesOf, storeContractRates } from '../../../lambdas/core/fee-audit/source';
import { collect, scanPages } from '../../../lambdas/core/receivables/queries';
import { renderHtmlReport } from '../../../lambdas/core/report/html';
import type { RunSummary } from '../../../lambdas/core/report/types';
import { openLocalLake } from '../../../local/lake/duckdb';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';
import type { FeeAuditTruthItem } from '../../../local/simulator/truth/fee-audit-truth';

const PERIOD = { from: '2025-01-01', to: '2025-02-28' };
/** The renegotiation takes effect on the period's middle day (local/simulator/universe/fee-audit.ts). */
const RENEGOTIATED_ON = '2025-01-30';

type Listed = AuditedReceivableView & { readonly brand: string | null };

function flagged(views: readonly Listed[]): FeeAuditTruthItem[] {
  return views.flatMap((v) => {
    const key = {
      acquirer: v.acquirer as string,
      merchant: v.merchant as string,
      saleDate: v.saleDate as string,
      nsu: v.nsu as string,
      authorization: v.authorization as string,
      installment: v.installment as number,
      brand: v.brand as string,
    };
    return [
      ...(v.feeAudit === 'FEE_ABOVE_CONTRACT'
        ? [{ ...key, kind: 'SALE' as const, overchargedCents: v.feeDifferenceCents as number }]
        : []),
      ...(v.advanceFeeAudit === 'FEE_ABOVE_CONTRACT'
        ? [{ ...key, kind: 'ADVANCE' as const, overchargedCents: v.advanceFeeDifferenceCents as number }]
        : []),
    ];
  });
}

function totalsOf(section: FeeAuditSection | undefined): Record<string, number> {
  if (section?.state !== 'ON') throw new Error(`fee audit ${section?.state}`);
  return Object.fromEntries(
    section.byAcquirerBrand.map((l) => [`${l.acquirer}|${l.brand}`, l.overchargedCents]),
  );
}

describe('fee audit against the simulator’s contract', () => {
  let world: LocalWorld;
  beforeAll(async () => {
    world = await startLocalWorld({
      mode: 'sandbox',
      simulator: { dataset: { sales: 160, ...PERIOD, recordsPerPage: 200, lifecycle: true, feeAudit: true } },
      recon: {
        recordRoles: SIMULATOR_RECORD_ROLES,
        recordSign: SIMULATOR_RECORD_SIGN,
      },
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('flags every overcharged sale and advance, by the overcharge, and totals them per acquirer and brand', async () => {
    const bucket = { s3: world.s3.client, bucket: world.s3.bucket };
    await storeContractRates(bucket, world.simulator.contractRatesCsv());
    const result = await world.run({ ...PERIOD, force: true });
    expect(result.status).toBe('SUCCEEDED');
    const summary = result.summary as RunSummary;
    const asOf = summary.asOf;

    const rates = ratesOf(await loadContractRates({ ...bucket, config: world.reconConfig }));
    const stored = await collect(
      scanPages({ ddb: world.dynamo.documentClient, tableName: world.dynamo.tableName }),
    );
    const views = stored.map((r) => ({
      ...toAuditedView(r, asOf, world.reconConfig, rates),
      brand: r.brand,
    }));
    const truth = world.simulator.feeAuditTruth(PERIOD);
    const key = (i: FeeAuditTruthItem) =>
      JSON.stringify([i.acquirer, i.merchant, i.saleDate, i.nsu, i.authorization, i.installment, i.kind]);
    const byKey = (a: FeeAuditTruthItem, b: FeeAuditTruthItem) => (key(a) < key(b) ? -1 : 1);

    expect(truth.items.filter((i) => i.kind === 'SALE').length).toBeGreaterThan(5);
    expect(truth.items.filter((i) => i.kind === 'ADVANCE').length).toBeGreaterThan(0);
    expect(flagged(views).sort(byKey)).toEqual([...truth.items].sort(byKey));

    // Every other sale is within its contract: none below it, none without a rate. REDE sales on
    // both sides of the renegotiation are OK only if each was checked against its own rate.
    const audited = views.filter((v) => v.feeAudit !== null);
    expect(
      audited.filter((v) => v.feeAudit === 'FEE_BELOW_CONTRACT' || v.feeAudit === 'NO_CONTRACT_RATE'),
    ).toEqual([]);
    const rede = audited.filter((v) => v.acquirer === 'REDE' && v.feeAudit === 'OK');
    expect(rede.some((v) => (v.saleDate as string) < RENEGOTIATED_ON)).toBe(true);
    expect(rede.some((v) => (v.saleDate as string) >= RENEGOTIATED_ON)).toBe(true);

    // The report's section: the run's totals per acquirer and brand are the answer key's.
    expect(totalsOf(summary.feeAudit)).toEqual(truth.byAcquirerBrand);
    expect(totalsOf(feeAuditSection(stored, { state: 'ON', rates: rates ?? [] }, world.reconConfig))).toEqual(
      truth.byAcquirerBrand,
    );
    const perAcquirer: Record<string, number> = {};
    for (const [pair, cents] of Object.entries(totalsOf(summary.feeAudit))) {
      const acquirer = pair.split('|')[0] as string;
      perAcquirer[acquirer] = (perAcquirer[acquirer] ?? 0) + cents;
    }
    expect(perAcquirer).toEqual(truth.byAcquirer);
    expect(truth.byAcquirer.STONE).toBeUndefined();

    // The lake: the night's change export carries the audit, and `fee_overcharges` totals it alike.
    const workDir = await mkdtemp(join(tmpdir(), 'recon-fee-lake-'));
    const lake = await openLocalLake({ ...bucket, workDir });
    try {
      const rows = await lake.runNamedQuery('fee_overcharges', { as_of: asOf, ...PERIOD });
      const lakeTotals = Object.fromEntries(
        rows
          .map((r) => [
            `${r.acquirer}|${r.brand}`,
            Number(r.sale_overcharged_cents) + Number(r.advance_overcharged_cents),
          ])
          .filter(([, cents]) => cents !== 0),
      );
      expect(lakeTotals).toEqual(truth.byAcquirerBrand);
    } finally {
      lake.close();
      await rm(workDir, { recursive: true, force: true });
    }
  });

  it('reports a bad table object and says the audit did not run, the reconciliation itself succeeding', async () => {
    const bucket = { s3: world.s3.client, bucket: world.s3.bucket };
    const table = world.simulator.contractRatesCsv().replace(',INSTALLMENT_CREDIT,2,2,', ',PIX,2,2,');
    await storeContractRates(bucket, table);
    const result = await world.run({ ...PERIOD, force: true });
    expect(result.status).toBe('SUCCEEDED');
    const summary = result.summary as RunSummary;
    expect(summary.outcome).toBe('SUCCEEDED');
    expect(summary.feeAudit).toMatchObject({
      state: 'INVALID',
      errors: [{ row: expect.any(Number), reason: expect.stringContaining('unknown product "PIX"') }],
    });
    expect(renderHtmlReport(summary)).toContain('A auditoria de taxas não rodou');
  });
});
