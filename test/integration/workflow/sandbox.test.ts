/**
 * The synthesized state machine run with aws-local-stepfunctions against the sandbox simulator,
 * dynalite and s3rver: the download loop stops at the first empty page, the final receivables equal
 * the simulator's answer key exactly, and a second start for the same period is skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';

const PERIOD = { from: '2025-01-01', to: '2025-02-15' };

describe('nightly workflow, sandbox', () => {
  let world: LocalWorld;
  beforeAll(async () => {
    world = await startLocalWorld({
      mode: 'sandbox',
      simulator: { dataset: { sales: 60, from: '2025-01-01', to: '2025-02-28', recordsPerPage: 50 } },
      workflow: { pagesPerBatch: 2 },
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('downloads every page of both kinds and matches the ground truth exactly', async () => {
    const result = await world.run(PERIOD);

    expect(result.status).toBe('SUCCEEDED');
    // Two windows (46 days) x two kinds, all completed; the sandbox never leaves EM_PROCESSAMENTO.
    expect(result.jobs?.map((job) => [job.outcome, job.deletion?.status])).toEqual([
      ['COMPLETED', 'SKIPPED'],
      ['COMPLETED', 'SKIPPED'],
      ['COMPLETED', 'SKIPPED'],
      ['COMPLETED', 'SKIPPED'],
    ]);
    const received = result.jobs?.reduce((sum, job) => sum + job.counts.received, 0);
    expect(received).toBe(world.simulator.expectedRecordCounts(PERIOD).total);
    const asOf = (result.output as { run: { asOf: string } }).run.asOf;
    expect(await world.receivables(asOf)).toEqual(world.expected({ ...PERIOD, asOf }));
    expect(world.published).toHaveLength(1);
  });

  it('skips a second start for the same period, and runs again with force', async () => {
    const before = world.simulator.stats().reportsGenerated;

    const skipped = await world.run(PERIOD);
    expect(skipped.status).toBe('SUCCEEDED');
    expect(skipped.output).toMatchObject({ skip: true });
    expect(world.simulator.stats().reportsGenerated).toBe(before);

    const forced = await world.run({ ...PERIOD, force: true });
    expect(forced.status).toBe('SUCCEEDED');
    expect(world.simulator.stats().reportsGenerated).toBe(before + 4);
  });
});
