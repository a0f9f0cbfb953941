/**
 * The fault matrix's common ground: a small production world (the real pipeline of
 * local/simulated-world.ts: simulator over HTTP, dynalite, s3rver, synthesized definition, real
 * steps), and the two verdicts every case ends with: the receivables equal the simulator's answer key
 * exactly, or the run failed with a clear error and a FAILED notification.
 */
import { expect } from 'vitest';
import { textsFor } from '../../lambdas/core/report/i18n';
import { MESSAGE_MAX_FAILURES } from '../../lambdas/core/report/message';
import { formatDate } from '../../lambdas/core/report-kit/dates';
import type { JobResult } from '../../lambdas/core/workflow/contracts';
import { RUN_INCOMPLETE_ERROR } from '../../lib/workflow/state-names';
import { type LocalWorld, type LocalWorldOptions, startLocalWorld } from '../../local/simulated-world';
import type { LocalRunResult } from '../../local/stepfunctions';

/** One 31-day window: one report per kind, about 60 of its 120 sales in 50-record pages (a few pages each). */
export const PERIOD = { from: '2025-01-01', to: '2025-01-31' } as const;

/** A production world with small data and short timings; `options` override per case. */
export function startFaultWorld(options: Partial<LocalWorldOptions> = {}): Promise<LocalWorld> {
  return startLocalWorld({
    mode: 'production',
    workflow: { pagesPerBatch: 2 },
    ...options,
    simulator: {
      dataset: { sales: 120, from: '2024-12-01', to: '2025-01-31', recordsPerPage: 50 },
      timing: { waitingMs: 20, processingMs: 40 },
      ...options.simulator,
    },
    provider: { timeoutMs: 2_000, ...options.provider },
  });
}

export function jobsOf(result: LocalRunResult): readonly JobResult[] {
  if (!result.jobs) throw new Error(`the run stopped before its summary: ${JSON.stringify(result.error)}`);
  return result.jobs;
}

/** The business date the run derived statuses for (from its output, or its summary when it failed). */
export function asOfOf(result: LocalRunResult): string {
  const fromOutput = (result.output as { run?: { asOf: string } } | undefined)?.run?.asOf;
  return fromOutput ?? (result.summary as { asOf: string }).asOf;
}

/** No record lost, none counted twice: every receivable equals the answer key, and nothing else exists. */
export async function expectGroundTruth(world: LocalWorld, result: LocalRunResult): Promise<void> {
  expect(result.status).toBe('SUCCEEDED');
  const asOf = asOfOf(result);
  const actual = await world.receivables(asOf);
  expect(actual.length).toBeGreaterThan(0);
  expect(actual).toEqual(world.expected({ ...PERIOD, asOf }));
}

/** The run failed after writing its summary, and the notification says FAILED and why. */
export function expectFailedWithNotification(
  world: LocalWorld,
  result: LocalRunResult,
  outcome: string,
): void {
  expect(result.status).toBe('FAILED');
  expect(result.error?.name).toBe(RUN_INCOMPLETE_ERROR);
  const failed = jobsOf(result).filter((job) => job.outcome === outcome);
  expect(failed.length).toBeGreaterThan(0);
  const last = world.published.at(-1);
  // The subject's verdict, in the report's Portuguese (the default): the failure first.
  expect(last?.subject).toMatch(/^recon[^:]*: FALHOU( - |; )/);
  // The message names the first few reports that did not complete, in plain Portuguese (the default).
  const t = textsFor('pt-BR');
  const listed = jobsOf(result)
    .filter((job) => job.outcome !== 'COMPLETED')
    .slice(0, MESSAGE_MAX_FAILURES)
    .filter((job) => job.outcome === outcome);
  expect(listed.length).toBeGreaterThan(0);
  for (const job of listed) {
    const period = t.period(formatDate(job.from, 'pt-BR'), formatDate(job.to, 'pt-BR'));
    expect(last?.message).toContain(
      `  ${t.reports.kinds[job.kind]}, ${period}: ${t.message.outcomes[outcome]}`,
    );
  }
}
