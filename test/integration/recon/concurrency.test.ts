/**
 * Several Lambdas (stores with their own clients) settle the same receivables at once. A gate
 * holds the first conditional Puts until every contender has read the item, which forces the
 * lost-update interleaving deterministically; the version check must turn it into retries.
 */
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoClients, type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import { byKey, freshTable, storeFor, withoutHistory } from '../../support/recon-dynamo';
import { forecast, hexHash, reconConfig, saleKey, settlement } from '../../support/recon-records';

type Sender = Pick<DynamoDBDocumentClient, 'send'>;

/** Holds the first `count` PutItem calls (across every wrapped client) until all of them arrived. */
function putGate(count: number) {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return (client: DynamoDBDocumentClient): Sender => ({
    send: (async (command: Parameters<DynamoDBDocumentClient['send']>[0]) => {
      if (command instanceof PutCommand && arrived < count) {
        arrived += 1;
        if (arrived === count) open();
        await opened;
      }
      return client.send(command);
    }) as Sender['send'],
  });
}

const config = reconConfig();
const clock = { asOf: '2025-04-10' };
const KEYS = 12;

describe('concurrent stores on the same receivables', () => {
  let dynamo: LocalDynamo;
  const clients: DynamoDBDocumentClient[] = [];
  beforeAll(async () => {
    dynamo = await startLocalDynamo();
    for (let i = 0; i < 4; i++) clients.push(createDynamoClients(dynamo.endpoint).documentClient);
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await dynamo.close();
  });

  it('turns a forced lost-update race into exactly one conflict per key, and loses nothing', async () => {
    const table = await freshTable(dynamo);
    const gate = putGate(2 * KEYS);
    const [first, second] = [0, 1].map((i) =>
      storeFor(gate(clients[i] as DynamoDBDocumentClient), table, config, clock),
    );
    const keys = Array.from({ length: KEYS }, (_, n) => saleKey(n));
    const results = await Promise.all([
      first?.applyRecords(
        keys.flatMap((key, n) => [forecast(key, `f${n}`), settlement(key, `s${n}a`, 6_000)]),
      ),
      second?.applyRecords(keys.map((key, n) => settlement(key, `s${n}b`, 4_000))),
    ]);

    const conflicts = results.reduce((sum, r) => sum + (r?.conflicts ?? 0), 0);
    const writes = results.reduce((sum, r) => sum + (r?.writes ?? 0), 0);
    expect(conflicts).toBe(KEYS);
    expect(writes).toBe(3 * KEYS);
    const stored = await first?.scanAll();
    expect(stored).toHaveLength(KEYS);
    for (const receivable of stored ?? []) {
      expect(receivable).toMatchObject({ status: 'SETTLED', reason: 'PARTIAL_PAYMENTS', version: 2 });
      expect(receivable.settlements.map((s) => s.netCents).sort()).toEqual([4_000, 6_000]);
    }
  });

  it('four stores with overlapping pages end exactly where one store alone ends', async () => {
    const records = Array.from({ length: KEYS }, (_, n) => [
      forecast(saleKey(n), hexHash(`f${n}`), 9_000),
      ...[1, 2, 3].map((p) => settlement(saleKey(n), hexHash(`s${n}-${p}`), 3_000 + p - 2)),
    ]).flat();
    // Every record goes to two or three of the four stores, each store in its own order.
    const shares = [0, 1, 2, 3].map((s) =>
      records
        .filter((_, i) => (i + s) % 4 !== 0)
        .sort((a, b) => (a.recordHash < b.recordHash ? s - 2 : 2 - s)),
    );
    const concurrentTable = await freshTable(dynamo);
    // Each share touches every key: all 4 × KEYS first writes race on absent items.
    const gate = putGate(4 * KEYS);
    const stores = clients.map((client) => storeFor(gate(client), concurrentTable, config, clock));
    const results = await Promise.all(stores.map((store, s) => store.applyRecords(shares[s] ?? [])));
    expect(results.reduce((sum, r) => sum + r.conflicts, 0)).toBeGreaterThanOrEqual(3 * KEYS);

    const aloneTable = await freshTable(dynamo);
    const alone = storeFor(dynamo.documentClient, aloneTable, config, clock);
    await alone.applyRecords(records);
    const expected = byKey(await alone.scanAll()).map(withoutHistory);
    const actual = byKey((await stores[0]?.scanAll()) ?? []).map(withoutHistory);
    expect(actual).toEqual(expected);
    for (const receivable of actual) {
      expect(receivable.settlements.reduce((sum, s) => sum + s.netCents, 0)).toBe(9_000);
    }
  });
});
