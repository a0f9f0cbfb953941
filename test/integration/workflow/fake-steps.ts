/**
 * Fast fake workflow steps for running the synthesized definition where the point is its shape
 * (history events, state sizes) rather than the data: each job follows a scripted path. The local
 * executor holds them to the steps' contracts like the real ones (parsed input in, output parsed).
 */

import type { StepImplementations } from '../../../lambdas/core/workflow/build-steps';
import type { Job, JobResult } from '../../../lambdas/core/workflow/contracts';
import { chunkPlan } from '../../../lambdas/core/workflow/download/batch-results';

/** What one job's report does, generation by generation. */
export interface JobScript {
  readonly job: Job;
  /** Per generation: checks before the last one, and how the last one answers. */
  readonly generations: readonly {
    readonly pending: number;
    readonly last: 'ERRO' | 'CONCLUIDO' | 'DEADLINE';
  }[];
  /**
   * CONCLUIDO with a page count (batches of 10 pages), or without one (pages read until empty); both:
   * a short count, read until empty past it.
   */
  readonly batches?: number;
  readonly unknownPages?: number;
  readonly finishFails?: boolean;
  readonly deleteFails?: boolean;
}

const PAGES_PER_BATCH = 10;
const keyOf = (job: Job) => `${job.kind}#${job.from}`;

/** A JobResult of realistic size: every record code, quarantine reason and drift field filled. */
function resultOf(job: Job, reportId: string): JobResult {
  const byCode = Object.fromEntries(
    ['A0', 'L0', 'A1', 'D1', 'D2', 'R0', 'R9', 'Z9'].map((c) => [c, 123_456]),
  );
  const reasons = ['bad-date', 'bad-amount', 'conflicting-net', 'placeholder-key', 'over-long-code'];
  return {
    ...job,
    reportId,
    reportState: 'CONCLUIDO',
    attempts: [{ reportId, situacao: 'CONCLUIDO' }],
    outcome: 'COMPLETED',
    pages: 100_000,
    counts: {
      received: 9_876_543,
      byCode,
      quarantinedByReason: Object.fromEntries(reasons.map((r) => [r, 42])),
      drift: { unknownColumns: ['colunaNova'], missingFields: ['campoAntigo'] },
    } as JobResult['counts'],
    providerRequests: 100_123,
    receivables: { changed: 1_234_567, unchanged: 7_654_321, conflicts: 12 },
  };
}

export function fakeSteps(scripts: readonly JobScript[]): StepImplementations {
  const byJob = new Map(scripts.map((s) => [keyOf(s.job), s]));
  const scriptOf = (job: Job) => byJob.get(keyOf(job)) as JobScript;
  const position = new Map<string, { generation: number; checks: number }>();
  return {
    plan: async (raw) => ({
      skip: false,
      run: {
        runId: 'fake',
        executionId: raw.executionId,
        environment: 'production',
        from: '2025-01-01',
        to: '2025-01-31',
        asOf: '2025-02-01',
        startedAt: '2025-02-01T09:00:00.000Z',
        waitMode: 'poll',
      },
      jobs: scripts.map((s) => s.job),
      segments: [0, 1, 2, 3],
    }),
    generateReport: async (raw) => {
      const key = keyOf(raw.job);
      const at = position.get(key);
      position.set(key, { generation: at ? at.generation + 1 : 0, checks: 0 });
      return {
        reportId: `r-${key}-${position.get(key)?.generation}`,
        generatedOn: '2025-02-01',
        deadline: '2025-02-01T12:00:00.000Z',
        providerRequests: 1,
      };
    },
    checkReport: async (raw) => {
      const key = raw.report.reportId.slice(2, raw.report.reportId.lastIndexOf('-'));
      const script = byJob.get(key) as JobScript;
      const at = position.get(key) as { generation: number; checks: number };
      at.checks += 1;
      const generation = script.generations[at.generation];
      if (!generation) throw new Error(`no generation ${at.generation} scripted for ${key}`);
      const last = at.checks > generation.pending ? generation.last : undefined;
      const situacao = last === 'ERRO' || last === 'CONCLUIDO' ? last : 'EM_PROCESSAMENTO';
      const batchCount = situacao === 'CONCLUIDO' ? (script.batches ?? 0) : 0;
      return {
        ...raw.report,
        situacao,
        pages: situacao === 'CONCLUIDO' && script.batches !== undefined ? batchCount * PAGES_PER_BATCH : null,
        deadlinePassed: last === 'DEADLINE',
        retryGeneration: last === 'ERRO' && at.generation + 1 < script.generations.length,
        retryDelaySeconds: 0,
        batchCount,
        ...chunkPlan(batchCount, 100),
        pagesUnknown: situacao === 'CONCLUIDO' && script.batches === undefined,
      };
    },
    waitForReport: async () => ({ status: 'resumed' }),
    downloadPages: async (raw) => ({ batchIndex: raw.batchIndex, pages: PAGES_PER_BATCH }),
    downloadUntilEmpty: async (raw) => {
      const nextPage = raw.cursor.nextPage + PAGES_PER_BATCH;
      return { nextPage, done: nextPage > (scriptOf(raw.job).unknownPages ?? 0) };
    },
    finishJob: async (raw) => {
      if (raw.failure === undefined && scriptOf(raw.job).finishFails) throw new Error('finish failed');
      // Every scripted job generates its report before it ends.
      if (!raw.report) throw new Error(`no report for ${keyOf(raw.job)}`);
      return resultOf(raw.job, raw.report.reportId);
    },
    deleteReport: async (raw) => {
      if (scriptOf(raw.result).deleteFails) throw new Error('delete failed');
      return { ...raw.result, deletion: { status: 'DELETED' } };
    },
    ageReceivables: async () => ({ becameOverdue: 0 }),
    exportSnapshot: async () => ({ rows: 0 }),
    matchDeposits: async () => ({ state: 'OFF', results: 0, statementsTaken: 0, statementsRefused: 0 }),
    summarize: async () => ({ allCompleted: true, notCompleted: 0 }),
  };
}
