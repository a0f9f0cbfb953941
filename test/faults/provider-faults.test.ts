/**
 * Fault matrix, provider side: each fault injected into the simulator while the real nightly pipeline
 * runs. Transient faults must be absorbed (retries, back-off) with receivables exactly equal to the
 * answer key and no report generated twice; a fault that never clears must end the run FAILED with
 * a notification.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalWorld } from '../../local/simulated-world';
import type { SimulatorFaults, SimulatorStats } from '../../local/simulator';
import { expectFailedWithNotification, expectGroundTruth, jobsOf, PERIOD, startFaultWorld } from './harness';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

type Evidence = (stats: SimulatorStats, downloadedPages: number) => void;

/** Download requests beyond one per page: some page had to be asked for again. */
const pagesAskedAgain: Evidence = (stats, pages) =>
  expect(stats.byRoute['POST /retornos/download'] ?? 0).toBeGreaterThan(pages);

const TRANSIENT: [string, Partial<SimulatorFaults>, Evidence][] = [
  [
    'a burst of 429 without Retry-After',
    { rateLimitBurst: 3, retryAfterHeader: false },
    (stats) => expect(stats.rateLimited).toBe(3),
  ],
  [
    '5xx on a third of the requests',
    { serverErrorRate: 0.3 },
    (stats) => expect(stats.serverErrors).toBeGreaterThan(0),
  ],
  ['requests that never answer (timeouts)', { hangRate: 0.15 }, pagesAskedAgain],
  ['pages cut in the middle', { truncatedPageRate: 0.5 }, pagesAskedAgain],
  ['pages that are not JSON', { malformedPageRate: 0.5 }, pagesAskedAgain],
];

describe('fault injection: provider faults', () => {
  it.each(TRANSIENT)(
    'absorbs %s and ends exact, each report generated once',
    async (_name, faults, evidence) => {
      world = await startFaultWorld({ simulator: { faults }, provider: { timeoutMs: 300 } });

      const result = await world.run(PERIOD);

      await expectGroundTruth(world, result);
      expect(jobsOf(result).map((job) => job.outcome)).toEqual(['COMPLETED', 'COMPLETED']);
      expect(world.simulator.stats().reportsGenerated).toBe(2);
      // The fault did happen (a case that injected nothing would prove nothing).
      evidence(
        world.simulator.stats(),
        jobsOf(result).reduce((sum, job) => sum + job.pages, 0),
      );
    },
  );

  it('slows down on 429 from a provider that allows 10 requests a second, and ends exact', async () => {
    // The limiter is driven far above the provider's rate: only the 429 back-off keeps the run going.
    world = await startFaultWorld({ simulator: { ratePerSecond: 10 }, ratePerSecond: 1_000 });

    const result = await world.run(PERIOD);

    await expectGroundTruth(world, result);
    expect(world.simulator.stats().rateLimited).toBeGreaterThan(0);
    expect(world.simulator.stats().reportsGenerated).toBe(2);
  });

  it('fails the run with a notification when every page stays malformed', async () => {
    world = await startFaultWorld({ simulator: { faults: { malformedPageRate: 1 } } });

    const result = await world.run(PERIOD);

    expectFailedWithNotification(world, result, 'FAILED');
    expect(world.published).toHaveLength(1);
    for (const job of jobsOf(result)) expect(job.error).toMatch(/Malformed/);
  });
});
