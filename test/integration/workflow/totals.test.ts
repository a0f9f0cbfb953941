/**
 * The kept book totals through the real local pipeline (synthesized state machine, dynalite, s3rver,
 * the simulator with `variance` on): after a period, the same period again and an overlapping
 * period, the totals kept by per-batch deltas equal a full recount from a Scan, and the book the
 * summary shows from them equals the book computed from every receivable. A sentinel cell written
 * after the first run survives the later ones, so they were kept incrementally, not recounted.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { largestFromScan } from '../../../lambdas/core/action-list/store';
import { buildTotalsStore, shardOf, totalsShardKey } from '../../../lambdas/core/book/book-store';
import { buildBookReader } from '../../../lambdas/core/book/reader';
import { countCells } from '../../../lambdas/core/book/recount';
import { parseReconConfig } from '../../../lambdas/core/config';
import { collect, scanPages } from '../../../lambdas/core/receivables/queries';
import { toReceivableView } from '../../../lambdas/core/receivables/view';
import { bookFromReceivables } from '../../../lambdas/core/report/compute';
import type { LocalWorld } from '../../../local/simulated-world';
import { FIRST, OVERLAP, runOk, startVarianceWorld } from './variance-world';

/** Small enough that some receivables (a forecast and two partial payments) are capped. */
const recon = { maxContributions: 2 };
const config = parseReconConfig(recon);
const SENTINEL = 'zz:sentinel';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Kept totals (sentinel aside) equal the recount; the summary's book equals the reference book. */
async function expectKeptEqualsRecount(w: LocalWorld, asOf: string) {
  const deps = { ddb: w.dynamo.documentClient, tableName: w.dynamo.tableName, config };
  const kept = await buildTotalsStore(deps).load();
  expect(kept, 'kept totals are trusted after a run').toBeDefined();
  const { [SENTINEL]: _sentinel, ...cells } = kept?.cells ?? {};
  expect(cells).toEqual(await countCells({ ...deps, totals: buildTotalsStore(deps) }, asOf));
  const receivables = await collect(scanPages(deps));
  const views = receivables.map((r) => ({ ...toReceivableView(r, asOf, config), capped: r.capped }));
  const reference = bookFromReceivables(views, asOf);
  expect(await buildBookReader(deps)(asOf, largestFromScan(deps))).toEqual(reference);
  return { reference, kept: kept?.cells ?? {} };
}

describe('book totals kept per batch (production, variance)', () => {
  it('equal a full recount after a period, the same period again and an overlapping period', async () => {
    world = await startVarianceWorld(recon);
    const w = world;
    const { documentClient: ddb, tableName } = w.dynamo;

    const asOf = await runOk(w, FIRST);
    const first = await expectKeptEqualsRecount(w, asOf);
    expect(first.reference.receivables.total.count).toBeGreaterThan(0);
    await ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: totalsShardKey(shardOf(SENTINEL)),
        UpdateExpression: 'ADD #s :one',
        ExpressionAttributeNames: { '#s': SENTINEL },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );

    await runOk(w, FIRST);
    expect((await expectKeptEqualsRecount(w, asOf)).reference).toEqual(first.reference);

    const asOfAll = await runOk(w, OVERLAP);
    const last = await expectKeptEqualsRecount(w, asOfAll);
    expect(last.kept[SENTINEL], 'no recount after the first run').toBe(1);
    expect(last.reference.capped.count, 'the dataset has capped receivables').toBeGreaterThan(0);

    // The run's own summary went through the same reader: its message names the capped receivables.
    expect(w.published.at(-1)?.message).toContain('Limite de registros atingido');
  });
});
