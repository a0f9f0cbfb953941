/**
 * The nightly workflow's steps as plain async functions, JSON in and JSON out. The state machine
 * (lib/workflow/definition.ts) decides the order; each Lambda handler calls exactly one of these; the
 * local executor binds the same functions to the same states. Every input is parsed with zod here, so
 * a definition that passes the wrong shape fails the same way in AWS, locally and in tests.
 *
 * Payloads stay small: page results travel as counts only, never records.
 */
import { z } from 'zod';
import { addDays, businessDate, type IsoDate, isoDateSchema } from '../calendar';
import { emptyIngestCounts, mergeIngestCounts } from '../lake/counts';
import type { Page, ProviderClient } from '../provider/port';
import { REPORT_STATES } from '../provider/port';
import { splitIntoWindows } from '../provider/windows';
import { type CanonicalRecord, REPORT_KINDS, type RecordSource, type ReportKind } from '../records/canonical';
import { mapWithConcurrency } from './concurrency';
import { SANDBOX_CONFIGURATION_IDS, type WorkflowConfig, waitModeOf } from './config';
import type { IngestCounts, Job, JobOutcome, JobResult, ReceivableChanges, SummaryInput } from './contracts';
import {
  ConfigurationNotFoundError,
  ReportVanishedError,
  surfaceTransient,
  TooManyPagesError,
} from './errors';
import type { RequestCounter } from './request-count';
import type { RunGuard } from './run-guard';

/** The ports the steps need; `lambdas/core/workflow/wiring.ts` builds the real ones. */
export interface WorkflowDeps {
  readonly provider: ProviderClient;
  /** Counts the provider requests of one step call (the client's `onRequest` feeds it). */
  readonly requests: RequestCounter;
  /** Archives, normalizes and exports the pages of one download batch (all of one report). */
  readonly ingestPages: (
    pages: readonly { page: Page; source: RecordSource }[],
  ) => Promise<{ records: readonly CanonicalRecord[]; counts: IngestCounts }>;
  /** The receivables store deriving statuses as of `asOf`. */
  readonly receivables: (asOf: IsoDate) => {
    applyRecords(
      records: readonly CanonicalRecord[],
    ): Promise<{ changed: number; unchanged: number; conflicts: number }>;
  };
  readonly ageReceivables: (asOf: IsoDate) => Promise<{ becameOverdue: number }>;
  readonly exportSnapshot: (request: { asOf: IsoDate; segment: number; totalSegments: number }) => Promise<{
    rows: number;
  }>;
  readonly registerWait: (reportId: string, taskToken: string) => Promise<'waiting' | 'resumed'>;
  readonly summarize: (input: SummaryInput) => Promise<unknown>;
  readonly runGuard: RunGuard;
  readonly config: WorkflowConfig;
  readonly now: () => Date;
}

const jobSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  configurationId: z.number().int(),
  from: isoDateSchema,
  to: isoDateSchema,
});

const runSchema = z.object({
  runId: z.string(),
  executionId: z.string(),
  environment: z.enum(['sandbox', 'production']),
  from: isoDateSchema,
  to: isoDateSchema,
  asOf: isoDateSchema,
  startedAt: z.string(),
  waitMode: z.enum(['none', 'poll', 'webhook']),
});
export type RunContext = z.output<typeof runSchema>;

const batchSchema = z.object({ firstPage: z.number().int().min(1), lastPage: z.number().int().min(1) });
export type PageBatch = z.output<typeof batchSchema>;

/** A report as the job loop carries it; `providerRequests` accumulates over generate/poll steps. */
const reportSchema = z.object({
  reportId: z.string(),
  generatedOn: isoDateSchema,
  deadline: z.string(),
  providerRequests: z.number().int().min(0),
  situacao: z.enum(REPORT_STATES).optional(),
  pages: z.number().int().min(0).nullable().optional(),
  deadlinePassed: z.boolean().optional(),
  batches: z.array(batchSchema).optional(),
  batchCount: z.number().int().min(0).optional(),
  /** CONCLUIDO without quantidadePaginas: download until the first empty page instead of by count. */
  pagesUnknown: z.boolean().optional(),
});
export type ReportProgress = z.output<typeof reportSchema>;

const countsSchema = z.object({
  received: z.number(),
  byCode: z.record(z.string(), z.number()),
  quarantinedByReason: z.record(z.string(), z.number()),
  drift: z.object({ unknownColumns: z.array(z.string()), missingFields: z.array(z.string()) }),
});

const batchResultSchema = z.object({
  pages: z.number().int().min(0),
  pastLastPage: z.boolean(),
  counts: countsSchema,
  providerRequests: z.number().int().min(0),
  receivables: z.object({ changed: z.number(), unchanged: z.number(), conflicts: z.number() }),
});
export type BatchResult = z.output<typeof batchResultSchema>;

const cursorSchema = z.object({
  nextPage: z.number().int().min(1),
  done: z.boolean().optional(),
  totals: batchResultSchema.optional(),
});
export type PageCursor = z.output<typeof cursorSchema>;

/** Execution input: `{}` from the schedule, `{from, to}` for a backfill, `force` to override the run guard. */
export const executionInputSchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  force: z.boolean().optional(),
});
export type ExecutionInput = z.output<typeof executionInputSchema>;

const planInputSchema = z.object({ input: executionInputSchema, executionId: z.string().min(1) });

const downloadInputSchema = z.object({
  job: jobSchema,
  reportId: z.string(),
  generatedOn: isoDateSchema,
  asOf: isoDateSchema,
  batch: batchSchema,
});

const untilEmptyInputSchema = downloadInputSchema.omit({ batch: true }).extend({ cursor: cursorSchema });

const jobStateSchema = z.object({
  job: jobSchema,
  report: reportSchema.optional(),
  batchResults: z.array(batchResultSchema).optional(),
  cursor: cursorSchema.optional(),
  /** Set by the definition's Pass states for ERRO and a passed deadline. */
  end: z.object({ outcome: z.enum(['REPORT_ERROR', 'DEADLINE_PASSED']), error: z.string() }).optional(),
  /** Set by the iterator's Catch: `{Error, Cause}` of the failed state. */
  failure: z.object({ Error: z.string(), Cause: z.string().optional() }).optional(),
});

const jobResultSchema: z.ZodType<JobResult> = jobSchema.extend({
  reportId: z.string().nullable(),
  outcome: z.enum(['COMPLETED', 'REPORT_ERROR', 'DEADLINE_PASSED', 'FAILED']),
  error: z.string().optional(),
  pages: z.number(),
  counts: countsSchema,
  providerRequests: z.number(),
  receivables: z.object({ changed: z.number(), unchanged: z.number(), conflicts: z.number() }).optional(),
  deletion: z
    .object({ status: z.enum(['DELETED', 'SKIPPED', 'FAILED']), detail: z.string().optional() })
    .optional(),
}) as unknown as z.ZodType<JobResult>;

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
  /** The full run summary; the definition keeps only the two fields above in the state. */
  readonly summary: unknown;
}

const TERMINAL = new Set(['CONCLUIDO', 'ERRO']);

function pageBatches(pages: number, perBatch: number): PageBatch[] {
  const batches: PageBatch[] = [];
  for (let first = 1; first <= pages; first += perBatch) {
    batches.push({ firstPage: first, lastPage: Math.min(pages, first + perBatch - 1) });
  }
  return batches;
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

const noChanges: ReceivableChanges = { changed: 0, unchanged: 0, conflicts: 0 };

function addChanges(a: ReceivableChanges, b: ReceivableChanges): ReceivableChanges {
  return {
    changed: a.changed + b.changed,
    unchanged: a.unchanged + b.unchanged,
    conflicts: a.conflicts + b.conflicts,
  };
}

function mergeBatches(results: readonly BatchResult[]): BatchResult {
  return results.reduce<BatchResult>(
    (total, r) => ({
      pages: total.pages + r.pages,
      pastLastPage: total.pastLastPage || r.pastLastPage,
      counts: mergeIngestCounts(total.counts, r.counts) as BatchResult['counts'],
      providerRequests: total.providerRequests + r.providerRequests,
      receivables: addChanges(total.receivables, r.receivables),
    }),
    {
      pages: 0,
      pastLastPage: false,
      counts: emptyIngestCounts() as BatchResult['counts'],
      providerRequests: 0,
      receivables: noChanges,
    },
  );
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
    input: z.output<typeof downloadInputSchema>,
    stopAtPastLast: boolean,
  ): Promise<BatchResult> {
    const { job, reportId, generatedOn, asOf, batch } = input;
    const { result, requests: providerRequests } = await requests.measure(async () => {
      const fetched = await mapWithConcurrency(
        range(batch.firstPage, batch.lastPage),
        config.pageConcurrency,
        (page) => provider.downloadPage(reportId, page),
      );
      const firstEmpty = fetched.findIndex((page) => page.pastLastPage);
      const pages = stopAtPastLast && firstEmpty >= 0 ? fetched.slice(0, firstEmpty) : fetched;
      const ingested = await deps.ingestPages(
        pages.map((page) => ({
          page,
          source: { reportKind: job.kind, reportId, page: page.page, generatedOn } satisfies RecordSource,
        })),
      );
      const applied = await deps.receivables(asOf).applyRecords(ingested.records);
      return { pages, firstEmpty, ingested, applied };
    });
    const { changed, unchanged, conflicts } = result.applied;
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
    report: ReportProgress | undefined,
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

    /** POST /retornos/geracao; starts the job's deadline clock. */
    async generateReport(raw: unknown): Promise<ReportProgress> {
      const { job } = z.object({ job: jobSchema }).parse(raw);
      const { result, requests: providerRequests } = await requests.measure(() =>
        provider.generate({ configurationId: job.configurationId, from: job.from, to: job.to }),
      );
      const at = now();
      return {
        reportId: result.reportId,
        generatedOn: businessDate(at),
        deadline: new Date(at.getTime() + config.reportDeadlineMinutes * 60_000).toISOString(),
        providerRequests,
      };
    },

    /** One poll: state, page count, page batches once CONCLUIDO, and whether the deadline passed. */
    async checkReport(raw: unknown): Promise<ReportProgress> {
      const { report } = z.object({ report: reportSchema }).parse(raw);
      const { result, requests: sent } = await requests.measure(() => provider.getReport(report.reportId));
      if (!result) throw new ReportVanishedError(report.reportId);
      const pages = result.quantidadePaginas ?? 0;
      const batches = result.situacao === 'CONCLUIDO' ? pageBatches(pages, config.pagesPerBatch) : [];
      return {
        ...report,
        providerRequests: report.providerRequests + sent,
        situacao: result.situacao,
        pages: result.quantidadePaginas,
        deadlinePassed: !TERMINAL.has(result.situacao) && now().getTime() >= Date.parse(report.deadline),
        batches,
        batchCount: batches.length,
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

    /** One batch of a CONCLUIDO report (production): pages `firstPage..lastPage`. */
    async downloadPages(raw: unknown): Promise<BatchResult> {
      return downloadPages(downloadInputSchema.parse(raw), false);
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
      const batches = [...(state.batchResults ?? []), ...(state.cursor?.totals ? [state.cursor.totals] : [])];
      if (state.failure) {
        const error = `${state.failure.Error}: ${causeMessage(state.failure.Cause)}`;
        return jobResult(state.job, state.report, 'FAILED', error, batches);
      }
      if (state.end) return jobResult(state.job, state.report, state.end.outcome, state.end.error, batches);
      return jobResult(state.job, state.report, 'COMPLETED', undefined, batches);
    },

    /**
     * DELETE /retornos/{id}, only in CONCLUIDO or ERRO (the provider refuses other states; the sandbox
     * never leaves EM_PROCESSAMENTO). A failed delete is reported in the result, never thrown.
     */
    async deleteReport(raw: unknown): Promise<JobResult> {
      const { result, report } = z
        .object({ result: jobResultSchema, report: reportSchema.optional() })
        .parse(raw);
      const skip = (detail: string): JobResult => ({ ...result, deletion: { status: 'SKIPPED', detail } });
      if (config.environment === 'sandbox') return skip('sandbox reports never leave EM_PROCESSAMENTO');
      if (!result.reportId) return skip('no report was generated');
      const reportId = result.reportId;
      const { result: deletion, requests: sent } = await requests.measure(async () => {
        try {
          const known = report?.situacao;
          const state = known && TERMINAL.has(known) ? known : (await provider.getReport(reportId))?.situacao;
          if (!state || !TERMINAL.has(state))
            return { status: 'SKIPPED' as const, detail: `state ${state ?? 'unknown'}` };
          await provider.deleteReport(reportId);
          return { status: 'DELETED' as const };
        } catch (error) {
          return {
            status: 'FAILED' as const,
            detail: `${(error as Error).name}: ${(error as Error).message}`,
          };
        }
      });
      return { ...result, providerRequests: result.providerRequests + sent, deletion };
    },

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
