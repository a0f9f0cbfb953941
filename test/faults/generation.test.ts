/**
 * Fault matrix, generation: two same-configuration generations at once (a 60-day period is two
 * windows per kind and the jobs Map runs two jobs at a time) where one POST answers 5xx after
 * creating its report, or without creating it; and a report the provider ends in ERRO once. Each job
 * must read its own report (the account-wide lease) and the receivables must equal the answer key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalWorld } from '../../local/simulated-world';
import { asOfOf, jobsOf, startFaultWorld } from './harness';

const SIXTY_DAYS = { from: '2025-01-01', to: '2025-03-01' } as const;

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

function startSixtyDayWorld() {
  return startFaultWorld({
    simulator: {
      dataset: { sales: 120, from: '2024-12-01', to: '2025-03-01', recordsPerPage: 50 },
      timing: { waitingMs: 20, processingMs: 40 },
    },
    // The POST that fails after creating is retried only after the client looked for its report.
    provider: { timeoutMs: 2_000 },
  });
}

async function expectExact(w: LocalWorld, result: Awaited<ReturnType<LocalWorld['run']>>) {
  expect(result.status).toBe('SUCCEEDED');
  const asOf = asOfOf(result);
  expect(await w.receivables(asOf)).toEqual(w.expected({ ...SIXTY_DAYS, asOf }));
}

describe('fault injection: generation', () => {
  it.each([
    ['after creating the report', 'after-create', 4],
    ['without creating it', 'before-create', 4],
  ] as const)(
    'a POST answering 5xx %s beside a same-configuration generation: each job reads its own report',
    async (_name, failure, generated) => {
      world = await startSixtyDayWorld();
      world.simulator.setFaults({ generationFailures: [failure] });

      const result = await world.run(SIXTY_DAYS);

      await expectExact(world, result);
      const jobs = jobsOf(result);
      expect(jobs.map((job) => job.outcome)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
      expect(new Set(jobs.map((job) => job.reportId)).size).toBe(4);
      // A report created by the failed POST is adopted, never duplicated.
      expect(world.simulator.stats().reportsGenerated).toBe(generated);
    },
  );

  it('generates again after ERRO and completes, listing both attempts', async () => {
    world = await startSixtyDayWorld();
    world.simulator.setFaults({ erroNextReports: 1 });

    const result = await world.run(SIXTY_DAYS);

    await expectExact(world, result);
    const retried = jobsOf(result).filter((job) => (job.attempts?.length ?? 0) > 1);
    expect(retried).toHaveLength(1);
    expect(retried[0]?.attempts?.map((a) => a.situacao)).toEqual(['ERRO', 'CONCLUIDO']);
    expect(world.simulator.stats().reportsGenerated).toBe(5);
  });
});
