/**
 * The workflow steps with small fakes (no network): period and configuration resolution, the run
 * guard decision, polling and batches, the sandbox stop rule, job results, deletion rules and the
 * error names the state machine retries.
 */
import { describe, expect, it } from 'vitest';
import { emptyIngestCounts } from '../../../lambdas/core/lake/counts';
import {
  DeleteNotAllowedError,
  InvalidRequestError,
  RateLimitedError,
} from '../../../lambdas/core/provider/errors';
import type { Page, ProviderClient, Report } from '../../../lambdas/core/provider/port';
import { parseWorkflowConfig, type WorkflowConfigInput } from '../../../lambdas/core/workflow/config';
import type { JobResult, SummaryInput } from '../../../lambdas/core/workflow/contracts';
import type { WorkflowDeps } from '../../../lambdas/core/workflow/deps';
import { TRANSIENT_ERROR } from '../../../lambdas/core/workflow/errors';
import type { KeptReport } from '../../../lambdas/core/workflow/kept-reports';
import { createRequestCounter } from '../../../lambdas/core/workflow/request-count';
import type { RunGuard } from '../../../lambdas/core/workflow/run-guard';
import { buildWorkflowSteps } from '../../../lambdas/core/workflow/steps';

// 2026-03-10 02:30 UTC is still 2026-03-09 in America/Sao_Paulo (UTC-3).
const NOW = new Date('2026-03-10T02:30:00Z');
const JOB = { kind: 'sales', configurationId: 35176, from: '2025-01-01', to: '2025-01-31' } as const;

function page(number: number, records: number): Page {
  return {
    reportId: '9007199254740993',
    page: number,
    records: Array.from({ length: records }, (_, i) => ({ NSU: `${number}-${i}` })),
    pastLastPage: records === 0,
    malformed: [],
  };
}

interface FakeOptions {
  workflow?: Partial<WorkflowConfigInput>;
  provider?: Partial<ProviderClient>;
  claim?: Awaited<ReturnType<RunGuard['claim']>>;
}

function fakeWorld(options: FakeOptions = {}) {
  const requests = createRequestCounter();
  const calls = {
    claims: [] as unknown[],
    finished: [] as unknown[],
    applied: 0,
    ingestedBatches: [] as number[][],
    summarized: [] as SummaryInput[],
    kept: new Map<string, KeptReport>(),
    savedBatches: [] as unknown[],
  };
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      requests.onRequest();
      return fn(...args);
    };
  const provider = {
    listConfigurations: counted(async () => [
      { id: 7, nome: 'vendas' },
      { id: 8, nome: 'Financeiro ' },
    ]),
    generate: counted(async () => ({ reportId: '9007199254740993' })),
    getReport: counted(async (): Promise<Report | undefined> => undefined),
    downloadPage: counted(async (_id: string, n: number) => page(n, n <= 3 ? 2 : 0)),
    deleteReport: counted(async () => undefined),
    ...Object.fromEntries(
      Object.entries(options.provider ?? {}).map(([name, fn]) => [
        name,
        counted(fn as () => Promise<unknown>),
      ]),
    ),
  } as unknown as ProviderClient;
  const deps: WorkflowDeps = {
    provider,
    requests,
    ingestPages: async (pages, apply) => {
      const received = pages.reduce((n, { page: p }) => n + p.records.length, 0);
      calls.ingestedBatches.push(pages.map(({ page: p }) => p.page));
      const counts = { ...emptyIngestCounts(), received, byCode: { A1: received } };
      return { records: [], counts, applied: await apply([]) };
    },
    receivables: () => ({
      applyRecords: async () => {
        calls.applied += 1;
        return { changed: 1, unchanged: 0, conflicts: 0, refused: [] };
      },
    }),
    ageReceivables: async () => ({ becameOverdue: 2 }),
    exportSnapshot: async () => ({ rows: 5 }),
    registerWait: async () => 'waiting',
    summarize: async (input) => {
      calls.summarized.push(input);
      return { ok: true };
    },
    runGuard: {
      claim: async (key, executionId, claimOptions) => {
        calls.claims.push({ key, executionId, claimOptions });
        return options.claim ?? { claimed: true };
      },
      finish: async (_key, executionId, status) => {
        calls.finished.push({ executionId, status });
      },
    },
    leases: {
      acquire: async () => ({}),
      saveSnapshot: async () => undefined,
      release: async () => undefined,
      releaseAll: async () => 0,
    },
    keptReports: {
      get: async (job) => calls.kept.get(job.from),
      record: async (job, kept) => void calls.kept.set(job.from, kept),
      clear: async (job) => void calls.kept.delete(job.from),
      inside: async () => [],
      markStalled: async (job, reportId) => {
        const kept = calls.kept.get(job.from);
        if (kept?.reportId === reportId) calls.kept.set(job.from, { ...kept, stalled: true });
      },
    },
    pageFingerprints: { claim: async () => undefined },
    batchResults: {
      save: async (_e, _j, _i, result) => void calls.savedBatches.push(result),
      list: async () => calls.savedBatches as never,
    },
    config: parseWorkflowConfig({ environment: 'sandbox', ...options.workflow }),
    now: () => NOW,
  };
  return { steps: buildWorkflowSteps(deps), calls };
}

describe('plan', () => {
  it('defaults to yesterday in America/Sao_Paulo and lists both kinds with the sandbox ids', async () => {
    const { steps, calls } = fakeWorld();

    const plan = await steps.plan({ input: {}, executionId: 'arn:aws:states:x:1:execution:nightly:run-1' });

    expect(plan.run).toMatchObject({
      from: '2026-03-08',
      to: '2026-03-08',
      asOf: '2026-03-09',
      runId: 'run-1',
    });
    expect(plan.jobs).toEqual([
      { kind: 'sales', configurationId: 35176, from: '2026-03-08', to: '2026-03-08' },
      { kind: 'financial', configurationId: 35177, from: '2026-03-08', to: '2026-03-08' },
    ]);
    expect(plan.run.waitMode).toBe('none');
    expect(calls.claims).toEqual([
      expect.objectContaining({
        executionId: 'arn:aws:states:x:1:execution:nightly:run-1',
        claimOptions: { force: false },
      }),
    ]);
  });

  it('finds production configurations by name and splits a backfill into 30-day windows', async () => {
    const { steps } = fakeWorld({ workflow: { environment: 'production', webhook: true } });

    const plan = await steps.plan({ input: { from: '2025-01-01', to: '2025-02-15' }, executionId: 'e' });

    expect(plan.run.waitMode).toBe('webhook');
    expect(plan.jobs.map((j) => [j.kind, j.configurationId, j.from, j.to])).toEqual([
      ['sales', 7, '2025-01-01', '2025-01-31'],
      ['sales', 7, '2025-02-01', '2025-02-15'],
      ['financial', 8, '2025-01-01', '2025-01-31'],
      ['financial', 8, '2025-02-01', '2025-02-15'],
    ]);
  });

  it('fails plainly when a configured name is not listed', async () => {
    const { steps } = fakeWorld({
      workflow: {
        environment: 'production',
        configurationNames: { sales: 'Vendas', financial: 'Settlements' },
      },
    });

    await expect(steps.plan({ input: {}, executionId: 'e' })).rejects.toMatchObject({
      name: 'ConfigurationNotFoundError',
      message: expect.stringContaining("'Settlements'"),
    });
  });

  it('refuses a period longer than the deployed stage lets one execution run', async () => {
    const { steps } = fakeWorld({ workflow: { environment: 'production', maxPeriodDays: 31 } });

    await expect(
      steps.plan({ input: { from: '2025-01-01', to: '2025-02-15' }, executionId: 'e' }),
    ).rejects.toMatchObject({
      name: 'PeriodTooLongError',
      message: expect.stringContaining(
        '2025-01-01..2025-02-15 is 46 days; one execution of this stage runs at most 31',
      ),
    });
    const plan = await steps.plan({ input: { from: '2025-01-01', to: '2025-01-31' }, executionId: 'e' });
    expect(plan.jobs).toHaveLength(2);
  });

  it('skips with the reason when the run guard is taken', async () => {
    const { steps } = fakeWorld({ claim: { claimed: false, reason: 'already COMPLETED' } });

    const plan = await steps.plan({ input: { from: '2025-01-01', to: '2025-01-02' }, executionId: 'e' });

    expect(plan).toMatchObject({ skip: true, reason: 'already COMPLETED', jobs: [], segments: [] });
  });
});

describe('checkReport', () => {
  const report = {
    reportId: '1',
    generatedOn: '2026-03-09',
    deadline: '2026-03-10T02:00:00Z',
    providerRequests: 1,
  };

  it('splits a CONCLUIDO report into page batches and counts the poll', async () => {
    const { steps } = fakeWorld({
      workflow: { pagesPerBatch: 4, concurrentBatches: 3 },
      provider: {
        getReport: async () => ({ id: '1', situacao: 'CONCLUIDO', tipoRemessa: null, quantidadePaginas: 10 }),
      },
    });

    const checked = await steps.checkReport({ report });

    // Four batches in one chunk: indexes 0..3 (pages 1, 2-4, 5-8 staggered, then 9-10), no page
    // list in the state.
    expect(checked).toMatchObject({
      batchCount: 4,
      chunkSize: 4,
      chunkSpan: 3,
      lastChunkStart: 0,
      deadlinePassed: false,
      situacao: 'CONCLUIDO',
    });
  });

  it('asks for the page loop when CONCLUIDO comes without a page count', async () => {
    const { steps } = fakeWorld({
      provider: {
        getReport: async () => ({
          id: '1',
          situacao: 'CONCLUIDO',
          tipoRemessa: null,
          quantidadePaginas: null,
        }),
      },
    });

    expect(await steps.checkReport({ report })).toMatchObject({ pagesUnknown: true, batchCount: 0 });
  });

  it('says the deadline passed only for a report still in progress', async () => {
    const { steps } = fakeWorld({
      provider: {
        getReport: async () => ({
          id: '1',
          situacao: 'EM_PROCESSAMENTO',
          tipoRemessa: null,
          quantidadePaginas: null,
        }),
      },
    });

    const checked = await steps.checkReport({ report });

    expect(checked).toMatchObject({ deadlinePassed: true, batchCount: 0, providerRequests: 2 });
  });
});

describe('downloadUntilEmpty', () => {
  it('stops at the first empty page, ingests only the pages before it, and carries totals', async () => {
    const { steps, calls } = fakeWorld({ workflow: { pagesPerBatch: 2 } });
    const input = {
      job: JOB,
      executionId: 'e',
      reportId: '9007199254740993',
      generatedOn: '2026-03-09',
      asOf: '2026-03-09',
    };

    const first = await steps.downloadUntilEmpty({ ...input, cursor: { nextPage: 1 } });
    const second = await steps.downloadUntilEmpty({ ...input, cursor: first });

    expect(first).toMatchObject({ nextPage: 3, done: false });
    // Pages 3 (2 records) and 4 (empty): the loop ends after page 3.
    expect(second).toMatchObject({ nextPage: 5, done: true });
    expect(second.totals).toMatchObject({ pages: 3, providerRequests: 4, counts: { received: 6 } });
    // One ingestion and one matching pass per batch, never the empty page.
    expect(calls.ingestedBatches).toEqual([[1, 2], [3]]);
    expect(calls.applied).toBe(2);
  });
});

describe('downloadUntilEmpty batch sizes', () => {
  it('grows its batches so a short report spends few requests past its end', async () => {
    const { steps, calls } = fakeWorld({ workflow: { pagesPerBatch: 10 } });
    const input = {
      job: JOB,
      executionId: 'e',
      reportId: '9007199254740993',
      generatedOn: '2026-03-09',
      asOf: '2026-03-09',
    };

    const first = await steps.downloadUntilEmpty({ ...input, cursor: { nextPage: 1 } });
    const second = await steps.downloadUntilEmpty({ ...input, cursor: first });

    // Pages 1–2, then 3–6 (page 4 is the first empty one): 6 requests instead of 10.
    expect(first).toMatchObject({ nextPage: 3, done: false });
    expect(second).toMatchObject({ nextPage: 7, done: true });
    expect(second.totals).toMatchObject({ pages: 3, providerRequests: 6 });
    expect(calls.ingestedBatches).toEqual([[1, 2], [3]]);
  });
});

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

    expect(output).toMatchObject({ allCompleted: false, notCompleted: 1, summary: { ok: true } });
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
