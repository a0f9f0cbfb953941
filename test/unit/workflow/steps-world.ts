/** Small fakes for the workflow step tests (no network): a world of fake provider, stores and clock. */
import { emptyIngestCounts } from '../../../lambdas/core/ingest/lake/counts';
import type { Page, ProviderClient, Report } from '../../../lambdas/core/provider/port';
import { buildWorkflowSteps } from '../../../lambdas/core/workflow/build-steps';
import { parseWorkflowConfig, type WorkflowConfigInput } from '../../../lambdas/core/workflow/config';
import type { SummaryInput } from '../../../lambdas/core/workflow/contracts';
import type { WorkflowDeps } from '../../../lambdas/core/workflow/deps';
import type { KeptReport } from '../../../lambdas/core/workflow/provider-report/kept-reports';
import { createRequestCounter } from '../../../lambdas/core/workflow/request-count';
import type { RunGuard } from '../../../lambdas/core/workflow/run-guard';

// 2026-03-10 02:30 UTC is still 2026-03-09 in America/Sao_Paulo (UTC-3).
export const NOW = new Date('2026-03-10T02:30:00Z');
export const JOB = { kind: 'sales', configurationId: 35176, from: '2025-01-01', to: '2025-01-31' } as const;

export function page(number: number, records: number): Page {
  return {
    reportId: '9007199254740993',
    page: number,
    records: Array.from({ length: records }, (_, i) => ({ NSU: `${number}-${i}` })),
    pastLastPage: records === 0,
    malformed: [],
  };
}

export interface FakeOptions {
  workflow?: Partial<WorkflowConfigInput>;
  provider?: Partial<ProviderClient>;
  claim?: Awaited<ReturnType<RunGuard['claim']>>;
}

export function fakeWorld(options: FakeOptions = {}) {
  const requests = createRequestCounter();
  const calls = {
    claims: [] as unknown[],
    finished: [] as unknown[],
    applied: 0,
    ingestedBatches: [] as number[][],
    summarized: [] as SummaryInput[],
    matched: [] as unknown[],
    kept: new Map<string, KeptReport>(),
    savedBatches: [] as unknown[],
    savedByIndex: new Map<number, unknown>(),
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
    matchDeposits: async (night) => {
      calls.matched.push(night);
      return {
        state: 'ON',
        from: '2026-03-01',
        to: night.asOf,
        results: [],
        withoutAccount: [],
        inbox: {
          files: 3,
          taken: 1,
          quarantined: [{ name: 'broken.ofx', reason: 'NOT_OFX', detail: 'no OFX header' }],
          quarantinedTransactions: [],
          failed: [{ name: 'later.ofx' }],
        },
      };
    },
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
      save: async (_e, _j, index, result) => {
        calls.savedBatches.push(result);
        calls.savedByIndex.set(index, result);
      },
      list: async () => calls.savedBatches as never,
      get: async (_e, _j, index) => calls.savedByIndex.get(index) as never,
    },
    config: parseWorkflowConfig({ environment: 'sandbox', ...options.workflow }),
    now: () => NOW,
  };
  return { steps: buildWorkflowSteps(deps), calls };
}
