/**
 * The local world's steps get their settings from its stage, as the stack gives the Lambdas theirs
 * (`workflowConfigOf`): a stage setting shapes the definition and the steps alike, never only one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';
import { jobsOf } from '../../faults/harness';

const PERIOD = { from: '2025-01-01', to: '2025-01-31' };

describe('nightly workflow, stage settings', () => {
  let world: LocalWorld | undefined;
  afterAll(async () => {
    await world?.close();
  });

  it("stops a sandbox report (no page count) at the stage's download.maxUnknownPages", async () => {
    world = await startLocalWorld({
      mode: 'sandbox',
      // Pages of 10 records, sales from December: both reports have more than the 2 pages allowed.
      simulator: { dataset: { sales: 120, from: '2024-12-01', to: '2025-01-31', recordsPerPage: 10 } },
      stage: { download: { maxUnknownPages: 2 } },
      workflow: { pagesPerBatch: 2 },
    });

    const jobs = jobsOf(await world.run(PERIOD));

    expect(jobs).toHaveLength(2);
    for (const job of jobs) {
      expect(job.outcome).not.toBe('COMPLETED');
      expect(job.error).toMatch(/still had records after 2 pages/);
    }
  });
});
