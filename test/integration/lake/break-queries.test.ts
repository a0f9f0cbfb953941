/**
 * The breaks in the lake, end to end: decisions taken through the real breaks service on dynalite,
 * each event copied to s3rver by the lake sink as it is written, two nights' snapshots by the
 * summary's writer, then mirrored as `recon query` mirrors them and the named queries run on DuckDB.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BreakEvent } from '../../../lambdas/core/breaks/chain';
import { breakEventSink } from '../../../lambdas/core/breaks/events-lake';
import { type Breaks, buildBreaks } from '../../../lambdas/core/breaks/service';
import { writeBreaksSnapshot } from '../../../lambdas/core/breaks/snapshot-lake';
import { type LocalLake, openLocalLake } from '../../../local/lake/duckdb';
import { freshTable, localStoresPerFile, storeFor } from '../../support/recon-dynamo';
import {
  forecast,
  hexHash,
  reconConfig,
  type SaleKey,
  saleKey,
  settlement,
} from '../../support/recon-records';

const config = reconConfig();
const stores = localStoresPerFile();
const clock = { now: new Date('2025-04-10T15:00:00.000Z') };
const written: BreakEvent[] = [];
let breaks: Breaks;
let lake: LocalLake;
let workDir: string;

/** Sale `n` (acquirer ACQ<n % 3>) forecast R$ 100,00 and paid `paidCents`, first seen on `on`. */
async function paid(n: number, paidCents: number, on: string) {
  const { dynamo } = stores;
  const key: SaleKey = saleKey(n);
  await storeFor(dynamo.documentClient, tableName, config, { asOf: on }).applyRecords([
    forecast(key, hexHash(`f${n}`), 10_000),
    settlement(key, hexHash(`s${n}`), paidCents),
  ]);
}

let tableName: string;

beforeAll(async () => {
  const { dynamo, s3 } = stores;
  tableName = await freshTable(dynamo);
  await paid(2, 9_000, '2025-03-01'); // ACQ2, R$ 10,00 short since March: 40 days old on April 10
  await paid(1, 9_993, '2025-04-08'); // ACQ1, R$ 0,07 short
  await paid(4, 10_500, '2025-04-08'); // ACQ1, R$ 5,00 over
  await paid(7, 9_980, '2025-04-08'); // ACQ1, R$ 0,20 short
  const sink = breakEventSink({ s3: s3.client, bucket: s3.bucket });
  breaks = buildBreaks({
    ddb: dynamo.documentClient,
    tableName,
    config,
    rules: { acceptReasons: ['arredondamento'], disputeDays: 30 },
    now: () => clock.now,
    onEvent: async (event) => {
      written.push(event);
      await sink(event);
    },
  });
  const night = async (asOf: string) =>
    writeBreaksSnapshot({ s3: s3.client, bucket: s3.bucket }, asOf, await breaks.list(asOf));
  await night('2025-04-09');
  const idOf = async (acquirer: string, stakeCents: number) => {
    const found = (await breaks.list('2025-04-10')).find(
      (b) => b.subject.acquirer === acquirer && b.stakeCents === stakeCents,
    );
    if (!found) throw new Error(`no break of ${acquirer} at ${stakeCents}`);
    return found.id;
  };
  const decideAt = async (
    at: string,
    actor: string,
    breakId: string,
    request: Parameters<Breaks['decide']>[0]['request'],
  ) => {
    clock.now = new Date(at);
    await breaks.decide({ breakId, request, actor, asOf: '2025-04-10' });
  };
  // 23:30 in São Paulo on March 31 is already April 1 in UTC: a March decision.
  await decideAt('2025-04-01T02:30:00.000Z', 'ana', await idOf('ACQ1', 7), {
    action: 'accept',
    reason: 'arredondamento',
    note: 'centavos',
  });
  await decideAt('2025-04-02T13:00:00.000Z', 'bia', await idOf('ACQ2', 1_000), {
    action: 'treat',
    note: 'cobrar a adquirente',
    ticket: 'T-1',
  });
  const over = await idOf('ACQ1', 500);
  await decideAt('2025-04-03T13:00:00.000Z', 'ana', over, { action: 'treat', note: 'ver' });
  await decideAt('2025-04-03T14:00:00.000Z', 'ana', over, { action: 'undo' });
  // The listener called again for an event it already wrote (a retry): the same object, no new row.
  await sink(written[0] as BreakEvent);
  await night('2025-04-10');
  await night('2025-04-10'); // a re-run of the night
  workDir = await mkdtemp(join(tmpdir(), 'recon-break-queries-'));
  lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
});

afterAll(async () => {
  lake?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('breaks in the lake, queried on DuckDB', () => {
  it('holds one object per event and one per night, whatever was retried or re-run', () => {
    expect(written).toHaveLength(4);
    expect(lake.mirrored.recon_break_events).toBe(4);
    expect(lake.mirrored.recon_breaks).toBe(2);
  });

  it('holds the audit log as the table keeps it, each event under its São Paulo decision date', async () => {
    const rows = await lake.runSql(
      'SELECT break_id, version, actor, action, hash, decided_on FROM recon_break_events ORDER BY decided_at',
    );
    const history = await Promise.all(
      [...new Set(written.map((e) => e.breakId))].map((id) => breaks.history(id)),
    );
    const events = history.flat().sort((a, b) => a.at.localeCompare(b.at));
    expect(rows.map((r) => [r.break_id, r.version, r.actor, r.action, r.hash])).toEqual(
      events.map((e) => [e.breakId, e.version, e.actor, e.action, e.hash]),
    );
    expect(rows.map((r) => r.decided_on)).toEqual(['2025-03-31', '2025-04-02', '2025-04-03', '2025-04-03']);
  });

  it('open_breaks_by_age: the latest night, per age bucket and acquirer, accepted ones left out', async () => {
    const rows = await lake.runNamedQuery('open_breaks_by_age', {});
    expect(rows).toEqual([
      // R$ 0,20 nobody decided on, and R$ 5,00 whose treatment was undone.
      {
        age_bucket: '0-7',
        acquirer: 'ACQ1',
        breaks: 2,
        stake_cents: 520,
        to_act_on: 2,
        in_treatment: 0,
        disputed: 0,
        as_of: '2025-04-10',
      },
      {
        age_bucket: '31-60',
        acquirer: 'ACQ2',
        breaks: 1,
        stake_cents: 1_000,
        to_act_on: 0,
        in_treatment: 1,
        disputed: 0,
        as_of: '2025-04-10',
      },
    ]);
  });

  it('keeps the night before as it was', async () => {
    const rows = await lake.runSql(
      "SELECT status, COUNT(*) AS breaks FROM recon_breaks WHERE as_of = '2025-04-09' GROUP BY status",
    );
    expect(rows).toEqual([{ status: 'PERSISTING', breaks: 4 }]);
  });

  it('decisions_by_person: per person and São Paulo month, with the money they accepted', async () => {
    const pick = (r: Record<string, unknown>) => [
      r.actor,
      r.decided_month,
      r.decisions,
      r.treated,
      r.disputed,
      r.accepted,
      r.undone,
      r.accepted_cents,
    ];
    const all = await lake.runNamedQuery('decisions_by_person', { from: '2025-03-01', to: '2025-04-30' });
    expect(all.map(pick)).toEqual([
      ['ana', '2025-03', 1, 0, 0, 1, 0, 7],
      ['ana', '2025-04', 2, 1, 0, 0, 1, 0],
      ['bia', '2025-04', 1, 1, 0, 0, 0, 0],
    ]);
    const april = await lake.runNamedQuery('decisions_by_person', { from: '2025-04-01', to: '2025-04-30' });
    expect(april.map(pick)).toEqual(all.slice(1).map(pick));
  });
});
