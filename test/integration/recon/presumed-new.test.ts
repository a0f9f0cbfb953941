/**
 * A batch whose forecast keys a sample shows to be new writes them without reading them first
 * (presumed-new.ts). On dynalite, through the real store: it reads fewer keys and ends exactly where
 * reading every key ends; a presumption that meets a stored item (or races another writer) reads it
 * and decides again without counting anything twice; a re-run finds its forecasts in the sample and
 * reads every key; a key that may be archived is read before "absent" can mean archived.
 */
import { BatchGetCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { buildTotalsStore } from '../../../lambdas/core/book/book-store';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { PRESUMPTION_SAMPLE } from '../../../lambdas/core/receivable-store/presumed-new';
import {
  byKey,
  freshTable,
  freshTouchedLog,
  localStoresPerFile,
  storeFor,
  withoutHistory,
} from '../../support/recon-dynamo';
import {
  canonical,
  forecast,
  hexHash,
  portfolio,
  reconConfig,
  saleKey,
  settlement,
} from '../../support/recon-records';

type Sender = Pick<DynamoDBDocumentClient, 'send'>;
const config = reconConfig();

/** A client that counts the keys each BatchGet asks for and the puts DynamoDB refused. */
function counting(client: DynamoDBDocumentClient) {
  const counts = { keysRead: 0, refusedPuts: 0 };
  const send = (async (command: Parameters<DynamoDBDocumentClient['send']>[0]) => {
    if (command instanceof BatchGetCommand) {
      counts.keysRead += Object.values(command.input.RequestItems ?? {}).reduce(
        (sum, request) => sum + (request.Keys?.length ?? 0),
        0,
      );
    }
    try {
      return await client.send(command);
    } catch (error) {
      if (command instanceof PutCommand && (error as Error).name === 'ConditionalCheckFailedException') {
        counts.refusedPuts += 1;
      }
      throw error;
    }
  }) as Sender['send'];
  return { client: { send }, counts };
}

describe('forecast keys presumed new (dynalite)', () => {
  const stores = localStoresPerFile();
  const clock = { asOf: '2025-04-12' };

  async function ingest(pageList: readonly (readonly CanonicalRecord[])[], before: CanonicalRecord[] = []) {
    const tableName = await freshTable(stores.dynamo);
    const ddb = stores.dynamo.documentClient;
    if (before.length > 0) await storeFor(ddb, tableName, config, clock).applyRecords(before);
    const { client, counts } = counting(ddb);
    const store = storeFor(client, tableName, config, clock);
    const totals = { changed: 0, writes: 0, conflicts: 0 };
    for (const page of pageList) {
      const applied = await store.applyRecords(page);
      totals.changed += applied.changed;
      totals.writes += applied.writes;
      totals.conflicts += applied.conflicts;
    }
    const book = (await buildTotalsStore({ ddb, tableName }).read()).cells;
    return { store, counts, totals, book };
  }
  const contents = async (run: Awaited<ReturnType<typeof ingest>>) =>
    byKey(await run.store.scanAll()).map(withoutHistory);

  it("reads a sample of a first night's forecast keys and ends where reading every key ends", async () => {
    const records = portfolio(300);
    const keys = new Set(records.map((r) => `${r.nsu}/${r.installment}`)).size;
    const presumed = await ingest([records]);
    // Pages too small to sample (at most 32 forecast keys each) read every key: the reference.
    const everyKeyRead = await ingest(
      Array.from({ length: 20 }, (_, i) => records.slice(i * 15 * 2, (i + 1) * 15 * 2)),
    );
    expect(everyKeyRead.counts.keysRead).toBeGreaterThanOrEqual(keys);
    expect(presumed.counts.keysRead).toBeLessThan(keys / 2);
    expect(presumed.counts.refusedPuts).toBe(0);
    expect(presumed.totals.conflicts).toBe(0);
    expect(await contents(presumed)).toEqual(await contents(everyKeyRead));
    expect(Object.keys(presumed.book).length).toBeGreaterThan(0);
    expect(presumed.book).toEqual(everyKeyRead.book);
  });

  it('reads a presumed key that was stored after all, decides again and counts nothing twice', async () => {
    const fresh = Array.from({ length: 200 }, (_, n) => forecast(saleKey(1000 + n), hexHash(`new${n}`)));
    // Stored before the batch: a payment that arrived before its sale, and a forecast delivered again.
    const paidFirst = saleKey(1);
    const sentTwice = saleKey(2);
    const before = [settlement(paidFirst, hexHash('paid'), 10_000), forecast(sentTwice, hexHash('twice'))];
    // Among the first forecast keys, where the spread sample (every 200/32-th key) does not look.
    const batch = [
      fresh[0],
      forecast(paidFirst, hexHash('sale1')),
      forecast(sentTwice, hexHash('twice')),
      ...fresh.slice(1),
    ];
    const presumed = await ingest([batch as CanonicalRecord[]], before);
    expect(presumed.counts.refusedPuts, 'the presumption met the two stored items').toBe(2);
    expect(presumed.counts.keysRead).toBeLessThanOrEqual(PRESUMPTION_SAMPLE + 2);
    expect(presumed.totals.conflicts, 'a stored item is not a race').toBe(0);

    const reference = await ingest(
      Array.from({ length: 14 }, (_, i) => batch.slice(i * 15, (i + 1) * 15) as CanonicalRecord[]),
      before,
    );
    expect(await contents(presumed)).toEqual(await contents(reference));
    expect(presumed.book).toEqual(reference.book);
    expect(await presumed.store.get(paidFirst)).toMatchObject({ status: 'SETTLED' });
    expect((await presumed.store.get(sentTwice))?.forecasts).toHaveLength(1);
  });

  it('reads every key of a re-run, whose forecasts the sample finds', async () => {
    const records = portfolio(200);
    const run = await ingest([records]);
    const firstReads = run.counts.keysRead;
    const again = await run.store.applyRecords(records);
    expect(again).toMatchObject({ changed: 0, writes: 0, conflicts: 0 });
    const keys = new Set(records.map((r) => `${r.nsu}/${r.installment}`)).size;
    expect(run.counts.keysRead - firstReads).toBe(keys);
    expect(run.counts.refusedPuts).toBe(0);
  });

  it('reads a presumed key that may be archived before taking its absence for archived', async () => {
    const horizon = reconConfig({ hotHorizonDays: 30 });
    const tableName = await freshTable(stores.dynamo);
    const ddb = stores.dynamo.documentClient;
    const touched = await freshTouchedLog(stores.s3);
    const early = { asOf: '2025-03-02' };
    // An unpaid forecast of an old sale stays in the table (it must still become late).
    const unpaid = saleKey(7);
    await storeFor(ddb, tableName, horizon, early, touched).applyRecords([forecast(unpaid, hexHash('old'))]);
    const later = { asOf: '2025-06-01' };
    const recent = (n: number) => ({ ...saleKey(2000 + n), saleDate: '2025-05-30' });
    const batch = [
      forecast(recent(0), hexHash('r0')),
      canonical({ type: 'A1', key: unpaid, hash: hexHash('restated'), netCents: 9_000 }),
      ...Array.from({ length: 100 }, (_, n) => forecast(recent(n + 1), hexHash(`r${n + 1}`))),
    ];
    const applied = await storeFor(ddb, tableName, horizon, later, touched).applyRecords(batch);
    expect(applied.archived).toEqual([]);
    expect(applied.changed).toBe(batch.length);
    const stored = await storeFor(ddb, tableName, horizon, later).get(unpaid);
    expect(stored?.forecasts).toHaveLength(2);
  });
});
