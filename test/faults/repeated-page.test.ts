/**
 * A provider that serves one page's records again under another page number (an off-by-one in its
 * paging): storing both would count those records twice and lose the page never served. The job
 * must fail naming both pages, even when they fall in different download batches. The report is kept
 * at the provider but forgotten: whichever of the two pages claimed the content first may already be
 * applied under the wrong page number, so a re-run generates a new report (a record counts as often
 * as the report holding it most often holds it) and must end exact, whichever page came first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalWorld } from '../../local/simulated-world';
import { expectLakeAgreesWithBook } from '../support/lake-agreement';
import {
  asOfOf,
  expectFailedWithNotification,
  expectGroundTruth,
  jobsOf,
  PERIOD,
  startFaultWorld,
} from './harness';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('fault injection: the same page content under two page numbers', () => {
  // Page 2 served as page 1 again, or page 1 served as page 2: in the second case the wrong copy is
  // usually the first one applied (page 1 comes first), and the re-run must still count it once.
  it.each([
    ['page 2 repeats page 1', { page: 2, servedFrom: 1 }],
    ['page 1 repeats page 2', { page: 1, servedFrom: 2 }],
  ])(
    '%s: the job fails across batches, nothing is stored twice, the re-run is exact',
    async (_case, repeatedPage) => {
      // One page per batch: pages 1 and 2 are downloaded by separate step invocations.
      world = await startFaultWorld({
        simulator: { faults: { repeatedPage } },
        workflow: { pagesPerBatch: 1 },
      });

      const failed = await world.run(PERIOD);

      expectFailedWithNotification(world, failed, 'FAILED');
      const jobs = jobsOf(failed);
      expect(jobs.map((job) => job.outcome)).toEqual(['FAILED', 'FAILED']);
      for (const job of jobs) {
        expect(job.error).toContain('pages 1 and 2 hold the same records');
        expect(job.deletion).toMatchObject({
          status: 'KEPT',
          detail: 'its pages do not add up: kept, a re-run generates again',
        });
      }

      world.simulator.setFaults({ repeatedPage: null });
      const rerun = await world.run(PERIOD);

      await expectGroundTruth(world, rerun);
      // The failed run's records stay in the lake: it counts them once, as the book does.
      await expectLakeAgreesWithBook(world, asOfOf(rerun));
      // New reports, not the failed run's: their pages may hold records under the wrong number.
      for (const [index, job] of jobsOf(rerun).entries()) {
        expect(job.resumed).toBeUndefined();
        expect(job.reportId).not.toBe(jobs[index]?.reportId);
      }
    },
  );
});
