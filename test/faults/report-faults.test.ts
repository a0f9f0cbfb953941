/**
 * Fault matrix, report side: reports the provider ends in ERRO, or leaves processing past recon's
 * deadline. The run must end FAILED with a notification that names the failed reports; the next run
 * of the same night (the FAILED marker lets it start) must then end with the exact answer key, with
 * nothing the failed run did counted twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalWorld } from '../../local/simulated-world';
import type { SimulatorFaults } from '../../local/simulator';
import { expectFailedWithNotification, expectGroundTruth, jobsOf, PERIOD, startFaultWorld } from './harness';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const CASES: [string, Partial<SimulatorFaults>, Partial<SimulatorFaults>, string][] = [
  ['reports that end in ERRO', { errorReports: 'all' }, { errorReports: 'none' }, 'REPORT_ERROR'],
  ['reports stuck past the deadline', { stuckReports: true }, { stuckReports: false }, 'DEADLINE_PASSED'],
];

describe('fault injection: reports that never complete', () => {
  it.each(CASES)(
    '%s: FAILED with a notification, then the re-run is exact',
    async (_name, fault, cleared, outcome) => {
      // A deadline of 0.3 s: long enough for a healthy report (ready after 60 ms), short for a stuck one.
      world = await startFaultWorld({
        simulator: { faults: fault },
        workflow: { pagesPerBatch: 2, reportDeadlineMinutes: 0.005 },
      });

      const failed = await world.run(PERIOD);

      expectFailedWithNotification(world, failed, outcome);
      expect(jobsOf(failed).map((job) => job.outcome)).toEqual([outcome, outcome]);
      expect(jobsOf(failed).every((job) => job.pages === 0)).toBe(true);

      world.simulator.setFaults(cleared);
      const rerun = await world.run(PERIOD);

      await expectGroundTruth(world, rerun);
      // The failed run's subject says FALHOU; the re-run's gives its verdict without it.
      expect(world.published.map((p) => /: FALHOU( - |; )/.test(p.subject))).toEqual([true, false]);
    },
  );

  it('resumes a report that finished after its deadline instead of generating it again', async () => {
    // Ready after about 1.5 s, past the 0.3 s deadline; the report is kept as stalled, not forgotten.
    world = await startFaultWorld({
      simulator: { timing: { waitingMs: 20, processingMs: 1_500 } },
      workflow: { pagesPerBatch: 2, reportDeadlineMinutes: 0.005 },
    });

    const late = await world.run(PERIOD);

    expectFailedWithNotification(world, late, 'DEADLINE_PASSED');
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const rerun = await world.run(PERIOD);

    await expectGroundTruth(world, rerun);
    expect(jobsOf(rerun).map((job) => job.resumed)).toEqual([true, true]);
    expect(jobsOf(rerun).map((job) => job.reportId)).toEqual(jobsOf(late).map((job) => job.reportId));
    expect(world.simulator.stats().reportsGenerated).toBe(2);
  });
});
