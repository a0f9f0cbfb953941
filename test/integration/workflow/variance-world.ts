/**
 * The production world the exactness and kept-totals tests share: the real local pipeline with the
 * simulator's rendering variance, a period, the same period again and an overlapping period.
 */
import { expect } from 'vitest';
import type { ReconConfigInput } from '../../../lambdas/core/config';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';

export const FIRST = { from: '2025-01-01', to: '2025-01-31' };
export const OVERLAP = { from: '2025-01-20', to: '2025-02-20' };
export const ALL = { from: FIRST.from, to: OVERLAP.to };

export function startVarianceWorld(recon?: ReconConfigInput): Promise<LocalWorld> {
  return startLocalWorld({
    mode: 'production',
    ...(recon ? { recon } : {}),
    workflow: { pagesPerBatch: 2 },
    simulator: {
      variance: true,
      dataset: { sales: 80, from: '2024-12-01', to: '2025-02-20', recordsPerPage: 40 },
      timing: { waitingMs: 10, processingMs: 20 },
    },
  });
}

/** Runs `period`; every job must complete. Returns the run's business date. */
export async function runOk(w: LocalWorld, period: { from: string; to: string }): Promise<string> {
  const result = await w.run(period);
  const failed = (result.jobs ?? []).filter((job) => job.outcome !== 'COMPLETED').map((job) => job.error);
  expect(result.status, JSON.stringify([result.error, failed])).toBe('SUCCEEDED');
  for (const job of result.jobs ?? [])
    expect([job.kind, job.from, job.outcome]).toEqual([job.kind, job.from, 'COMPLETED']);
  return (result.output as { run: { asOf: string } }).run.asOf;
}
