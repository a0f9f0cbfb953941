/**
 * Issue 23's end-to-end proof: a production period of the simulator's lifecycle dataset (every role:
 * cancellations before and after payment, partial ones, a chargeback and its reversal, advances with
 * their fee, linked and keyless adjustments, fees) through the real path of local/simulated-world.ts
 * (simulator with variance, synthesized state machine, real steps, dynalite, s3rver), with the
 * simulator's record roles configured. Every receivable's state, reason and amounts and the
 * account-level totals equal `lifecycleTruth` to the centavo, as one period run and as a backfill
 * followed by nightly runs; a second run changes nothing (same items, same versions). Without
 * `recordRoles` the same dataset gives the A1/D1 answer key: ground-truth.test.ts (lifecycle: true).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../../../lambdas/core/calendar';
import {
  type AccountItem,
  accountItem,
  fromStoredAccountItem,
} from '../../../lambdas/core/recon/account-item-entity';
import { collect, scanPages } from '../../../lambdas/core/recon/queries';
import { toReceivableView } from '../../../lambdas/core/recon/view';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';

/** A month of sales, read over three months: installments are paid, charged back and advanced in it. */
const PERIOD = { from: '2025-01-01', to: '2025-03-31' } as const;
const AS_OF = addDays(PERIOD.to, 1);
/** The nights after the backfill: the last days of the period, one run each. */
const BACKFILL_TO = '2025-03-27';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

function start() {
  return startLocalWorld({
    mode: 'production',
    workflow: { pagesPerBatch: 2 },
    simulator: {
      // Seed and size chosen so that the period holds every role and state (asserted below).
      seed: 5,
      dataset: { sales: 60, from: '2025-01-01', to: '2025-01-31', recordsPerPage: 100, lifecycle: true },
      timing: { waitingMs: 5, processingMs: 10 },
    },
    recon: {
      recordRoles: SIMULATOR_RECORD_ROLES,
      recordSign: SIMULATOR_RECORD_SIGN,
      graceDays: 3,
      tolerance: { absoluteCents: 5, percent: 0.25 },
    },
  });
}

async function run(w: LocalWorld, input: { from: IsoDate; to: IsoDate; asOf: IsoDate; force?: boolean }) {
  const result = await w.run(input);
  const failures = result.jobs?.filter((job) => job.outcome !== 'COMPLETED').map((job) => job.error);
  expect(result.status, JSON.stringify(failures ?? result.error)).toBe('SUCCEEDED');
  return result;
}

const keyOf = (r: {
  acquirer: string;
  merchant: string;
  saleDate: string;
  nsu: string;
  authorization: string;
  installment: number;
}) => JSON.stringify([r.acquirer, r.merchant, r.saleDate, r.nsu, r.authorization, r.installment]);

/** The table's receivables in the truth's shape, and their versions, by match key. */
async function receivables(w: LocalWorld, asOf: IsoDate) {
  const stored = await collect(scanPages({ ddb: w.dynamo.documentClient, tableName: w.dynamo.tableName }));
  const rows = stored.map((r) => {
    const v = toReceivableView(r, asOf, w.reconConfig);
    const row = {
      acquirer: v.acquirer as string,
      merchant: v.merchant as string,
      saleDate: v.saleDate as string,
      nsu: v.nsu as string,
      authorization: v.authorization as string,
      installment: v.installment as number,
      state: v.status,
      reason: v.reason,
      forecastNetCents: v.forecastNetCents,
      cancelledNetCents: v.cancelledNetCents,
      chargedBackNetCents: v.chargedBackNetCents,
      adjustmentNetCents: v.adjustmentNetCents,
      advanceFeeCents: v.advanceFeeCents,
      expectedNetCents: v.expectedNetCents,
      receivedNetCents: v.receivedNetCents,
      settledNetCents: v.settledNetCents,
      differenceCents: v.differenceCents,
      latestChargebackDate: v.lastChargebackDate,
    };
    return { row, roles: v.roles, version: r.version };
  });
  rows.sort((a, b) => (keyOf(a.row) < keyOf(b.row) ? -1 : 1));
  return rows;
}

function truthOf(w: LocalWorld, asOf: IsoDate) {
  const { graceDays, tolerance } = w.reconConfig;
  const truth = w.simulator.lifecycleTruth({ ...PERIOD, asOf, graceDays, tolerance });
  const rows = truth.receivables
    .map(({ dueDate: _due, ...row }) => row)
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  return { ...truth, rows };
}

async function accountItems(w: LocalWorld): Promise<AccountItem[]> {
  const { Items = [] } = await w.dynamo.documentClient.send(
    new ScanCommand({
      TableName: w.dynamo.tableName,
      FilterExpression: 'begins_with(pk, :acct)',
      ExpressionAttributeValues: { ':acct': accountItem.pkPrefix },
    }),
  );
  return Items.map(fromStoredAccountItem);
}

/** Per acquirer, merchant and date, and per acquirer, in the truth's shape. */
function accountTotalsOf(items: readonly AccountItem[]) {
  type Totals = { feeCents: number; adjustmentCents: number; netCents: number; items: number };
  const add = (map: Map<string, Totals>, id: string, fee: number, adjustment: number, count: number) => {
    const t = map.get(id) ?? { feeCents: 0, adjustmentCents: 0, netCents: 0, items: 0 };
    map.set(id, {
      feeCents: t.feeCents + fee,
      adjustmentCents: t.adjustmentCents + adjustment,
      netCents: t.netCents + adjustment - fee,
      items: t.items + count,
    });
  };
  const byDay = new Map<string, Totals>();
  const byAcquirer = new Map<string, Totals>();
  for (const item of items) {
    for (const e of item.entries) {
      const cents = e.netCents * e.occurrences.copies;
      const [fee, adjustment] = e.role === 'FEE' ? [cents, 0] : [0, cents];
      add(
        byDay,
        JSON.stringify([item.acquirer, item.merchant, item.date]),
        fee,
        adjustment,
        e.occurrences.copies,
      );
      add(byAcquirer, item.acquirer, fee, adjustment, e.occurrences.copies);
    }
  }
  const sorted = <T>(map: Map<string, T>, place: (id: string) => object) =>
    [...map].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, totals]) => ({ ...place(id), ...totals }));
  return {
    accountTotals: sorted(byDay, (id) => {
      const [acquirer, merchant, date] = JSON.parse(id) as string[];
      return { acquirer, merchant, date };
    }),
    acquirerTotals: sorted(byAcquirer, (acquirer) => ({ acquirer })),
  };
}

async function expectTruth(w: LocalWorld, asOf: IsoDate) {
  const actual = await receivables(w, asOf);
  const truth = truthOf(w, asOf);
  expect(actual.map((r) => r.row)).toEqual(truth.rows);
  const items = await accountItems(w);
  expect(accountTotalsOf(items)).toEqual({
    accountTotals: truth.accountTotals,
    acquirerTotals: truth.acquirerTotals,
  });
  return { actual, items, truth };
}

describe('the receivable lifecycle end to end (production, variance, every role)', () => {
  it('a period run equals the lifecycle truth to the centavo; a second run changes nothing', async () => {
    world = await start();
    await run(world, { ...PERIOD, asOf: AS_OF });
    const { actual, items, truth } = await expectTruth(world, AS_OF);

    // The period exercises every role and every lifecycle state, so "equal" is a strong statement.
    const roles = new Set(actual.flatMap((r) => r.roles.split('+')));
    expect(roles).toEqual(
      new Set([
        'FORECAST',
        'PAYMENT',
        'CANCELLATION',
        'CHARGEBACK',
        'CHARGEBACK_REVERSAL',
        'ADVANCE',
        'ADJUSTMENT',
      ]),
    );
    expect(truth.rows.some((r) => r.latestChargebackDate !== null && r.chargedBackNetCents === 0)).toBe(true);
    expect(new Set(truth.rows.map((r) => r.state))).toEqual(
      new Set([
        'SETTLED',
        'OPEN',
        'OVERDUE',
        'UNDERPAID',
        'OVERPAID',
        'UNEXPECTED',
        'CANCELLED',
        'UNLINKED',
        'CHARGED_BACK',
        'ADVANCED',
      ]),
    );
    expect(new Set(items.flatMap((i) => i.entries.map((e) => e.role)))).toEqual(
      new Set(['FEE', 'ADJUSTMENT']),
    );

    // The scheduled second start of the same period: nothing is written, not even a version.
    const skipped = await world.run({ ...PERIOD, asOf: AS_OF });
    expect((skipped.output as { skip?: boolean } | undefined)?.skip ?? true).toBe(true);
    const unchanged = await expectTruth(world, AS_OF);
    expect(unchanged.actual).toEqual(actual);
    expect(unchanged.items).toEqual(items);

    // Forced past the run guard: every report generated, downloaded and applied again. No record
    // counts twice; the items only note the new reports' pages (occurrences.ts), so versions may rise.
    const forced = await run(world, { ...PERIOD, asOf: AS_OF, force: true });
    expect(forced.jobs?.every((job) => job.receivables?.changed === 0)).toBe(true);
    const again = await expectTruth(world, AS_OF);
    expect(again.actual.map((r) => [r.row, r.roles])).toEqual(actual.map((r) => [r.row, r.roles]));
  }, 60_000);

  it('a backfill and then nightly runs reach the same truth', async () => {
    world = await start();
    const w = world;
    await run(w, { from: PERIOD.from, to: BACKFILL_TO, asOf: addDays(BACKFILL_TO, 1) });
    for (let night = addDays(BACKFILL_TO, 1); night <= PERIOD.to; night = addDays(night, 1)) {
      await run(w, { from: night, to: night, asOf: addDays(night, 1) });
    }
    await expectTruth(w, AS_OF);
  }, 60_000);
});
