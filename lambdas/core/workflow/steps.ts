/**
 * The nightly workflow's steps as plain async functions, JSON in and JSON out. The state machine
 * (lib/workflow/definition.ts) decides the order; each Lambda handler calls exactly one of these; the
 * local executor binds the same functions to the same states. Every input is parsed with zod here, so
 * a definition that passes the wrong shape fails the same way in AWS, locally and in tests.
 *
 * Payloads stay small: page results travel as counts only, never records.
 */
import { z } from 'zod';
import { addDays, businessDate, daysBetween, type IsoDate, isoDateSchema } from '../calendar';
import type { AppliedRecords } from '../lake/ingest';
import type { Page, ProviderClient } from '../provider/port';
import { splitIntoWindows } from '../provider/windows';
import { type CanonicalRecord, REPORT_KINDS, type RecordSource, type ReportKind } from '../records/canonical';
import { type BatchResultStore, batchPages, chunkPlan, mergeBatches } from './batch-results';
import { mapWithConcurrency } from './concurrency';
import { SANDBOX_CONFIGURATION_IDS, type WorkflowConfig, waitModeOf } from './config';
import type { IngestCounts, Job, JobOutcome, JobResult, ReceivableChanges, SummaryInput } from './contracts';
import { fetchCountedPages } from './counted-pages';
import {
  ConfigurationNotFoundError,
  PeriodTooLongError,
  ReportVanishedError,
  surfaceTransient,
  TooManyPagesError,
} from './errors';
import { buildGenerateStep } from './generation';
import type { GenerationLease } from './generation-lease';
import type { KeptReports } from './kept-reports';
import type { PageFingerprints } from './page-fingerprints';
import { buildDeleteStep } from './report-cleanup';
import type { RequestCounter } from './request-count';
import type { RunGuard } from './run-guard';
import {
  type BatchResult,
  type DownloadInput,
  downloadInputSchema,
  jobResultSchema,
  jobStateSchema,
  type PageCursor,
  planInputSchema,
  type ReportProgress,
  type RunContext,
  reportSchema,
  runSchema,
  untilEmptyInputSchema,
} from './schemas';
import { assertRecordsFitWindow } from './window-check';

export type { ExecutionInput, ReportProgress, RunContext } from './schemas';

/** The ports the steps need; `lambdas/core/workflow/wiring.ts` builds the real ones. */
export interface WorkflowDeps {
  readonly provider: ProviderClient;
  /** Counts the provider requests of one step call (the client's `onRequest` feeds it). */
  readonly requests: RequestCounter;
  /**
   * Archives and normalizes the pages of one download batch (all of one report), has `apply` match
   * the records, and exports them, with the records `apply` refused quarantined.
   */
  readonly ingestPages: <A extends AppliedRecords>(
    pages: readonly { page: Page; source: RecordSource }[],
    apply: (records: readonly CanonicalRecord[]) => Promise<A>,
  ) => Promise<{ records: readonly CanonicalRecord[]; counts: IngestCounts; applied: A }>;
  /** The receivables store deriving statuses as of `asOf`. */
  readonly receivables: (asOf: IsoDate) => {
    applyRecords(records: readonly CanonicalRecord[]): Promise<AppliedRecords & ReceivableChanges>;
  };
  readonly ageReceivables: (asOf: IsoDate) => Promise<{ becameOverdue: number }>;
  readonly exportSnapshot: (request: { asOf: IsoDate; segment: number; totalSegments: number }) => Promise<{
    rows: number;
  }>;
  readonly registerWait: (reportId: string, taskToken: string) => Promise<'waiting' | 'resumed'>;
  readonly summarize: (input: SummaryInput) => Promise<unknown>;
  readonly runGuard: RunGuard;
  /** Serializes same-configuration generations account-wide (generation-lease.ts). */
  readonly leases: GenerationLease;
  /** Each window's report until the window completes (kept-reports.ts). */
  readonly keptReports: KeptReports;
  /** Each page's content claimed by its number, across batches (page-fingerprints.ts). */
  readonly pageFingerprints: PageFingerprints;
  /** Per-batch counts, kept out of the execution's state (batch-results.ts). */
  readonly batchResults: BatchResultStore;
  readonly config: WorkflowConfig;
  readonly now: () => Date;
}

export interface PlanOutput {
  readonly skip: boolean;
  readonly reason?: string;
  readonly run: RunContext;
  readonly jobs: Job[];
  readonly segments: number[];
}

export interface SummarizeOutput {
  readonly allCompleted: boolean;
  readonly notCompleted: number;
  /** The full run summary; the state machine never sees it (see {@link machineView}). */
  readonly summary: unknown;
}

/** What the summarize Lambda returns to the state machine: only the fields the definition uses. */
export function machineView(output: SummarizeOutput): Omit<SummarizeOutput, 'summary'> {
  return { allCompleted: output.allCompleted, notCompleted: output.notCompleted };
}

/**
 * A Lambda failure's Cause is JSON `{errorType, errorMessage, trace}`; keep the message only (the
 * trace is noise in a summary). A local failure's Cause is the message itself.
 */
function causeMessage(cause: string | undefined): string {
  if (!cause) return 'no cause given';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    return typeof parsed.errorMessage === 'string' ? parsed.errorMessage : cause;
  } catch {
    return cause;
  }
}

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** Wraps every step so retryable failures surface under the one name the definition retries. */
function surfacing<S extends Record<string, (input: unknown) => Promise<unknown>>>(steps: S): S {
  const wrapped: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [name, step] of Object.entries(steps)) {
    wrapped[name] = async (input) => {
      try {
        return await step(input);
      } catch (error) {
        throw surfaceTransient(error);
      }
    };
  }
  return wrapped as S;
}

/** Extra asks for a page inside the count that came back empty, before the job fails. */
const EMPTY_PAGE_RETRIES = 2;

export function buildWorkflowSteps(deps: WorkflowDeps) {
  const { provider, config, requests, now } = deps;

  async function resolveJobs(from: IsoDate, to: IsoDate): Promise<Job[]> {
    const ids: Record<ReportKind, number> =
      config.environment === 'sandbox' ? { ...SANDBOX_CONFIGURATION_IDS } : await configurationIdsByName();
    const windows = splitIntoWindows(from, to);
    return REPORT_KINDS.flatMap((kind) =>
      windows.map((window) => ({ kind, configurationId: ids[kind], from: window.from, to: window.to })),
    );
  }

  async function configurationIdsByName(): Promise<Record<ReportKind, number>> {
    const listed = await provider.listConfigurations();
    const find = (name: string) => {
      const wanted = name.trim().toLowerCase();
      const found = listed.find((c) => c.nome.trim().toLowerCase() === wanted);
      if (!found) {
        const names = listed.map((c) => c.nome).join(', ');
        throw new ConfigurationNotFoundError(`no configuration named '${name}' (provider lists: ${names})`);
      }
      return found.id;
    };
    return {
      sales: find(config.configurationNames.sales),
      financial: find(config.configurationNames.financial),
    };
  }

  /** Downloads pages side by side, then ingests and applies them; sandbox stops at the first empty page. */
  async function downloadPages(
    input: Omit<DownloadInput, 'batchIndex' | 'pages'> & { batch: { firstPage: number; lastPage: number } },
    stopAtPastLast: boolean,
    /** quantidadePaginas, when known: pages must then be complete (see counted-pages.ts). */
    totalPages?: number,
  ): Promise<BatchResult> {
    const { job, reportId, generatedOn, asOf, batch } = input;
    const { result, requests: providerRequests } = await requests.measure(async () => {
      const fetched =
        totalPages === undefined
          ? await mapWithConcurrency(range(batch.firstPage, batch.lastPage), config.pageConcurrency, (page) =>
              provider.downloadPage(reportId, page),
            )
          : await fetchCountedPages(provider, {
              reportId,
              ...batch,
              totalPages,
              concurrency: config.pageConcurrency,
              emptyPageRetries: EMPTY_PAGE_RETRIES,
            });
      const firstEmpty = fetched.findIndex((page) => page.pastLastPage);
      const pages = stopAtPastLast && firstEmpty >= 0 ? fetched.slice(0, firstEmpty) : fetched;
      await deps.pageFingerprints.claim(reportId, pages);
      const ingested = await deps.ingestPages(
        pages.map((page) => ({
          page,
          source: { reportKind: job.kind, reportId, page: page.page, generatedOn } satisfies RecordSource,
        })),
        (records) => {
          // Before anything is applied: a report of another window fails the job instead.
          assertRecordsFitWindow(reportId, job, records, config.windowCheck);
          return deps.receivables(asOf).applyRecords(records);
        },
      );
      return { pages, firstEmpty, ingested };
    });
    const { changed, unchanged, conflicts } = result.ingested.applied;
    return {
      pages: result.pages.length,
      pastLastPage: result.firstEmpty >= 0,
      counts: result.ingested.counts as BatchResult['counts'],
      providerRequests,
      receivables: { changed, unchanged, conflicts },
    };
  }

  function jobResult(
    job: Job,
    report: ReportProgress | null | undefined,
    outcome: JobOutcome,
    error: string | undefined,
    batches: readonly BatchResult[],
  ): JobResult {
    const total = mergeBatches(batches);
    return {
      kind: job.kind,
      configurationId: job.configurationId,
      from: job.from,
      to: job.to,
      reportId: report?.reportId ?? null,
      ...(report?.situacao ? { reportState: report.situacao } : {}),
      ...(report?.resumed ? { resumed: true } : {}),
      ...(report
        ? { attempts: [...(report.attempts ?? []), { reportId: report.reportId, situacao: report.situacao }] }
        : {}),
      outcome,
      ...(error === undefined ? {} : { error }),
      pages: total.pages,
      counts: total.counts,
      providerRequests: (report?.providerRequests ?? 0) + total.providerRequests,
      ...(batches.length > 0 ? { receivables: total.receivables } : {}),
    };
  }

  return surfacing({
    /** Resolves the period and configurations, claims the run marker, lists the jobs. */
    async plan(raw: unknown): Promise<PlanOutput> {
      const { input, executionId } = planInputSchema.parse(raw);
      const at = now();
      const yesterday = addDays(businessDate(at), -1);
      const to = input.to ?? yesterday;
      const from = input.from ?? addDays(to, -(config.lookbackDays - 1));
      const days = daysBetween(from, to) + 1;
      if (config.maxPeriodDays !== undefined && days > config.maxPeriodDays)
        throw new PeriodTooLongError(from, to, days, config.maxPeriodDays);
      const run: RunContext = {
        runId: executionId.split(':').pop() ?? executionId,
        executionId,
        environment: config.environment,
        from,
        to,
        asOf: businessDate(at),
        startedAt: at.toISOString(),
        waitMode: waitModeOf(config),
      };
      const jobs = await resolveJobs(from, to);
      const claim = await deps.runGuard.claim(run, executionId, { force: input.force === true });
      if (!claim.claimed) return { skip: true, reason: claim.reason, run, jobs: [], segments: [] };
      return { skip: false, run, jobs, segments: range(0, config.snapshotSegments - 1) };
    },

    /** Resumes the window's kept report or generates one under the configuration's lease. */
    generateReport: buildGenerateStep(deps),

    /** One poll: state, page count, page batches once CONCLUIDO, and whether the deadline passed. */
    async checkReport(raw: unknown): Promise<ReportProgress> {
      const { report } = z.object({ report: reportSchema }).parse(raw);
      const { result, requests: sent } = await requests.measure(() => provider.getReport(report.reportId));
      if (!result) throw new ReportVanishedError(report.reportId);
      const pages = result.quantidadePaginas ?? 0;
      const batchCount = result.situacao === 'CONCLUIDO' ? Math.ceil(pages / config.pagesPerBatch) : 0;
      const terminal = result.situacao === 'CONCLUIDO' || result.situacao === 'ERRO';
      // This generation is attempt number `tried`; ERRO with attempts left generates again after a back-off.
      const tried = (report.attempts?.length ?? 0) + 1;
      return {
        ...report,
        providerRequests: report.providerRequests + sent,
        situacao: result.situacao,
        pages: result.quantidadePaginas,
        deadlinePassed: !terminal && now().getTime() >= Date.parse(report.deadline),
        retryGeneration: result.situacao === 'ERRO' && tried < config.generationAttempts,
        retryDelaySeconds: config.generationBackoffSeconds * 2 ** (tried - 1),
        batchCount,
        ...chunkPlan(batchCount, config.batchesPerChunk),
        pagesUnknown: result.situacao === 'CONCLUIDO' && result.quantidadePaginas === null,
      };
    },

    /** The `.waitForTaskToken` task: parks the token by report id; the webhook (or a prior event) resumes it. */
    async waitForReport(raw: unknown): Promise<{ status: 'waiting' | 'resumed' }> {
      const { reportId, taskToken } = z
        .object({ reportId: z.string(), taskToken: z.string().min(1) })
        .parse(raw);
      return { status: await deps.registerWait(reportId, taskToken) };
    },

    /**
     * Batch `batchIndex` of a CONCLUIDO report (production). Its counts go to the batch store, not to
     * the state; the answer is a few bytes whatever the report size. Indexes past the last page (the
     * last chunk's tail) do nothing.
     */
    async downloadPages(raw: unknown): Promise<{ batchIndex: number; pages: number }> {
      const { batchIndex, pages, ...rest } = downloadInputSchema.parse(raw);
      const batch = batchPages(batchIndex, pages, config.pagesPerBatch);
      if (!batch) return { batchIndex, pages: 0 };
      const result = await downloadPages({ ...rest, batch }, false, pages);
      await deps.batchResults.save(rest.executionId, rest.job, batchIndex, result);
      return { batchIndex, pages: result.pages };
    },

    /**
     * One turn of the page loop for reports without a page count (always in the sandbox; in
     * production if CONCLUIDO came without quantidadePaginas): fetch the next batch, stop at the first
     * page past the last, and carry the running totals in the cursor. Batches grow (2, 4, 8… pages,
     * up to `pagesPerBatch`) so that a short report does not spend the account's request budget on
     * pages past its end: a one-page report costs two requests, not a whole batch.
     */
    async downloadUntilEmpty(raw: unknown): Promise<PageCursor> {
      const { cursor, ...rest } = untilEmptyInputSchema.parse(raw);
      if (cursor.nextPage > config.maxUnknownPages)
        throw new TooManyPagesError(rest.reportId, config.maxUnknownPages);
      const size = Math.min(config.pagesPerBatch, cursor.nextPage + 1);
      const lastPage = Math.min(cursor.nextPage + size - 1, config.maxUnknownPages);
      const batch = await downloadPages({ ...rest, batch: { firstPage: cursor.nextPage, lastPage } }, true);
      const totals = cursor.totals ? mergeBatches([cursor.totals, batch]) : batch;
      return { nextPage: lastPage + 1, done: batch.pastLastPage, totals };
    },

    /** Reduces what the job learned into its {@link JobResult}, whichever way it ended. */
    async finishJob(raw: unknown): Promise<JobResult> {
      const state = jobStateSchema.parse(raw);
      const saved = state.report ? await deps.batchResults.list(state.executionId, state.job) : [];
      const batches = [...saved, ...(state.cursor?.totals ? [state.cursor.totals] : [])];
      if (state.failure) {
        const error = `${state.failure.Error}: ${causeMessage(state.failure.Cause)}`;
        return jobResult(state.job, state.report, 'FAILED', error, batches);
      }
      if (state.end) return jobResult(state.job, state.report, state.end.outcome, state.end.error, batches);
      return jobResult(state.job, state.report, 'COMPLETED', undefined, batches);
    },

    /** Deletes the report when that is safe (COMPLETED or ERRO), else keeps it for a re-run. */
    deleteReport: buildDeleteStep(deps),

    /** Nightly aging sweep: OPEN past due date + grace becomes OVERDUE. */
    async ageReceivables(raw: unknown): Promise<{ becameOverdue: number }> {
      const { asOf } = z.object({ asOf: isoDateSchema }).parse(raw);
      const { becameOverdue } = await deps.ageReceivables(asOf);
      return { becameOverdue };
    },

    /** One segment of the receivables snapshot export (Parquet, for Athena). */
    async exportSnapshot(raw: unknown): Promise<{ rows: number }> {
      const request = z
        .object({
          asOf: isoDateSchema,
          segment: z.number().int().min(0),
          totalSegments: z.number().int().min(1),
        })
        .parse(raw);
      const { rows } = await deps.exportSnapshot(request);
      return { rows };
    },

    /** Writes and publishes the run summary, then closes the run marker (FAILED lets a re-run proceed). */
    async summarize(raw: unknown): Promise<SummarizeOutput> {
      const input = z
        .object({
          run: runSchema,
          jobs: z.array(jobResultSchema),
          aging: z.object({ becameOverdue: z.number() }),
        })
        .parse(raw);
      const { run, jobs, aging } = input;
      const summary = await deps.summarize({
        runId: run.runId,
        environment: run.environment,
        from: run.from,
        to: run.to,
        asOf: run.asOf,
        startedAt: run.startedAt,
        jobs,
        aging,
      });
      const notCompleted = jobs.filter((job) => job.outcome !== 'COMPLETED').length;
      await deps.runGuard.finish(run, run.executionId, notCompleted === 0 ? 'COMPLETED' : 'FAILED');
      return { allCompleted: notCompleted === 0, notCompleted, summary };
    },
  });
}

export type WorkflowSteps = ReturnType<typeof buildWorkflowSteps>;
export type StepName = keyof WorkflowSteps;
