/**
 * Fault matrix, the production night: a 60-day period (two windows, four reports) against a
 * provider that answers 10% of requests 5xx, takes 150–600 ms per answer and ends one report in ERRO.
 * The run must end SUCCEEDED exact against the answer key, and a second run must change nothing.
 * Small data (a few 20-record pages per report): the latency is the point, not the volume.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalWorld } from '../../local/simulated-world';
import { expectLakeAgreesWithBook } from '../support/lake-agreement';
import { asOfOf, jobsOf, startFaultWorld } from './harness';

const PERIOD = { from: '2024-12-01', to: '2025-01-29' } as const;

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function expectExact(w: LocalWorld, result: Awaited<ReturnType<LocalWorld['run']>>) {
  const failures = result.jobs?.filter((job) => job.outcome !== 'COMPLETED').map((job) => job.error);
  expect(result.status, JSON.stringify(failures)).toBe('SUCCEEDED');
  const asOf = asOfOf(result);
  const actual = await w.receivables(asOf);
  expect(actual.length).toBeGreaterThan(0);
  expect(actual).toEqual(w.expected({ ...PERIOD, asOf }));
  return actual;
}

describe('fault injection: a production period under a slow, flaky provider', () => {
  it('60 days, 10% 5xx, 150–600 ms, one report in ERRO: SUCCEEDED and exact; a second run changes nothing', async () => {
    world = await startFaultWorld({
      simulator: {
        dataset: { sales: 60, from: '2024-11-01', to: '2025-01-29', recordsPerPage: 20 },
        faults: { serverErrorRate: 0.1, latencyMs: [150, 600], erroNextReports: 1 },
      },
    });

    const first = await world.run(PERIOD);

    const receivables = await expectExact(world, first);
    const jobs = jobsOf(first);
    expect(jobs.map((job) => [job.kind, job.from, job.outcome])).toEqual([
      ['sales', '2024-12-01', 'COMPLETED'],
      ['sales', '2025-01-01', 'COMPLETED'],
      ['financial', '2024-12-01', 'COMPLETED'],
      ['financial', '2025-01-01', 'COMPLETED'],
    ]);
    // The faults did strike: one job generated twice after ERRO, some answers were 5xx, pages were several.
    expect(jobs.filter((job) => job.attempts?.length === 2)).toHaveLength(1);
    expect(world.simulator.stats().reportsGenerated).toBe(5);
    expect(world.simulator.stats().serverErrors).toBeGreaterThan(0);
    expect(jobs.every((job) => job.pages >= 2)).toBe(true);

    // Forced past the run guard (which would skip a period that already ran): every report fetched again.
    const second = await world.run({ ...PERIOD, force: true });

    expect(await expectExact(world, second)).toEqual(receivables);
    await expectLakeAgreesWithBook(world, asOfOf(second));
    expect(jobsOf(second).every((job) => job.outcome === 'COMPLETED' && job.receivables?.changed === 0)).toBe(
      true,
    );
  }, 120_000);
});
