/**
 * The summary of a run through the real path (simulator with every lifecycle role, the real steps,
 * dynalite, s3rver): its chargebacks, the period's fees per acquirer and the book's advance fees
 * equal the simulator's lifecycle answer key to the centavo; and without `recordRoles` the codes no
 * role classifies are listed with the setting that would classify them.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryKeys } from '../../../lambdas/core/report/summarizer';
import type { RunSummary } from '../../../lambdas/core/report/types';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';

// Chargebacks come 5 to 40 days after late payments: a quarter of sales, half a year of movements.
const PERIOD = { from: '2025-01-01', to: '2025-06-30', asOf: '2025-07-10', force: true };
const SIMULATOR = {
  dataset: { sales: 200, from: '2025-01-01', to: '2025-03-31', recordsPerPage: 200, lifecycle: true },
  timing: { waitingMs: 20, processingMs: 40 },
};

async function runSummary(world: LocalWorld): Promise<RunSummary> {
  const result = await world.run(PERIOD);
  expect(result.status).toBe('SUCCEEDED');
  const runId = (result.output as { run: { runId: string } }).run.runId;
  const stored = await world.s3.client.send(
    new GetObjectCommand({ Bucket: world.s3.bucket, Key: summaryKeys(runId).json }),
  );
  return JSON.parse(await (stored.Body?.transformToString() ?? '')) as RunSummary;
}

describe('the lifecycle in the run summary', () => {
  let world: LocalWorld;
  beforeAll(async () => {
    world = await startLocalWorld({
      mode: 'production',
      simulator: SIMULATOR,
      recon: {
        recordRoles: SIMULATOR_RECORD_ROLES,
        recordSign: SIMULATOR_RECORD_SIGN,
      },
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('shows the chargebacks, fees per acquirer and advance fees of the answer key', async () => {
    const summary = await runSummary(world);
    const { graceDays, tolerance } = world.reconConfig;
    const truth = world.simulator.lifecycleTruth({ ...PERIOD, graceDays, tolerance });
    const chargedBack = truth.receivables.filter((r) => r.state === 'CHARGED_BACK');
    expect(chargedBack.length).toBeGreaterThan(0);

    const category = summary.attention.find((c) => c.state === 'CHARGED_BACK');
    expect(category?.count).toBe(chargedBack.length);
    expect(category?.amountCents).toBe(chargedBack.reduce((n, r) => n + Math.abs(r.differenceCents), 0));
    const largestTruth = [...chargedBack].sort(
      (a, b) => Math.abs(b.differenceCents) - Math.abs(a.differenceCents),
    );
    expect(category?.largest.map((i) => [i.nsu, i.chargedBackNetCents, i.chargebackDate])).toEqual(
      largestTruth
        .slice(0, category?.largest.length)
        .map((r) => [r.nsu, r.chargedBackNetCents, r.latestChargebackDate]),
    );

    const sum = (pick: (r: (typeof truth.receivables)[number]) => number) =>
      truth.receivables.reduce((n, r) => n + pick(r), 0);
    expect(summary.lifecycle).toEqual({
      cancelledNetCents: sum((r) => r.cancelledNetCents),
      chargedBackNetCents: sum((r) => r.chargedBackNetCents),
      advanceFeeCents: sum((r) => r.advanceFeeCents),
    });
    expect(summary.lifecycle?.advanceFeeCents).toBeGreaterThan(0);

    expect(truth.acquirerTotals.length).toBeGreaterThan(0);
    expect(summary.fees?.byAcquirer).toEqual(
      truth.acquirerTotals.map((t) => ({
        acquirer: t.acquirer,
        feeCents: t.feeCents,
        adjustmentNetCents: t.adjustmentCents,
        count: t.items,
      })),
    );
    // With every code given a role, nothing is left unclassified.
    expect(summary.unclassified).toEqual([]);
  });
});

describe('a run without recordRoles', () => {
  let world: LocalWorld;
  beforeAll(async () => {
    world = await startLocalWorld({ mode: 'production', simulator: SIMULATOR });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('lists the codes without a role and the setting that would classify them', async () => {
    const summary = await runSummary(world);
    const codes = Object.keys(summary.records.byCode).filter((code) => code !== 'A1' && code !== 'D1');
    expect(codes.length).toBeGreaterThan(0);
    expect(summary.unclassified?.map((g) => g.code).sort()).toEqual(codes.sort());
    for (const g of summary.unclassified ?? []) {
      expect(g).toMatchObject({ why: 'NO_ROLE', count: summary.records.byCode[g.code] });
      expect(JSON.parse(g.setting)).toEqual({ recordRoles: { [g.code]: '<ROLE>' } });
    }
    const html = await world.s3.client.send(
      new GetObjectCommand({ Bucket: world.s3.bucket, Key: summaryKeys(summary.runId).html }),
    );
    const text = await (html.Body?.transformToString() ?? '');
    expect(text).toContain('Registros sem papel configurado');
    expect(text).not.toContain('sem significado definido');
  });
});
