/**
 * The totals item on dynalite under concurrent executions: another
 * execution's batch that is still running is not damage and no recount replaces the totals under
 * it; a batch that began during a recount's Scan makes the replace fail; a dead batch is counted by
 * the recount and its late delta adds nothing; a settling put whose answer was lost is counted once.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { LEASE_MS } from '../../../lambdas/core/book/attempts';
import { buildTotalsStore } from '../../../lambdas/core/book/book-store';
import { startTotalsBatch } from '../../../lambdas/core/book/recorder';
import { countCells, recountTotals, trustedTotals } from '../../../lambdas/core/book/recount';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { buildReceivableWriter, type Decide } from '../../../lambdas/core/receivable-store/writer';
import { applyRecords, matchKeyOf } from '../../../lambdas/core/receivables/matcher';
import { firstOf, losingAnswers } from '../../support/lost-answer';
import { freshTable, localStoresPerFile, storeFor } from '../../support/recon-dynamo';
import { forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig();
const ASOF = '2025-03-30';

describe('book totals under concurrent executions (dynalite)', () => {
  const stores = localStoresPerFile();

  /** A table with kept totals (recounted once) and a clock the test moves. */
  async function world() {
    const tableName = await freshTable(stores.dynamo);
    const clock = { now: new Date(`${ASOF}T12:00:00Z`) };
    const now = () => clock.now;
    const deps = { ddb: stores.dynamo.documentClient, tableName, config, now };
    const totals = buildTotalsStore(deps);
    const recount = { ...deps, totals };
    const writer = buildReceivableWriter(deps);
    await storeFor(deps.ddb, tableName, config, { asOf: ASOF }).applyRecords([forecast(saleKey(1), 'a1')]);
    expect((await trustedTotals(recount, ASOF)).recounted, 'a new table is recounted once').toBe(true);

    /** Another execution's batch: begun, one receivable written, its delta not added yet. */
    async function runningBatch(record: CanonicalRecord) {
      const batch = startTotalsBatch({ totals, config, now });
      const key = matchKeyOf(record, config) as string;
      const decide: Decide = (current) => applyRecords(current, [record], config).receivable;
      const outcome = await writer.update(key, await writer.read(key), ASOF, decide, batch);
      expect(outcome.written).toBe(true);
      return batch;
    }
    const expectKeptEqualsRecount = async () =>
      expect((await totals.load())?.cells).toEqual(await countCells(recount, ASOF));
    return { clock, deps, totals, recount, runningBatch, expectKeptEqualsRecount };
  }

  it("trusts the totals while another execution's batch runs, and never recounts under it", async () => {
    const w = await world();
    const batch = await w.runningBatch(settlement(saleKey(1), 'd1'));

    // Aging or the summary of another execution reads meanwhile: the batch is live, not damage.
    const read = await trustedTotals(w.recount, ASOF);
    expect(read.recounted).toBe(false);
    expect(read.cells['un:2025-04-01'], 'before the batch adds its delta').toBe(1);
    expect((await recountTotals(w.recount, ASOF)).stored, 'no replace under a live batch').toBe(false);

    await batch.flush();
    await w.expectKeptEqualsRecount();
    expect((await w.totals.load())?.cells['un:2025-04-01'], 'settled').toBeUndefined();
  });

  it('does not store a recount when a batch began during its Scan', async () => {
    const w = await world();
    const basis = await w.totals.read();
    const cells = await countCells(w.recount, ASOF);
    const batch = await w.runningBatch(forecast(saleKey(2), 'a2'));
    expect(await w.totals.replace(cells, basis)).toBe(false);
    await batch.flush();
    await w.expectKeptEqualsRecount();
  });

  it("counts a dead batch's writes by a recount, keeps the markers, and adds its late delta nothing", async () => {
    const w = await world();
    const batch = await w.runningBatch(settlement(saleKey(1), 'd1'));
    const live = await w.runningBatch(forecast(saleKey(3), 'a3', 5_000, '2025-04-02'));
    await live.flush();
    w.clock.now = new Date(w.clock.now.getTime() + LEASE_MS); // the first batch outlived any Lambda

    const started = (await w.totals.read()).markers.started;
    expect((await trustedTotals(w.recount, ASOF)).recounted).toBe(true);
    const state = await w.totals.read();
    expect(state.verdict.dead, 'the recount counted the dead batch').toEqual([]);
    expect(state.markers.started, 'the replace erased no marker').toEqual(started);
    await batch.flush(); // the dead batch comes back after all: its writes were counted
    await w.expectKeptEqualsRecount();
    expect((await w.totals.load())?.cells['un:2025-04-01'], 'settled').toBeUndefined();
  });

  it('counts once a settling put whose answer was lost and met itself on the retry', async () => {
    const w = await world();
    const isSettlingPut = (command: unknown) =>
      command instanceof PutCommand && command.input.Item?.s !== undefined;
    const losing = losingAnswers(w.deps.ddb, firstOf(isSettlingPut));
    const store = storeFor(losing.ddb, w.deps.tableName, config, { asOf: ASOF });
    await store.applyRecords([settlement(saleKey(1), 'd1')]);
    expect(losing.lost()).toBe(1);
    await w.expectKeptEqualsRecount();
    expect((await w.totals.load())?.cells['un:2025-04-01'], 'settled').toBeUndefined();
  });
});
