/**
 * Exactly-once money under provider variance, through the real local pipeline (synthesized state
 * machine, dynalite, s3rver, the simulator with `variance` on: every report renders dates, amounts
 * and identifiers its own way, adds per-report columns, sends single-object one-record pages and
 * serves some pages empty once). A period, the same period again and an overlapping period must end
 * equal to the ground truth: nothing lost, nothing counted twice, and the lake's named queries
 * (DuckDB) give the same totals as the receivables; after each run the lake's change log lists every
 * receivable exactly as DynamoDB does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { openLocalLake } from '../../../local/lake/duckdb';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';
import { dynamoListing, lakeListing } from '../../support/lake-listing';
import { ALL, FIRST, OVERLAP, runOk, startVarianceWorld } from './variance-world';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The lake's `receivables_as_of` equals DynamoDB's listing, field by field, for the run's date. */
async function expectLakeEqualsTable(w: LocalWorld, asOf: string): Promise<void> {
  const table = await dynamoListing(w.dynamo.documentClient, w.dynamo.tableName, asOf, parseReconConfig({}));
  expect(table.length).toBeGreaterThan(0);
  expect(await lakeListing(w.s3.client, w.s3.bucket, asOf)).toEqual(table);
}

describe('exactly-once money under rendering variance (production)', () => {
  it('a period, the same period again and an overlapping period end equal to the ground truth', async () => {
    world = await startVarianceWorld();
    const w = world;

    const asOf = await runOk(w, FIRST);
    const afterFirst = await w.receivables(asOf);
    expect(afterFirst).toEqual(w.expected({ ...FIRST, asOf }));
    await expectLakeEqualsTable(w, asOf);

    await runOk(w, FIRST);
    expect(await w.receivables(asOf)).toEqual(afterFirst);
    await expectLakeEqualsTable(w, asOf);

    const asOfAll = await runOk(w, OVERLAP);
    const all = await w.receivables(asOfAll);
    expect(all).toEqual(w.expected({ ...ALL, asOf: asOfAll }));
    await expectLakeEqualsTable(w, asOfAll);

    const workDir = await mkdtemp(join(tmpdir(), 'recon-exact-'));
    const lake = await openLocalLake({ s3: w.s3.client, bucket: w.s3.bucket, workDir });
    try {
      const rows = await lake.runNamedQuery('daily_totals', { from: '2024-01-01', to: '2026-12-31' });
      const lakeNet = (code: string) =>
        rows.filter((row) => row.code === code).reduce((sum, row) => sum + Number(row.net_cents), 0);
      const forecast = all.reduce((sum, r) => sum + (r.forecastNetCents ?? 0), 0);
      const settled = all.reduce((sum, r) => sum + r.settledNetCents, 0);
      expect(lakeNet('A1')).toBe(forecast);
      expect(lakeNet('D1')).toBe(settled);
    } finally {
      lake.close();
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

describe('poison records through the real pipeline', () => {
  it('quarantines each kind with its own reason and stores and matches everything else', async () => {
    world = await startLocalWorld({
      mode: 'production',
      workflow: { pagesPerBatch: 2 },
      simulator: {
        dataset: { sales: 400, from: '2025-01-01', to: '2025-03-31', recordsPerPage: 200 },
        timing: { waitingMs: 10, processingMs: 20 },
      },
    });
    const period = { from: '2025-01-01', to: '2025-03-31' };
    const result = await world.run(period);
    expect(result.status, JSON.stringify(result.error)).toBe('SUCCEEDED');
    const reasons: Record<string, number> = {};
    for (const job of result.jobs ?? []) {
      expect(job.outcome).toBe('COMPLETED');
      for (const [reason, n] of Object.entries(job.counts.quarantinedByReason))
        reasons[reason] = (reasons[reason] ?? 0) + n;
    }
    for (const reason of [
      'OUT_OF_RANGE',
      'TOO_LONG',
      'PLACEHOLDER_KEY_VALUE',
      'CONFLICTING_VALUES',
      'MISSING_DUE_DATE',
      'MISSING_KEY_FIELD',
      'BAD_DATE',
      'BAD_AMOUNT',
      'UNKNOWN_RECORD_CODE',
      'NOT_AN_OBJECT',
    ]) {
      expect(reasons[reason] ?? 0, reason).toBeGreaterThan(0);
    }
    expect(Object.values(reasons).reduce((a, b) => a + b, 0)).toBe(
      world.simulator.expectedRecordCounts(period).malformed,
    );
    const asOf = (result.output as { run: { asOf: string } }).run.asOf;
    expect(await world.receivables(asOf)).toEqual(world.expected({ ...period, asOf }));
  });
});
