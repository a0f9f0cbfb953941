/**
 * What the nightly workflow's steps hand to each other, defined once, in zod: {@link STEP_CONTRACTS}
 * gives every step's input and output schema, the step wrapper (build-steps.ts `bindContract`) parses both,
 * so a definition that passes the wrong shape, or a step that answers one, fails the same way in AWS,
 * locally and in tests; the TypeScript types are the schemas' outputs. Everything here travels in
 * the execution's state: each shape is bounded whatever the report size (no page list, no per-batch
 * results; see docs/report-lifecycle.md).
 */
import { z } from 'zod';
import { isoDateSchema } from '../calendar';
import { ingestCountsSchema } from '../ingest/lake/counts';
import { REPORT_KINDS } from '../ingest/records/canonical';
import { REPORT_STATES } from '../provider/port';
import type { StepName } from './step-catalog';

/** What the jobs' counts key their quarantined records by, named for the summary's readers. */
export type { QuarantineReason } from '../ingest/records/canonical';

/** One report to fetch: a configuration and a window of at most 30 days. */
export const jobSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  configurationId: z.number().int(),
  from: isoDateSchema,
  to: isoDateSchema,
});
export type Job = z.output<typeof jobSchema>;

export const runSchema = z.object({
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

/** One generation of the job's report: an earlier one in ERRO, or the current one. */
export const attemptSchema = z.object({ reportId: z.string(), situacao: z.enum(REPORT_STATES).optional() });
export type GenerationAttempt = z.output<typeof attemptSchema>;

/** A report as the job loop carries it; `providerRequests` accumulates over generate/poll steps. */
export const reportSchema = z.object({
  reportId: z.string(),
  generatedOn: isoDateSchema,
  deadline: z.string(),
  providerRequests: z.number().int().min(0),
  /** Earlier generations of this job that ended in ERRO (deleted before generating again). */
  attempts: z.array(attemptSchema).optional(),
  /** The window's report kept by an earlier run, resumed instead of generated. */
  resumed: z.boolean().optional(),
  situacao: z.enum(REPORT_STATES).optional(),
  pages: z.number().int().min(0).nullable().optional(),
  deadlinePassed: z.boolean().optional(),
  /** ERRO with attempts left: the definition waits `retryDelaySeconds`, then generates again. */
  retryGeneration: z.boolean().optional(),
  retryDelaySeconds: z.number().int().min(0).optional(),
  batchCount: z.number().int().min(0).optional(),
  /** Page batches are addressed by index in chunks (see download/batch-results.ts `chunkPlan`). */
  chunkSpan: z.number().int().min(0).optional(),
  chunkSize: z.number().int().min(1).optional(),
  lastChunkStart: z.number().int().min(0).optional(),
  /** CONCLUIDO without quantidadePaginas: download until the first empty page instead of by count. */
  pagesUnknown: z.boolean().optional(),
});
export type ReportProgress = z.output<typeof reportSchema>;

/** What applying a batch's or a job's records did to the receivables. */
export const receivableChangesSchema = z.object({
  changed: z.number(),
  unchanged: z.number(),
  conflicts: z.number(),
});
export type ReceivableChanges = z.output<typeof receivableChangesSchema>;

export const batchResultSchema = z.object({
  pages: z.number().int().min(0),
  pastLastPage: z.boolean(),
  counts: ingestCountsSchema,
  providerRequests: z.number().int().min(0),
  receivables: receivableChangesSchema,
  /** The batch holding the last counted page found records on the page after it: the count is short. */
  pastCount: z.boolean().optional(),
});
export type BatchResult = z.output<typeof batchResultSchema>;

export const cursorSchema = z.object({
  nextPage: z.number().int().min(1),
  done: z.boolean().optional(),
  totals: batchResultSchema.optional(),
  /**
   * Set by "Confirm page count" after the batches of a counted report: `nextPage` is the page after
   * the count, which the batch holding the last counted page already asked (see download/counted-pages.ts).
   */
  afterCount: z.boolean().optional(),
  /**
   * The report's count, when the loop goes on past it: `maxUnknownPages` counts from there (set by the
   * loop's first turn after "Confirm page count").
   */
  countedPages: z.number().int().min(0).optional(),
});
export type PageCursor = z.output<typeof cursorSchema>;

/** Execution input: `{}` from the schedule, `{from, to}` for a backfill, `force` to override the run guard. */
export const executionInputSchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  force: z.boolean().optional(),
  /**
   * The business date states are derived for (default: today in São Paulo). Only the date moves: run
   * ids, start times and every lease or deadline keep the wall clock (`recon run --as-of`).
   */
  asOf: isoDateSchema.optional(),
});
export type ExecutionInput = z.output<typeof executionInputSchema>;

export const planInputSchema = z.object({ input: executionInputSchema, executionId: z.string().min(1) });

export const generateInputSchema = z.object({
  job: jobSchema,
  executionId: z.string().min(1),
  /** The job's previous generation, which ended in ERRO (the "Generate report again" state). */
  previous: reportSchema.optional(),
});

const downloadBase = z.object({
  job: jobSchema,
  executionId: z.string().min(1),
  reportId: z.string(),
  generatedOn: isoDateSchema,
  asOf: isoDateSchema,
});
export const downloadInputSchema = downloadBase.extend({
  /** 0-based page batch; indexes past the last batch (the last chunk's tail) are no-ops. */
  batchIndex: z.number().int().min(0),
  pages: z.number().int().min(0),
});
export type DownloadInput = z.output<typeof downloadInputSchema>;
export const untilEmptyInputSchema = downloadBase.extend({ cursor: cursorSchema });

/** A job state field the jobs Map starts as `false` (CDK drops nulls from a payload): unset. */
function settable<T extends z.ZodType>(schema: T) {
  return z
    .union([schema, z.literal(false)])
    .optional()
    .transform((value) => (value === false ? undefined : value));
}

/** Set by the definition's Pass states for ERRO and a passed deadline. */
export const jobEndSchema = z.object({
  outcome: z.enum(['REPORT_ERROR', 'DEADLINE_PASSED']),
  error: z.string(),
});
/** Set by the iterator's Catch: `{Error, Cause}` of the failed state. */
export const stateFailureSchema = z.object({ Error: z.string(), Cause: z.string().optional() });

/** What Finish job / Record job failure receive: the definition's explicit payload. */
export const jobStateSchema = z.object({
  job: jobSchema,
  executionId: z.string().min(1),
  report: settable(reportSchema),
  cursor: settable(cursorSchema),
  end: settable(jobEndSchema),
  failure: settable(stateFailureSchema),
});

export const JOB_OUTCOMES = ['COMPLETED', 'REPORT_ERROR', 'DEADLINE_PASSED', 'FAILED'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** Clean-up at the provider; a failed delete is reported here and never fails the job. */
export const reportDeletionSchema = z.object({
  /**
   * SKIPPED: sandbox, no report, or a state the provider refuses to delete (not CONCLUIDO/ERRO).
   * KEPT: the job did not complete, so its report stays for a re-run of the window to resume.
   */
  status: z.enum(['DELETED', 'SKIPPED', 'KEPT', 'FAILED']),
  detail: z.string().optional(),
});
export type ReportDeletion = z.output<typeof reportDeletionSchema>;

/** What one job (configuration × window) ended with: the summary and the local runner read it. */
export const jobResultSchema = jobSchema.extend({
  reportId: z.string().nullable(),
  /** The report's last known state at the provider (decides whether deleting it is safe). */
  reportState: z.enum(REPORT_STATES).optional(),
  /** True when the job resumed the report an earlier run of this window kept. */
  resumed: z.boolean().optional(),
  /** Every generation of this job, in order; earlier ones ended in ERRO. */
  attempts: z.array(attemptSchema).readonly().optional(),
  outcome: z.enum(JOB_OUTCOMES),
  /** Plain-words cause when the outcome is not COMPLETED; never holds a secret. */
  error: z.string().optional(),
  pages: z.number(),
  counts: ingestCountsSchema,
  /** Requests this job sent to the provider (retries included). */
  providerRequests: z.number(),
  /** Absent when nothing was applied. */
  receivables: receivableChangesSchema.optional(),
  deletion: reportDeletionSchema.optional(),
});
export type JobResult = z.output<typeof jobResultSchema>;

/** What the nightly aging did (the summary reports it). */
export const agingSchema = z.object({ becameOverdue: z.number().int().min(0) });

/** Input of the run summary: everything the workflow learned in one execution. */
export const summaryInputSchema = z.object({
  runId: z.string(),
  environment: z.enum(['sandbox', 'production']),
  from: isoDateSchema,
  to: isoDateSchema,
  /** Business date the run treats as "today" (aging, exports). */
  asOf: isoDateSchema,
  startedAt: z.string(),
  jobs: z.array(jobResultSchema).readonly(),
  aging: agingSchema,
});
export type SummaryInput = z.output<typeof summaryInputSchema>;

export const planOutputSchema = z.object({
  skip: z.boolean(),
  /** Why the run was skipped (the run marker's state). */
  reason: z.string().optional(),
  run: runSchema,
  jobs: z.array(jobSchema),
  /** Export segment indexes, one Map iteration each. */
  segments: z.array(z.number().int().min(0)),
});

/**
 * What the summarize step returns: only what the state machine reads (the verdict branches on
 * `allCompleted`). The full summary is summary.json in the bucket, where every reader finds it.
 */
const summarizeOutputSchema = z.object({
  allCompleted: z.boolean(),
  notCompleted: z.number().int().min(0),
});

const count = z.number().int().min(0);

/**
 * What the deposit match returns: counts only, whatever the number of statements or results. The
 * results themselves are in the lake, where the summarize step reads them (docs/deposits.md).
 */
const matchDepositsOutputSchema = z.object({
  /** OFF: no statement was ever taken in, so nothing was matched. */
  state: z.enum(['ON', 'OFF']),
  results: count,
  statementsTaken: count,
  statementsRefused: count,
});

const reportIdOnly = z.object({ reportId: z.string() });

/**
 * Every step's input and output, by step name: the one place a step's contract is written. The
 * step wrapper parses both; lib/workflow addresses the state's fields through these schemas.
 */
export const STEP_CONTRACTS = {
  plan: { input: planInputSchema, output: planOutputSchema },
  generateReport: { input: generateInputSchema, output: reportSchema },
  waitForReport: {
    input: reportIdOnly.extend({ taskToken: z.string().min(1) }),
    output: z.object({ status: z.enum(['waiting', 'resumed']) }),
  },
  checkReport: {
    // The execution id only correlates the step's logs.
    input: z.object({ report: reportSchema, executionId: z.string().optional() }),
    output: reportSchema,
  },
  downloadUntilEmpty: { input: untilEmptyInputSchema, output: cursorSchema },
  downloadPages: {
    input: downloadInputSchema,
    output: z.object({ batchIndex: count, pages: count }),
  },
  finishJob: { input: jobStateSchema, output: jobResultSchema },
  deleteReport: { input: z.object({ result: jobResultSchema }), output: jobResultSchema },
  ageReceivables: { input: z.object({ asOf: isoDateSchema }), output: agingSchema },
  exportSnapshot: {
    input: z.object({ asOf: isoDateSchema, segment: count, totalSegments: z.number().int().min(1) }),
    output: z.object({ rows: count }),
  },
  matchDeposits: {
    input: z.object({ from: isoDateSchema, asOf: isoDateSchema }),
    output: matchDepositsOutputSchema,
  },
  summarize: {
    input: z.object({ run: runSchema, jobs: z.array(jobResultSchema), aging: agingSchema }),
    output: summarizeOutputSchema,
  },
} as const satisfies Record<StepName, { readonly input: z.ZodType; readonly output: z.ZodType }>;

/** What a step receives once its input is parsed. */
export type StepInput<S extends StepName> = z.output<(typeof STEP_CONTRACTS)[S]['input']>;
/** What a step answers (its output schema's input: the wrapper parses it before it leaves). */
export type StepOutput<S extends StepName> = z.input<(typeof STEP_CONTRACTS)[S]['output']>;
/** A step as written: typed input in, typed output out (the wrapper makes it JSON in, JSON out). */
export type StepImplementation<S extends StepName> = (input: StepInput<S>) => Promise<StepOutput<S>>;
