/**
 * The totals item on dynalite: a delta counts once even when its request is sent twice, expired
 * buckets are dropped in chunks (harmless twice), and a batch that registered and never applied
 * (killed between its receivable writes and its delta) makes the totals untrusted, so the next
 * reader recounts from the table instead of reporting a guess.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MARKERS, newAttemptId } from '../../../lambdas/core/book/attempts';
import {
  buildTotalsStore,
  LEGACY_TOTALS_KEY,
  TOTALS_SHARDS,
  totalsShardKey,
} from '../../../lambdas/core/book/book-store';
import { expiringCell } from '../../../lambdas/core/book/cells';
import { trustedTotals } from '../../../lambdas/core/book/recount';
import { storedCellName } from '../../../lambdas/core/book/stored-cell-names';
import { buildTotalsItem } from '../../../lambdas/core/book/totals-item';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import { freshTable, storeFor } from '../../support/recon-dynamo';
import { forecast, reconConfig, saleKey } from '../../support/recon-records';

const config = reconConfig();

describe('book totals item on dynalite', () => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startLocalDynamo();
  });
  afterAll(async () => {
    await dynamo.close();
  });

  it('adds a retried chunk once, and trusts the totals only when every started batch applied', async () => {
    const tableName = await freshTable(dynamo);
    const deps = { ddb: dynamo.documentClient, tableName, config };
    const totals = buildTotalsStore(deps);
    expect(await totals.load(), 'never recounted').toBeUndefined();
    await totals.replace({}, await totals.read());

    await totals.begin('attempt-1');
    expect(await totals.load(), 'started, not applied').toBeUndefined();
    await totals.apply('attempt-1', { 'n:SETTLED': 2 });
    await totals.apply('attempt-1', { 'n:SETTLED': 2 }); // the same request again (an SDK retry)
    const kept = await totals.load();
    expect(kept?.cells).toEqual({ 'n:SETTLED': 2 });
    expect(kept?.markers.started).toEqual(['attempt-1']);

    await totals.forget(kept?.markers ?? NO_MARKERS);
    expect((await totals.load())?.markers).toEqual(NO_MARKERS);
  });

  it('drops expired buckets in chunks, with the checked markers, and keeps every other cell', async () => {
    const tableName = await freshTable(dynamo);
    // dynalite does not enforce DynamoDB's 4 KB expression limit: the test measures every expression.
    const expressions: string[] = [];
    const ddb = {
      send: ((command: UpdateCommand) => {
        if (command instanceof UpdateCommand) expressions.push(command.input.UpdateExpression ?? '');
        return dynamo.documentClient.send(command);
      }) as typeof dynamo.documentClient.send,
    };
    // One item of the totals, as each shard is kept.
    const totals = buildTotalsItem({ ddb, tableName, key: totalsShardKey(0) });
    // More cells than one update holds (250): the delta and the removal each take three updates.
    const expired = Array.from({ length: 600 }, (_, i) => expiringCell('2025-05-04', `wf:w${i}`));
    await totals.replace({ 'un:2025-04-01': 1, 'x2025-06-01/n:SETTLED': 2 }, await totals.read());
    await totals.begin('attempt-1');
    await totals.apply('attempt-1', Object.fromEntries(expired.map((name) => [name, 5])));
    const kept = await totals.load();
    expect(Object.keys(kept?.cells ?? {})).toHaveLength(602);
    expect(expressions).toHaveLength(1 + 3); // begin, then three chunks
    expect(Math.max(...expressions.map((e) => Buffer.byteLength(e)))).toBeLessThan(4_096);

    await totals.forget(kept?.markers ?? NO_MARKERS, expired);
    await totals.forget(NO_MARKERS, expired); // sent again: nothing left to drop
    expect(expressions).toHaveLength(4 + 3 + 3);
    expect(Math.max(...expressions.map((e) => Buffer.byteLength(e)))).toBeLessThan(4_096);
    expect(await totals.load()).toEqual({
      cells: { 'un:2025-04-01': 1, 'x2025-06-01/n:SETTLED': 2 },
      markers: NO_MARKERS,
    });
  });

  it('recounts from the receivables when a batch was killed between its writes and its delta', async () => {
    const tableName = await freshTable(dynamo);
    const deps = { ddb: dynamo.documentClient, tableName, config };
    const store = storeFor(dynamo.documentClient, tableName, config, { asOf: '2025-03-30' });
    await store.applyRecords([forecast(saleKey(1), 'a1', 10_000, '2025-04-01')]);
    const first = await trustedTotals({ ...deps, totals: buildTotalsStore(deps) }, '2025-03-30');
    expect(first.recounted).toBe(true); // a table never recounted
    expect(first.cells['un:2025-04-01']).toBe(1);

    await store.applyRecords([forecast(saleKey(2), 'a2', 5_000, '2025-04-01')]);
    expect((await trustedTotals({ ...deps, totals: buildTotalsStore(deps) }, '2025-03-30')).recounted).toBe(
      false,
    );
    // A killed batch: registered, wrote a receivable, never applied; its write is in the table only.
    await dynamo.documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: totalsShardKey(0),
        UpdateExpression: 'ADD started :a',
        ExpressionAttributeValues: { ':a': new Set(['killed']) },
      }),
    );
    await storeFor(dynamo.documentClient, tableName, config, { asOf: '2025-03-30' }).applyRecords([
      forecast(saleKey(3), 'a3', 1_000, '2025-04-01'),
    ]);
    const after = await trustedTotals({ ...deps, totals: buildTotalsStore(deps) }, '2025-03-30');
    expect(after.recounted).toBe(true);
    expect([after.cells['un:2025-04-01'], after.cells['uf:2025-04-01']]).toEqual([3, 16_000]);
  });

  it('recount a table that has only the single item of earlier versions once, and drop that item', async () => {
    const tableName = await freshTable(dynamo);
    const deps = { ddb: dynamo.documentClient, tableName, config };
    const store = storeFor(dynamo.documentClient, tableName, config, { asOf: '2025-03-30' });
    await store.applyRecords([forecast(saleKey(1), 'a1', 10_000, '2025-04-01')]);
    // As an earlier version left it: trusted, and wrong now (the forecast above is not in it).
    await dynamo.documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...LEGACY_TOTALS_KEY, ready: true, 'un:2025-04-01': 7 },
      }),
    );
    const first = await trustedTotals({ ...deps, totals: buildTotalsStore(deps) }, '2025-03-30');
    expect(first.recounted).toBe(true);
    expect(first.cells['un:2025-04-01']).toBe(1);
    const { Item } = await dynamo.documentClient.send(
      new GetCommand({ TableName: tableName, Key: LEGACY_TOTALS_KEY }),
    );
    expect(Item, 'the old item is gone').toBeUndefined();
    expect((await trustedTotals({ ...deps, totals: buildTotalsStore(deps) }, '2025-03-30')).recounted).toBe(
      false,
    );
  });

  it('spread the cells over every shard, with their dates stored short, and read them back whole', async () => {
    const tableName = await freshTable(dynamo);
    const totals = buildTotalsStore({ ddb: dynamo.documentClient, tableName });
    await totals.replace({}, await totals.read());
    const delta = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [
        expiringCell('2025-05-31', `un:2025-0${1 + (i % 9)}-1${i % 10}#${i}`),
        i + 1,
      ]),
    );
    await totals.begin('a');
    await totals.apply('a', delta);
    expect((await totals.load())?.cells).toEqual(delta);
    const stored: string[] = [];
    for (let shard = 0; shard < TOTALS_SHARDS; shard++) {
      const { Item } = await dynamo.documentClient.send(
        new GetCommand({ TableName: tableName, Key: totalsShardKey(shard) }),
      );
      const names = Object.keys(Item ?? {}).filter((name) => name.includes(':'));
      expect(names.length, `shard ${shard} holds some of the cells`).toBeGreaterThan(0);
      stored.push(...names);
    }
    expect(stored.sort()).toEqual(Object.keys(delta).map(storedCellName).sort());
    expect(
      stored.some((name) => /\d{4}-\d{2}-\d{2}/.test(name)),
      'dates stored short',
    ).toBe(false);
  });

  it('keep a batch unfinished until every shard has its delta, and forget nothing of it before', async () => {
    const tableName = await freshTable(dynamo);
    const totals = buildTotalsStore({ ddb: dynamo.documentClient, tableName });
    await totals.replace({}, await totals.read());
    const running = newAttemptId(new Date());
    await totals.begin(running);
    // One shard applied (a batch part-way through its apply), the others not yet.
    await buildTotalsItem({ ddb: dynamo.documentClient, tableName, key: totalsShardKey(3) }).apply(
      running,
      {},
    );
    const state = await totals.read();
    expect(state.verdict.live).toEqual([running]);
    expect(state.verdict.finished).toEqual(NO_MARKERS);
    await totals.forget(state.verdict.finished);
    expect((await totals.read()).markers.started).toEqual([running]);
    await totals.apply(running, {});
    const done = await totals.read();
    expect(done.verdict.live).toEqual([]);
    expect(done.verdict.finished.started).toEqual([running]);
    await totals.forget(done.verdict.finished);
    expect((await totals.read()).markers).toEqual(NO_MARKERS);
  });
});
