/**
 * The totals item on dynalite: a delta counts once even when its request is sent twice, expired
 * buckets are dropped in chunks (harmless twice), and a batch that registered and never applied
 * (killed between its receivable writes and its delta) makes the totals untrusted, so the next
 * reader recounts from the table instead of reporting a guess.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MARKERS } from '../../../lambdas/core/book/attempts';
import { buildTotalsStore, TOTALS_KEY } from '../../../lambdas/core/book/book-store';
import { expiringCell } from '../../../lambdas/core/book/cells';
import { trustedTotals } from '../../../lambdas/core/book/recount';
import { storedCellName } from '../../../lambdas/core/book/stored-cell-names';
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
    const totals = buildTotalsStore({ ddb, tableName });
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
        Key: TOTALS_KEY,
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
});

describe('book totals item kept across the shorter cell names', () => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startLocalDynamo();
  });
  afterAll(async () => {
    await dynamo.close();
  });

  it('reads cells stored under their plain names, adds deltas to them and drops both forms', async () => {
    const tableName = await freshTable(dynamo);
    const totals = buildTotalsStore({ ddb: dynamo.documentClient, tableName });
    const expiring = expiringCell('2025-05-31', 'd:2025-03-03|STONE|001');
    // An item as the earlier code wrote it: every cell under its plain name.
    await dynamo.documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...TOTALS_KEY, ready: true, 'un:2025-04-01': 3, 'uf:2025-04-01': 900, [expiring]: 500 },
      }),
    );
    await totals.begin('after-upgrade');
    await totals.apply('after-upgrade', { 'un:2025-04-01': -1, 'uf:2025-04-01': -300, 'un:2025-04-02': 1 });
    const kept = await totals.load();
    expect(kept?.cells).toEqual({
      'un:2025-04-01': 2,
      'uf:2025-04-01': 600,
      'un:2025-04-02': 1,
      [expiring]: 500,
    });

    await totals.forget(kept?.markers ?? NO_MARKERS, [expiring]);
    expect((await totals.load())?.cells).toEqual({
      'un:2025-04-01': 2,
      'uf:2025-04-01': 600,
      'un:2025-04-02': 1,
    });
    const { Item } = await dynamo.documentClient.send(
      new GetCommand({ TableName: tableName, Key: TOTALS_KEY }),
    );
    expect(Object.keys(Item ?? {}).filter((name) => name.includes(':') && !name.startsWith('~'))).toEqual([
      'un:2025-04-01',
      'uf:2025-04-01',
    ]);

    // A recount writes every cell under its stored name only.
    await totals.replace({ 'un:2025-04-01': 2 }, await totals.read());
    const { Item: recounted } = await dynamo.documentClient.send(
      new GetCommand({ TableName: tableName, Key: TOTALS_KEY }),
    );
    expect(Object.keys(recounted ?? {}).filter((name) => name.includes(':'))).toEqual([
      storedCellName('un:2025-04-01'),
    ]);
    expect((await totals.load())?.cells).toEqual({ 'un:2025-04-01': 2 });
  });
});
