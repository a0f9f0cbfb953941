/**
 * The end-to-end proof: a production period of the simulator's lifecycle dataset (every role:
 * cancellations before and after payment, partial ones, a chargeback and its reversal, advances with
 * their fee, linked and keyless adjustments, fees) through the real path of local/simulated-world.ts
 * (simulator with variance, synthesized state machine, real steps, dynalite, s3rver), with the
 * simulator's record roles configured. Every receivable's state, reason and amounts and the
 * account-level totals equal `lifecycleTruth` to the centavo, as one period run and as a backfill
 * followed by nightly runs; a second run changes nothing. Without
 * `recordRoles` the same dataset gives the A1/D1 answer key: ground-truth.test.ts (lifecycle: true).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../../../lambdas/core/calendar';
import type { ReconConfigInput } from '../../../lambdas/core/config';
import { expectedLifecycle, storedLifecycle } from '../../../local/lifecycle-compare';
import type { LocalWorld } from '../../../local/simulated-world';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';
import { expectLakeAgreesWithBook } from '../../support/lake-agreement';
import { startLifecycleWorld } from '../../support/lifecycle-world';

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

function start(roles: Pick<ReconConfigInput, 'recordRoles' | 'recordSign'> = {}) {
  return startLifecycleWorld(
    { graceDays: 3, tolerance: { absoluteCents: 5, percent: 0.25 }, ...roles },
    'traps',
  );
}

async function run(w: LocalWorld, input: { from: IsoDate; to: IsoDate; asOf: IsoDate; force?: boolean }) {
  const result = await w.run(input);
  const failures = result.jobs?.filter((job) => job.outcome !== 'COMPLETED').map((job) => job.error);
  expect(result.status, JSON.stringify(failures ?? result.error)).toBe('SUCCEEDED');
  return result;
}

async function expectTruth(w: LocalWorld, asOf: IsoDate) {
  const stored = await storedLifecycle(w, asOf);
  const truth = expectedLifecycle(w, { ...PERIOD, asOf });
  expect(stored.receivables.map((r) => r.row)).toEqual(truth.rows);
  expect(stored.totals).toEqual(truth.totals);
  return { actual: stored.receivables, items: stored.accountItems, truth };
}

describe('the receivable lifecycle end to end (production, variance, every role)', () => {
  it('a period run equals the lifecycle truth to the centavo; a second run changes nothing', async () => {
    world = await start();
    const first = await run(world, { ...PERIOD, asOf: AS_OF });
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
    // The cases that count twice when read naively are in the period, and equal too.
    const reasons = new Set(truth.rows.map((r) => `${r.state}/${r.reason}`));
    expect(reasons).toContain('ADVANCED/ADVANCE_AND_PAYMENT');
    expect(reasons).toContain('CHARGED_BACK/CHARGEBACK_WITHOUT_SALE');
    // A fee without any date is quarantined with its reason, in no total.
    const undated = (first.jobs ?? []).map((job) => job.counts?.quarantinedByReason?.MISSING_DATE ?? 0);
    expect(undated.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
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
    const generated = world.simulator.stats().reportsGenerated;
    const skipped = await world.run({ ...PERIOD, asOf: AS_OF });
    expect(skipped.status).toBe('SUCCEEDED');
    expect(world.simulator.stats().reportsGenerated).toBe(generated);
    const unchanged = await expectTruth(world, AS_OF);
    expect(unchanged.actual).toEqual(actual);
    expect(unchanged.items).toEqual(items);

    // Forced past the run guard: every report generated, downloaded and applied again. No record
    // counts twice; the items only note the new reports' pages (occurrences.ts), so versions may rise.
    const forced = await run(world, { ...PERIOD, asOf: AS_OF, force: true });
    expect(forced.jobs?.every((job) => job.receivables?.changed === 0)).toBe(true);
    const again = await expectTruth(world, AS_OF);
    expect(again.actual.map((r) => [r.row, r.roles])).toEqual(actual.map((r) => [r.row, r.roles]));
    await expectLakeAgreesWithBook(world, AS_OF);
  }, 120_000);

  it('a backfill and then nightly runs reach the same truth', async () => {
    world = await start();
    const w = world;
    await run(w, { from: PERIOD.from, to: BACKFILL_TO, asOf: addDays(BACKFILL_TO, 1) });
    for (let night = addDays(BACKFILL_TO, 1); night <= PERIOD.to; night = addDays(night, 1)) {
      await run(w, { from: night, to: night, asOf: addDays(night, 1) });
    }
    await expectTruth(w, AS_OF);
  }, 60_000);

  it.each([
    // E1 read as one adjustment and no sign column (the setting before the team learned the layout).
    ['E1 as one adjustment, no sign column', { E1: 'ADJUSTMENT' as const }, undefined],
    // E1 kept at the account level: the re-run moves each record onto its receivable.
    ['E1 as account-level fees', { E1: 'FEE' as const }, SIMULATOR_RECORD_SIGN],
  ])(
    'a change of roles from %s, then the re-run the docs invite: the truth, each record once',
    async (_case, e1, recordSign) => {
      world = await start({ recordRoles: { ...SIMULATOR_RECORD_ROLES, ...e1 }, recordSign });
      await run(world, { ...PERIOD, asOf: AS_OF });
      const steps = world.stepsWith({
        recordRoles: SIMULATOR_RECORD_ROLES,
        recordSign: SIMULATOR_RECORD_SIGN,
      });
      const rerun = await world.run({ ...PERIOD, asOf: AS_OF, force: true }, { steps });
      expect(rerun.status).toBe('SUCCEEDED');
      await expectTruth(world, AS_OF);
      await expectLakeAgreesWithBook(world, AS_OF);
    },
    120_000,
  );

  it('a role moved off the receivable (E1 to IGNORE) and a re-run: the book equals a fresh read under the new roles', async () => {
    const moved = {
      recordRoles: { ...SIMULATOR_RECORD_ROLES, E1: 'IGNORE' as const },
      recordSign: SIMULATOR_RECORD_SIGN,
    };
    world = await start();
    await run(world, { ...PERIOD, asOf: AS_OF });
    const chargedBack = (stored: Awaited<ReturnType<typeof storedLifecycle>>) =>
      stored.receivables.reduce((sum, r) => sum + r.row.chargedBackNetCents, 0);
    const before = chargedBack(await storedLifecycle(world, AS_OF));
    const rerun = await world.run({ ...PERIOD, asOf: AS_OF, force: true }, { steps: world.stepsWith(moved) });
    expect(rerun.status).toBe('SUCCEEDED');
    const reread = await storedLifecycle(world, AS_OF);
    await expectLakeAgreesWithBook(world, AS_OF);
    await world.close();

    world = await start(moved);
    await run(world, { ...PERIOD, asOf: AS_OF });
    const fresh = await storedLifecycle(world, AS_OF);
    // Chargebacks were there, and the new roles count none: the re-run gave every one of them up.
    expect(before).toBeGreaterThan(0);
    expect(chargedBack(fresh)).toBe(0);
    expect(reread.receivables.map((r) => r.row)).toEqual(fresh.receivables.map((r) => r.row));
    expect(reread.totals).toEqual(fresh.totals);
  }, 120_000);

  it('a chargeback restated by a later report supersedes the first: never summed, flagged', async () => {
    world = await start();
    await run(world, { ...PERIOD, asOf: AS_OF });
    world.simulator.setFaults({ correctedChargebacks: true });
    await run(world, { ...PERIOD, asOf: AS_OF, force: true });
    const stored = await storedLifecycle(world, AS_OF);
    const truth = expectedLifecycle(world, { ...PERIOD, asOf: AS_OF });
    // The truth knows the restated amounts, not that recon saw the first statement: the flag is recon's.
    const keyOf = (r: (typeof truth.rows)[number]) =>
      [r.acquirer, r.merchant, r.saleDate, r.nsu, r.installment].join('|');
    const flagged = new Set(
      stored.receivables
        .filter((r) => (r.row.reason as string) === 'POSSIBLE_CORRECTION')
        .map((r) => keyOf(r.row)),
    );
    expect(flagged.size).toBeGreaterThan(0);
    const rows = truth.rows.map((r) =>
      flagged.has(keyOf(r)) ? { ...r, reason: 'POSSIBLE_CORRECTION' as typeof r.reason } : r,
    );
    expect(stored.receivables.map((r) => r.row)).toEqual(rows);
    expect(
      truth.rows.filter((r) => flagged.has(keyOf(r))).every((r) => r.latestChargebackDate !== null),
    ).toBe(true);
    // The lake supersedes the restated chargebacks too, never sums them.
    await expectLakeAgreesWithBook(world, AS_OF);
  }, 120_000);
});
