/**
 * Fault matrix, interrupted and repeated runs: the download step dies in the middle of a batch (some
 * pages already ingested and matched), either retried by the state machine or ending the run, which
 * the next start resumes; and the same night started twice at once. Afterwards the receivables equal
 * the answer key exactly: pages applied twice are not counted twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkflowSteps } from '../../lambdas/core/workflow/build-steps';
import { STATE } from '../../lib/workflow/state-names';
import type { LocalWorld } from '../../local/simulated-world';
import { asOfOf, expectFailedWithNotification, expectGroundTruth, PERIOD, startFaultWorld } from './harness';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/**
 * An invocation that dies with `errorName` once, on batch 1 (pages 3..4): after its pages were
 * ingested and applied but before it answered (the retry applies them again), or before any.
 */
function dyingOnceMidBatch(steps: WorkflowSteps, errorName: string, afterApplying = true): WorkflowSteps {
  let died = false;
  return {
    ...steps,
    async downloadPages(raw) {
      if (died || (raw as { batchIndex: number }).batchIndex !== 1) return steps.downloadPages(raw);
      died = true;
      if (afterApplying) await steps.downloadPages(raw);
      const error = new Error('the function instance died in the middle of the batch');
      error.name = errorName;
      throw error;
    },
  };
}

describe('fault injection: interrupted and repeated runs', () => {
  it('retries a batch whose Lambda died after applying it, without counting pages twice', async () => {
    world = await startFaultWorld();

    const result = await world.run(PERIOD, {
      steps: dyingOnceMidBatch(world.steps, 'Lambda.ServiceException'),
    });

    expect(result.retries[STATE.downloadPages]).toBe(1);
    await expectGroundTruth(world, result);
  });

  it('resumes a run killed mid-report on the next start, and ends exact', async () => {
    world = await startFaultWorld();

    const killed = await world.run(PERIOD, {
      steps: dyingOnceMidBatch(world.steps, 'Runtime.ExitError', false),
    });

    expectFailedWithNotification(world, killed, 'FAILED');
    const partial = await world.receivables(asOfOf(killed));
    expect(partial.length).toBeGreaterThan(0);
    expect(partial).not.toEqual(world.expected({ ...PERIOD, asOf: asOfOf(killed) }));

    const resumed = await world.run(PERIOD);

    await expectGroundTruth(world, resumed);
    // The failed job kept its CONCLUIDO report and the re-run resumed that very report (one generation
    // for its window); the window that had completed was simply fetched again.
    const failedJob = killed.jobs?.find((job) => job.outcome === 'FAILED');
    expect(failedJob?.deletion?.status).toBe('KEPT');
    const again = resumed.jobs?.find((job) => job.kind === failedJob?.kind);
    expect(again).toMatchObject({ reportId: failedJob?.reportId, resumed: true, outcome: 'COMPLETED' });
    expect(again?.deletion?.status).toBe('DELETED');
    expect(world.simulator.stats().reportsGenerated).toBe(3);
  });

  it('runs the night once when it is started twice at the same time', async () => {
    world = await startFaultWorld();

    const [first, second] = await Promise.all([
      world.run(PERIOD, { executionName: 'night-a' }),
      world.run(PERIOD, { executionName: 'night-b' }),
    ]);

    const skipped = [first, second].filter((r) => (r.output as { skip?: boolean }).skip === true);
    const ran = [first, second].filter((r) => (r.output as { skip?: boolean }).skip !== true);
    expect(skipped).toHaveLength(1);
    expect(ran).toHaveLength(1);
    await expectGroundTruth(world, ran[0] as (typeof ran)[number]);
    expect(world.simulator.stats().reportsGenerated).toBe(2);
    expect(world.published).toHaveLength(1);
  });

  it('deletes the report a failed narrower window kept, once a period covering it completes', async () => {
    // 20-record pages: the half-month reports have a batch 1 to die in.
    world = await startFaultWorld({
      simulator: { dataset: { sales: 120, from: '2024-12-01', to: '2025-01-31', recordsPerPage: 20 } },
    });
    const narrow = await world.run(
      { from: '2025-01-01', to: '2025-01-15' },
      { steps: dyingOnceMidBatch(world.steps, 'Runtime.ExitError', false) },
    );
    const kept = narrow.jobs?.find((job) => job.outcome === 'FAILED');
    expect(kept?.deletion?.status).toBe('KEPT');
    const deletesBefore = world.simulator.stats().byRoute['DELETE /retornos/:id'] ?? 0;

    const full = await world.run(PERIOD);

    await expectGroundTruth(world, full);
    // Other bounds: not resumed; once the month completed, the kept half-month report went too.
    const covering = full.jobs?.find((job) => job.kind === kept?.kind);
    expect(covering?.resumed).toBeUndefined();
    expect(covering?.deletion).toEqual({
      status: 'DELETED',
      detail: 'also deleted 1 kept report(s) of windows inside this one',
    });
    expect(world.simulator.stats().byRoute['DELETE /retornos/:id']).toBe(deletesBefore + 3);
  });
});
