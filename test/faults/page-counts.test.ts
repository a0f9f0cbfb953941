/**
 * Fault matrix, page counts and empty pages: a report is complete, or the job fails; never COMPLETED
 * with pages missing, and never deleted unread.
 * - A page served empty for a moment (then with its records) must not end the report early: not in
 *   the sandbox (no page count, ever), not in production when CONCLUIDO comes without a count.
 * - A count is trusted only once the page after it is empty: a CONCLUIDO report counting 0 pages, or
 *   fewer than it serves, is read until empty from the page after its count.
 * Pages of 10 records: every report spans several pages and download batches.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalWorld, startLocalWorld } from '../../local/simulated-world';
import type { SimulatorFaults } from '../../local/simulator';
import type { LocalRunResult } from '../../local/stepfunctions';
import { expectGroundTruth, jobsOf, PERIOD, startFaultWorld } from './harness';

const RECORDS_PER_PAGE = 10;
/** Every page of every report (they hold fewer than 30) is empty on its first request. */
const EVERY_PAGE = Array.from({ length: 30 }, (_, i) => i + 1);
const DATASET = { sales: 120, from: '2024-12-01', to: '2025-01-31', recordsPerPage: RECORDS_PER_PAGE };

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Every record of both reports received once, in full pages but the last, and every receivable exact. */
async function expectEveryPage(w: LocalWorld, result: LocalRunResult): Promise<void> {
  const jobs = jobsOf(result);
  const failures = jobs.filter((job) => job.outcome !== 'COMPLETED').map((job) => job.error);
  expect(failures).toEqual([]);
  await expectGroundTruth(w, result);
  const received = jobs.reduce((sum, job) => sum + job.counts.received, 0);
  expect(received).toBe(w.simulator.expectedRecordCounts(PERIOD).total);
  for (const job of jobs) {
    // Several pages each, so the faulty pages below lie inside every report.
    expect(job.pages).toBeGreaterThanOrEqual(7);
    expect(job.pages).toBe(Math.ceil(job.counts.received / RECORDS_PER_PAGE));
  }
}

describe('fault injection: a page served empty for a moment, without a page count', () => {
  // Page 4 has records after it in its batch (pages 3–6); page 6 ends its batch, so it looks like the end.
  it.each([
    ['before other pages of its batch', [4]],
    ['at the end of its batch', [6]],
    ['every page', EVERY_PAGE],
  ])('sandbox, %s: every page is kept and the job is exact', async (_case, emptyOncePages) => {
    world = await startLocalWorld({
      mode: 'sandbox',
      simulator: { dataset: DATASET, faults: { emptyOncePages } },
      workflow: { pagesPerBatch: 10 },
    });

    const result = await world.run(PERIOD);

    await expectEveryPage(world, result);
  });
});

const COUNT_CASES: [string, Partial<SimulatorFaults>][] = [
  ['counting 0 pages', { reportedPageCount: 'zero' }],
  ['counting half its pages', { reportedPageCount: 'half' }],
  ['without a count, page 4 empty for a moment', { reportedPageCount: 'null', emptyOncePages: [4] }],
  // The page after the count, empty for a moment, must not pass for the end of the report.
  [
    'counting half its pages, every page empty for a moment',
    { reportedPageCount: 'half', emptyOncePages: EVERY_PAGE },
  ],
];

describe('fault injection: a CONCLUIDO report whose page count is wrong or absent', () => {
  it.each(COUNT_CASES)('%s: read until empty, exact, deleted only once read', async (_case, faults) => {
    world = await startFaultWorld({
      simulator: { dataset: DATASET, faults },
      workflow: { pagesPerBatch: 3 },
    });

    const result = await world.run(PERIOD);

    await expectEveryPage(world, result);
    expect(jobsOf(result).map((job) => job.deletion?.status)).toEqual(['DELETED', 'DELETED']);
  });
});
