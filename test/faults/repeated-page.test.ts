/**
 * A provider that serves one page's records again under the next page number (an off-by-one in its
 * paging): storing both would count those records twice and lose the page never served. The job
 * must fail naming both pages, even when they fall in different download batches, keep its report,
 * and a re-run once the provider pages correctly must end exact.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalWorld } from '../support/local-world';
import { expectFailedWithNotification, expectGroundTruth, jobsOf, PERIOD, startFaultWorld } from './harness';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('fault injection: the same page content under two page numbers', () => {
  it('fails the job across batches instead of storing the records twice, then the re-run is exact', async () => {
    // One page per batch: pages 1 and 2 are downloaded by separate step invocations.
    world = await startFaultWorld({
      simulator: { faults: { repeatedPage: 2 } },
      workflow: { pagesPerBatch: 1 },
    });

    const failed = await world.run(PERIOD);

    expectFailedWithNotification(world, failed, 'FAILED');
    const jobs = jobsOf(failed);
    expect(jobs.map((job) => job.outcome)).toEqual(['FAILED', 'FAILED']);
    for (const job of jobs) expect(job.error).toContain('pages 1 and 2 hold the same records');

    world.simulator.setFaults({ repeatedPage: 0 });
    const rerun = await world.run(PERIOD);

    await expectGroundTruth(world, rerun);
    // The re-run resumed the reports the failed run kept: one generation per kind in all.
    expect(jobsOf(rerun).every((job) => job.resumed === true)).toBe(true);
  });
});
