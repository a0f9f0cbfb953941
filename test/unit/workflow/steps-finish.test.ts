/**
 * The workflow steps with small fakes (no network), second half: job results, deletion rules, the
 * summary and the error names the state machine retries.
 */
import { describe, expect, it } from 'vitest';
import { emptyIngestCounts } from '../../../lambdas/core/ingest/lake/counts';
import {
  DeleteNotAllowedError,
  InvalidRequestError,
  RateLimitedError,
} from '../../../lambdas/core/provider/errors';
import type { JobResult } from '../../../lambdas/core/workflow/contracts';
import { TRANSIENT_ERROR } from '../../../lambdas/core/workflow/errors';
import { fakeWorld, JOB, NOW } from './steps-world';

describe('finishJob and deleteReport', () => {
  const report = {
    reportId: '42',
    generatedOn: '2026-03-09',
    deadline: '2026-03-10T05:00:00Z',
    providerRequests: 3,
    situacao: 'CONCLUIDO' as const,
  };
  const batch = {
    pages: 2,
    pastLastPage: false,
    counts: { ...emptyIngestCounts(), received: 4 },
    providerRequests: 2,
    receivables: { changed: 3, unchanged: 1, conflicts: 0 },
  };

  it('reduces the saved batch results into a completed job', async () => {
    const { steps, calls } = fakeWorld();

    calls.savedBatches.push(batch, batch);
    const result = await steps.finishJob({ job: JOB, executionId: 'e', report });

    expect(result).toMatchObject({
      outcome: 'COMPLETED',
      reportId: '42',
      pages: 4,
      providerRequests: 7,
      counts: { received: 8 },
      receivables: { changed: 6, unchanged: 2, conflicts: 0 },
    });
  });

  it('turns a caught Lambda failure into a FAILED job with the message, not the stack trace', async () => {
    const { steps } = fakeWorld();
    const Cause = JSON.stringify({
      errorType: 'InvalidRequestError',
      errorMessage: 'generate: bad period',
      trace: ['at x'],
    });

    const result = await steps.finishJob({
      job: JOB,
      executionId: 'e',
      report: false,
      failure: { Error: 'InvalidRequestError', Cause },
    });

    expect(result).toMatchObject({
      outcome: 'FAILED',
      reportId: null,
      error: 'InvalidRequestError: generate: bad period',
    });
  });

  it('deletes CONCLUIDO reports in production and reports a refused delete without failing', async () => {
    const deleted: string[] = [];
    const ok = fakeWorld({
      workflow: { environment: 'production' },
      provider: { deleteReport: async (id) => void deleted.push(id) },
    });
    const result = await ok.steps.finishJob({ job: JOB, executionId: 'e', report });
    expect(await ok.steps.deleteReport({ result })).toMatchObject({
      deletion: { status: 'DELETED' },
    });
    expect(deleted).toEqual(['42']);

    const refused = fakeWorld({
      workflow: { environment: 'production' },
      provider: {
        deleteReport: async () => {
          throw new DeleteNotAllowedError('deleteReport');
        },
      },
    });
    expect(await refused.steps.deleteReport({ result })).toMatchObject({
      outcome: 'COMPLETED',
      deletion: { status: 'FAILED', detail: expect.stringContaining('DeleteNotAllowedError') },
    });
  });

  it('leaves sandbox reports and reports still in progress alone', async () => {
    const { steps } = fakeWorld();
    const result = {
      ...JOB,
      reportId: '42',
      outcome: 'COMPLETED',
      pages: 0,
      counts: emptyIngestCounts(),
      providerRequests: 0,
    };
    expect(await steps.deleteReport({ result })).toMatchObject({ deletion: { status: 'SKIPPED' } });

    const production = fakeWorld({
      workflow: { environment: 'production' },
      provider: {
        getReport: async () => ({
          id: '42',
          situacao: 'AGUARDANDO',
          tipoRemessa: null,
          quantidadePaginas: null,
        }),
      },
    });
    expect(
      await production.steps.deleteReport({ result: { ...result, reportState: undefined } }),
    ).toMatchObject({
      deletion: { status: 'SKIPPED', detail: 'state AGUARDANDO' },
    });
  });

  it('keeps the report of a FAILED job, deletes one in ERRO, leaves one past its deadline', async () => {
    const deleted: string[] = [];
    const { steps } = fakeWorld({
      workflow: { environment: 'production' },
      provider: { deleteReport: async (id) => void deleted.push(id) },
    });
    const failed = {
      ...JOB,
      reportId: '42',
      reportState: 'CONCLUIDO',
      outcome: 'FAILED',
      pages: 3,
      counts: emptyIngestCounts(),
      providerRequests: 4,
    };

    expect(await steps.deleteReport({ result: failed })).toMatchObject({ deletion: { status: 'KEPT' } });
    // Past its deadline it cannot be deleted yet: kept as stalled (a re-run resumes it only once CONCLUIDO).
    expect(await steps.deleteReport({ result: { ...failed, outcome: 'DEADLINE_PASSED' } })).toMatchObject({
      deletion: { status: 'SKIPPED' },
    });
    expect(deleted).toEqual([]);
    expect(
      await steps.deleteReport({ result: { ...failed, outcome: 'REPORT_ERROR', reportState: 'ERRO' } }),
    ).toMatchObject({ deletion: { status: 'DELETED' } });
    expect(deleted).toEqual(['42']);
  });
});

describe('matchDeposits', () => {
  it("matches the run's night and returns counts only: the results stay in the lake", async () => {
    const { steps, calls } = fakeWorld();

    const output = await steps.matchDeposits({ from: '2026-03-01', asOf: '2026-03-09' });

    expect(calls.matched).toEqual([{ from: '2026-03-01', asOf: '2026-03-09' }]);
    expect(output).toEqual({ state: 'ON', results: 0, statementsTaken: 1, statementsRefused: 2 });
  });
});

describe('summarize', () => {
  it('summarizes, closes the run marker as FAILED when a job did not complete, and says so', async () => {
    const { steps, calls } = fakeWorld();
    const run = {
      runId: 'r',
      executionId: 'e',
      environment: 'sandbox',
      from: '2025-01-01',
      to: '2025-01-31',
      asOf: '2026-03-09',
      startedAt: NOW.toISOString(),
      waitMode: 'none',
    };
    const job = (outcome: string): JobResult =>
      ({
        ...JOB,
        reportId: '1',
        outcome,
        pages: 0,
        counts: emptyIngestCounts(),
        providerRequests: 1,
      }) as JobResult;

    const output = await steps.summarize({
      run,
      jobs: [job('COMPLETED'), job('REPORT_ERROR')],
      aging: { becameOverdue: 2 },
    });

    // Only what the state machine reads: the summary itself stays in the bucket.
    expect(output).toEqual({ allCompleted: false, notCompleted: 1 });
    expect(calls.summarized[0]).toMatchObject({
      runId: 'r',
      asOf: '2026-03-09',
      aging: { becameOverdue: 2 },
    });
    expect(calls.finished).toEqual([{ executionId: 'e', status: 'FAILED' }]);
  });
});

describe('error names', () => {
  it('surfaces retryable provider errors under the one retried name and keeps the others', async () => {
    const limited = fakeWorld({
      provider: {
        generate: async () => {
          throw new RateLimitedError('generate', 1000);
        },
      },
    });
    await expect(limited.steps.generateReport({ job: JOB, executionId: 'e' })).rejects.toMatchObject({
      name: TRANSIENT_ERROR,
    });

    const invalid = fakeWorld({
      provider: {
        generate: async () => {
          throw new InvalidRequestError('generate', 'period');
        },
      },
    });
    await expect(invalid.steps.generateReport({ job: JOB, executionId: 'e' })).rejects.toMatchObject({
      name: 'InvalidRequestError',
    });
  });

  it('rejects a malformed step input with a zod error', async () => {
    const { steps } = fakeWorld();
    await expect(
      steps.generateReport({ job: { ...JOB, from: '2025-02-30' }, executionId: 'e' }),
    ).rejects.toMatchObject({
      name: 'ZodError',
    });
  });
});
