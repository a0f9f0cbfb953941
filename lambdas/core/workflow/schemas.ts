/**
 * The shapes the state machine hands to the steps, parsed with zod by every step, so a definition that
 * passes the wrong shape fails the same way in AWS, locally and in tests. Everything here travels in
 * the execution's state: each shape is bounded whatever the report size (no page list, no per-batch
 * results; see docs/report-lifecycle.md).
 */
import { z } from 'zod';
import { isoDateSchema } from '../calendar';
import { REPORT_STATES } from '../provider/port';
import { REPORT_KINDS } from '../records/canonical';
import { JOB_OUTCOMES, type JobResult } from './contracts';

export const jobSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  configurationId: z.number().int(),
  from: isoDateSchema,
  to: isoDateSchema,
});

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
  /** Page batches are addressed by index in chunks (see batch-results.ts `chunkPlan`). */
  chunkSpan: z.number().int().min(0).optional(),
  chunkSize: z.number().int().min(1).optional(),
  lastChunkStart: z.number().int().min(0).optional(),
  /** CONCLUIDO without quantidadePaginas: download until the first empty page instead of by count. */
  pagesUnknown: z.boolean().optional(),
});
export type ReportProgress = z.output<typeof reportSchema>;

export const countsSchema = z.object({
  received: z.number(),
  byCode: z.record(z.string(), z.number()),
  quarantinedByReason: z.record(z.string(), z.number()),
  drift: z.object({ unknownColumns: z.array(z.string()), missingFields: z.array(z.string()) }),
});

const changesSchema = z.object({ changed: z.number(), unchanged: z.number(), conflicts: z.number() });

export const batchResultSchema = z.object({
  pages: z.number().int().min(0),
  pastLastPage: z.boolean(),
  counts: countsSchema,
  providerRequests: z.number().int().min(0),
  receivables: changesSchema,
});
export type BatchResult = z.output<typeof batchResultSchema>;

export const cursorSchema = z.object({
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
function settable<T extends z.ZodTypeAny>(schema: T) {
  return z
    .union([schema, z.literal(false)])
    .optional()
    .transform((value) => (value === false ? undefined : (value as z.output<T> | undefined)));
}

/** What Finish job / Record job failure receive: the definition's explicit payload. */
export const jobStateSchema = z.object({
  job: jobSchema,
  executionId: z.string().min(1),
  report: settable(reportSchema),
  cursor: settable(cursorSchema),
  /** Set by the definition's Pass states for ERRO and a passed deadline. */
  end: settable(z.object({ outcome: z.enum(['REPORT_ERROR', 'DEADLINE_PASSED']), error: z.string() })),
  /** Set by the iterator's Catch: `{Error, Cause}` of the failed state. */
  failure: settable(z.object({ Error: z.string(), Cause: z.string().optional() })),
});

export const jobResultSchema: z.ZodType<JobResult> = jobSchema.extend({
  reportId: z.string().nullable(),
  reportState: z.enum(REPORT_STATES).optional(),
  resumed: z.boolean().optional(),
  attempts: z.array(attemptSchema).optional(),
  outcome: z.enum(JOB_OUTCOMES),
  error: z.string().optional(),
  pages: z.number(),
  counts: countsSchema,
  providerRequests: z.number(),
  receivables: changesSchema.optional(),
  deletion: z
    .object({ status: z.enum(['DELETED', 'SKIPPED', 'KEPT', 'FAILED']), detail: z.string().optional() })
    .optional(),
}) as unknown as z.ZodType<JobResult>;
