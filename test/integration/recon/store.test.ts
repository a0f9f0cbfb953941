import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORED_ACTION_STATES } from '../../../lambdas/core/receivables/action-states';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { matchKeyOf } from '../../../lambdas/core/receivables/matcher';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import { byKey, freshTable, storeFor, withoutHistory } from '../../support/recon-dynamo';
import { forecast, pages, portfolio, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig();
const clock = { asOf: '2025-04-12' };
const records = portfolio(150);
const matchable = records.filter((r) => r.recordType === 'A1' || r.recordType === 'D1');

describe('receivable store on dynalite', () => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startLocalDynamo();
  });
  afterAll(async () => {
    await dynamo.close();
  });

  async function ingest(pageList: (typeof records)[]) {
    const tableName = await freshTable(dynamo);
    const store = storeFor(dynamo.documentClient, tableName, config, clock);
    const totals = { changed: 0, unchanged: 0, ignored: 0, writes: 0, conflicts: 0 };
    for (const page of pageList) {
      const counts = await store.applyRecords(page);
      for (const name of Object.keys(totals) as (keyof typeof totals)[]) totals[name] += counts[name];
    }
    return { store, totals, tableName };
  }

  it('reaches identical contents whatever the order and paging, at most one write per record', async () => {
    const forward = await ingest(pages(records, 40));
    const backward = await ingest(pages([...records].reverse(), 400));
    const interleaved = await ingest(
      pages([...records.filter((_, i) => i % 2), ...records.filter((_, i) => !(i % 2))], 13),
    );

    for (const run of [forward, backward, interleaved]) {
      expect(run.totals).toMatchObject({ changed: matchable.length, unchanged: 0, conflicts: 0 });
      expect(run.totals.ignored).toBe(records.length - matchable.length);
      expect(run.totals.writes).toBeLessThanOrEqual(matchable.length);
    }
    // One page with all 150 keys (two BatchGets) writes each key once: fewer writes than records.
    expect(backward.totals.writes).toBeLessThan(matchable.length);

    const [a, b, c] = await Promise.all([forward, backward, interleaved].map((run) => run.store.scanAll()));
    expect(a).toHaveLength(150);
    expect(byKey(b ?? []).map(withoutHistory)).toEqual(byKey(a ?? []).map(withoutHistory));
    expect(byKey(c ?? []).map(withoutHistory)).toEqual(byKey(a ?? []).map(withoutHistory));
  });

  it('writes nothing when the same pages are applied again', async () => {
    const { store } = await ingest(pages(records, 60));
    const before = byKey(await store.scanAll());
    for (const page of pages([...records].reverse(), 90)) {
      const again = await store.applyRecords(page);
      expect(again).toMatchObject({ changed: 0, writes: 0, conflicts: 0 });
      expect(again.unchanged + again.ignored).toBe(page.length);
    }
    expect(byKey(await store.scanAll())).toEqual(before);
  });

  it('lists stored states through a filtered Scan, gets by key fields and scans in segments', async () => {
    const { store, tableName } = await ingest(pages(records, 100));
    // Other item types share the table; listings must not mistake them for receivables.
    await dynamo.documentClient.send(
      new PutCommand({ TableName: tableName, Item: { pk: 'RATE#account', sk: 'RATE', tokens: 3 } }),
    );
    const all = await store.scanAll();
    expect(all).toHaveLength(150);
    const segments = await Promise.all(
      [0, 1, 2].map((segment) => store.scanAll({ segment, totalSegments: 3 })),
    );
    expect(byKey(segments.flat())).toEqual(byKey(all));

    const keysOf = (receivables: Receivable[]) => receivables.map((r) => r.key).sort();
    // Every state, OPEN and SETTLED included: the filter is the Scan's, there is no index to hold them.
    expect(all.some((r) => r.status === 'OPEN') && all.some((r) => r.status === 'SETTLED')).toBe(true);
    for (const status of [...STORED_ACTION_STATES, 'OPEN', 'SETTLED'] as const) {
      expect(keysOf(await store.scanAll({ statuses: [status] }))).toEqual(
        keysOf(all.filter((r) => r.status === status)),
      );
    }

    const key = saleKey(2, 3);
    const got = await store.get(key);
    expect(got).toMatchObject({
      key: matchKeyOf(key, config),
      status: 'UNDERPAID',
      reason: 'SHORT_PAYMENT',
      version: 1,
    });
    expect(await store.get(saleKey(100_000))).toBeUndefined();
  });

  it('re-derives the status on every write and bumps the version', async () => {
    const { store } = await ingest([[forecast(saleKey(1), 'f', 10_000, '2025-04-01')]]);
    const key = saleKey(1);
    expect(await store.get(key)).toMatchObject({ status: 'OVERDUE', version: 1, changedOn: '2025-04-12' });
    await store.applyRecords([settlement(key, 's1', 6_000)]);
    expect(await store.get(key)).toMatchObject({ status: 'UNDERPAID', version: 2 });
    await store.applyRecords([settlement(key, 's2', 4_000)]);
    expect(await store.get(key)).toMatchObject({ status: 'SETTLED', reason: 'PARTIAL_PAYMENTS', version: 3 });
    expect(await store.scanAll({ statuses: ['UNDERPAID'] })).toEqual([]);
  });
});
