/**
 * The synthesized state machine run with aws-local-stepfunctions against the production simulator
 * (reports move AGUARDANDO -> EM_PROCESSAMENTO -> CONCLUIDO over time), dynalite and s3rver, with the
 * real steps. Success paths must end with receivables equal to the simulator's answer key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobResult } from '../../../lambdas/core/workflow/contracts';
import { DISTRIBUTED_MAP_STATE, RUN_INCOMPLETE_ERROR, STATE } from '../../../lib/workflow/state-names';
import { type LocalWorld, type LocalWorldOptions, startLocalWorld } from '../../../local/simulated-world';
import type { LocalRunResult } from '../../../local/stepfunctions';

const PERIOD = { from: '2025-01-01', to: '2025-01-31' };
const SIMULATOR = {
  dataset: { sales: 60, from: '2025-01-01', to: '2025-01-31', recordsPerPage: 50 },
  timing: { waitingMs: 20, processingMs: 40 },
} as const;

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function start(options: Partial<LocalWorldOptions> = {}): Promise<LocalWorld> {
  world = await startLocalWorld({
    mode: 'production',
    workflow: { pagesPerBatch: 2 },
    ...options,
    simulator: { ...SIMULATOR, ...options.simulator },
  });
  return world;
}

function jobsOf(result: LocalRunResult): readonly JobResult[] {
  if (!result.jobs) throw new Error(`the run stopped before its summary: ${JSON.stringify(result.error)}`);
  return result.jobs;
}

async function expectGroundTruth(w: LocalWorld, output: unknown): Promise<void> {
  const asOf = (output as { run: { asOf: string } }).run.asOf;
  const actual = await w.receivables(asOf);
  expect(actual.length).toBeGreaterThan(0);
  expect(actual).toEqual(w.expected({ ...PERIOD, asOf }));
}

describe('nightly workflow, production', () => {
  it('polls until CONCLUIDO, downloads page batches, deletes the reports, matches the ground truth', async () => {
    const w = await start();

    const result = await w.run(PERIOD);

    expect(result.status).toBe('SUCCEEDED');
    const jobs = jobsOf(result);
    expect(jobs.map((job) => [job.kind, job.outcome, job.deletion?.status])).toEqual([
      ['sales', 'COMPLETED', 'DELETED'],
      ['financial', 'COMPLETED', 'DELETED'],
    ]);
    const expected = w.simulator.expectedRecordCounts(PERIOD);
    expect(jobs.reduce((sum, job) => sum + job.counts.received, 0)).toBe(expected.total);
    await expectGroundTruth(w, result.output);
  });

  it('sends large reports through the Distributed Map branch (run inline by the local engine)', async () => {
    const w = await start({ stage: { download: { distributedMapThreshold: 1 } } });
    const entered: string[] = [];

    const result = await w.run(PERIOD, { onStateEntered: (name) => entered.push(name) });

    expect(result.status).toBe('SUCCEEDED');
    // Reports of more than one batch go distributed; a one-batch report stays inline.
    expect(entered).toContain(DISTRIBUTED_MAP_STATE);
    expect(entered).toContain(STATE.downloadPagesDistributed);
    await expectGroundTruth(w, result.output);
  });

  it('waits for the signed webhook instead of polling, and resumes once per report', async () => {
    const w = await start({ webhook: true });

    const result = await w.run(PERIOD);

    expect(result.status).toBe('SUCCEEDED');
    expect(w.taskTokens.issued).toHaveLength(2);
    // Each parked wait resumed exactly once; the two reports finish in either order.
    expect([...w.taskTokens.succeeded].sort()).toEqual([...w.taskTokens.issued].sort());
    expect(w.simulator.deliveries().some((d) => d.status === 200)).toBe(true);
    await expectGroundTruth(w, result.output);
  });

  it('falls back to polling when the webhook does not come in time', async () => {
    const w = await start({ webhook: true });

    const result = await w.run(PERIOD, { webhookTimeoutMs: 1 });

    expect(result.status).toBe('SUCCEEDED');
    expect(w.taskTokens.issued).toHaveLength(2);
    expect(w.taskTokens.succeeded).toEqual([]);
    await expectGroundTruth(w, result.output);
  });

  it('ends an ERRO report as REPORT_ERROR, completes the other, then fails the execution after the summary', async () => {
    const w = await start({ simulator: { faults: { errorReports: 'sales' } } });

    const result = await w.run(PERIOD);

    expect(result.status).toBe('FAILED');
    expect(result.error?.name).toBe(RUN_INCOMPLETE_ERROR);
    expect(jobsOf(result).map((job) => [job.kind, job.outcome, job.deletion?.status])).toEqual([
      ['sales', 'REPORT_ERROR', 'DELETED'],
      ['financial', 'COMPLETED', 'DELETED'],
    ]);
    // Generated again up to the default 3 attempts, each listed, before REPORT_ERROR.
    expect(jobsOf(result)[0]?.attempts?.map((a) => a.situacao)).toEqual(['ERRO', 'ERRO', 'ERRO']);
    expect(w.simulator.stats().reportsGenerated).toBe(4);
    expect(w.published).toHaveLength(1);
  });

  it('ends a report that never finishes as DEADLINE_PASSED and leaves it at the provider', async () => {
    const w = await start({
      simulator: { faults: { stuckReports: true } },
      workflow: { reportDeadlineMinutes: 0.005 },
    });

    const result = await w.run(PERIOD);

    expect(result.status).toBe('FAILED');
    expect(result.error?.name).toBe(RUN_INCOMPLETE_ERROR);
    const jobs = jobsOf(result);
    expect(jobs.map((job) => [job.outcome, job.deletion?.status])).toEqual([
      ['DEADLINE_PASSED', 'SKIPPED'],
      ['DEADLINE_PASSED', 'SKIPPED'],
    ]);
    expect(jobs.every((job) => job.providerRequests > 2)).toBe(true);
  });

  it('retries 5xx answers and 429 bursts and still ends with exact results', async () => {
    const w = await start({ simulator: { faults: { serverErrorRate: 0.15, rateLimitBurst: 5 } } });

    const result = await w.run(PERIOD);

    expect(result.status).toBe('SUCCEEDED');
    const stats = w.simulator.stats();
    expect(stats.serverErrors).toBeGreaterThan(0);
    expect(stats.rateLimited).toBeGreaterThanOrEqual(5);
    await expectGroundTruth(w, result.output);
  });
});
