/**
 * Corrections, twins and seams through the real pipeline: a provider that
 * re-sends a payment, one of two twin payments or a forecast with another amount in a later report, registers two equal partial
 * payments on consecutive movement days, or serves one record on both sides of a page seam. Every
 * receivable must equal the answer key (a later report's amount supersedes, twins of different days
 * are two, a seam copy is one), and the doubtful ones carry a review reason instead of a guess.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fromEpochDay } from '../../lambdas/core/calendar';
import type { Receivable } from '../../lambdas/core/receivables/item';
import { collect, scanPages } from '../../lambdas/core/receivables/queries';
import type { LocalWorld } from '../../local/simulated-world';
import { generateUniverse } from '../../local/simulator/universe/dataset';
import { expectLakeAgreesWithBook } from '../support/lake-agreement';
import { asOfOf, expectGroundTruth, jobsOf, PERIOD, startFaultWorld } from './harness';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Every receivable as stored, with its reason. */
function stored(w: LocalWorld): Promise<Receivable[]> {
  return collect(scanPages({ ddb: w.dynamo.documentClient, tableName: w.dynamo.tableName }));
}

const reasonsOf = async (w: LocalWorld) => (await stored(w)).map((r) => r.reason);

/** 160 sales: the smallest dataset whose January holds twin pairs (four) for the seed the worlds use. */
const WITH_TWINS = { sales: 160, from: '2024-12-01', to: '2025-01-31', recordsPerPage: 50 };

describe('fault injection: amounts corrected in a later report', () => {
  it.each([
    ['a payment', { correctedPayments: true }, 'POSSIBLE_CORRECTION', undefined],
    // Two equal payments in one report, one of them restated in the next: the latest report's two.
    ['one of two twin payments', { correctedTwins: true }, 'POSSIBLE_CORRECTION', WITH_TWINS],
    ['a forecast', { correctedForecasts: true }, undefined, undefined],
  ] as const)(
    '%s: the later report’s amount counts, never summed or picked by hash',
    async (_case, knob, flag, dataset) => {
      let now = new Date('2025-04-01T12:00:00Z');
      world = await startFaultWorld({ now: () => now, ...(dataset ? { simulator: { dataset } } : {}) });
      const first = await world.run(PERIOD);
      await expectGroundTruth(world, first);

      // The next day the provider re-sends the period with some amounts corrected.
      world.simulator.setFaults(knob);
      now = new Date('2025-04-02T12:00:00Z');
      const second = await world.run({ ...PERIOD, force: true });

      await expectGroundTruth(world, second);
      await expectLakeAgreesWithBook(world, asOfOf(second));
      const reasons = await reasonsOf(world);
      if (flag) expect(reasons.filter((reason) => reason === flag).length).toBeGreaterThan(0);
      expect(reasons).not.toContain('DUPLICATE_FORECAST');
    },
  );
});

describe('fault injection: equal payments registered on consecutive movement days', () => {
  it('counts both twins though no report holds the two', async () => {
    const dataset = { ...WITH_TWINS, movementDates: true };
    // A twin pair inside the period: the first twin's movement day ends the first window.
    const universe = generateUniverse({ seed: 42, ...dataset });
    const records = universe.financial.records;
    const twin = records.find(
      (r, i) =>
        r.code === 'D1' &&
        fromEpochDay(r.day) >= PERIOD.from &&
        fromEpochDay(r.day + 1) <= PERIOD.to &&
        records.some(
          (o, j) =>
            j !== i &&
            o.code === 'D1' &&
            o.receivable === r.receivable &&
            o.netCents === r.netCents &&
            o.day === r.day + 1,
        ),
    );
    if (!twin) throw new Error('the dataset holds no twin pair inside the period');
    world = await startFaultWorld({ simulator: { dataset } });

    const split = fromEpochDay(twin.day);
    await world.run({ from: PERIOD.from, to: split });
    const last = await world.run({ from: fromEpochDay(twin.day + 1), to: PERIOD.to });

    await expectGroundTruth(world, last);
    await expectLakeAgreesWithBook(world, asOfOf(last));
  });
});

describe('fault injection: a page seam that overlaps by one record', () => {
  // Pages of 10 records: the financial report has several seams, some of them on a D1.
  const seams = (pageSeamOverlap: 'bare' | 'sequenced') =>
    startFaultWorld({
      simulator: {
        dataset: { sales: 120, from: '2024-12-01', to: '2025-01-31', recordsPerPage: 10 },
        faults: { pageSeamOverlap },
      },
    });

  it('without a line sequence: each seam copy counts once and its receivable is flagged', async () => {
    world = await seams('bare');

    const result = await world.run(PERIOD);

    await expectGroundTruth(world, result);
    await expectLakeAgreesWithBook(world, asOfOf(result));
    expect(await reasonsOf(world)).toContain('POSSIBLE_SEAM_DUPLICATE');
    // The job still says what it received: every entry served, the seam copies included.
    const received = jobsOf(result).reduce((sum, job) => sum + job.counts.received, 0);
    expect(received).toBeGreaterThan(world.simulator.expectedRecordCounts(PERIOD).total);
  });

  it('with a report-wide line sequence: a seam copy is the same record, nothing to flag', async () => {
    world = await seams('sequenced');

    const result = await world.run(PERIOD);

    await expectGroundTruth(world, result);
    await expectLakeAgreesWithBook(world, asOfOf(result));
    expect(await reasonsOf(world)).not.toContain('POSSIBLE_SEAM_DUPLICATE');
  });
});
