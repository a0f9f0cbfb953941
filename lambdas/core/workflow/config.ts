/**
 * Settings of the nightly workflow's steps, shared by the CDK stack (which derives them from the stage
 * configuration and passes them as JSON in {@link WORKFLOW_ENV.workflowConfig}) and by the local runner.
 * Each setting's one name and one default live here: the stage schema (lib/config.ts) reuses these
 * fields instead of restating them, because the core may not import lib/.
 */
import { z } from 'zod';
import type { ReportKind } from '../ingest/records/canonical';
import { DEFAULT_REPORT_LANGUAGE, REPORT_LANGUAGES } from '../report-language';

export const WORKFLOW_ENV = {
  /** {@link WorkflowConfig} as JSON. */
  workflowConfig: 'RECON_WORKFLOW_CONFIG',
} as const;

/** The sandbox's fixed configuration ids (spec, "Sandbox rules"). */
export const SANDBOX_CONFIGURATION_IDS: Readonly<Record<ReportKind, number>> = {
  sales: 35176,
  financial: 35177,
};

/** How a job waits for its report: sandbox reports are downloadable at once. */
export type WaitMode = 'none' | 'poll' | 'webhook';

export const workflowConfigSchema = z.object({
  environment: z.enum(['sandbox', 'production']),
  /** Days fetched by a run without `{from, to}`: the period ends yesterday (America/Sao_Paulo). */
  lookbackDays: z.number().int().min(1).max(366).default(1),
  /**
   * The longest period one execution may run, set by the stack from the stage's history budget
   * (lib/workflow/history-budget.ts); absent locally, where no history limit applies.
   */
  maxPeriodDays: z.number().int().min(1).optional(),
  /** Production configurations are found by name with GET /retornos/configuracoes. */
  configurationNames: z
    .object({
      sales: z.string().min(1).default('Vendas'),
      financial: z.string().min(1).default('Financeiro'),
    })
    .prefault({}),
  /** Production: wait for the webhook (falls back to polling on timeout) instead of polling at once. */
  webhook: z.boolean().default(false),
  /**
   * A report not CONCLUIDO/ERRO this long after generation ends its job as DEADLINE_PASSED. Fractions
   * are allowed so tests can use a sub-second deadline without a fake clock.
   */
  reportDeadlineMinutes: z
    .number()
    .positive()
    .max(24 * 60)
    .default(180),
  /** Pages one download invocation fetches (concurrently, through the shared limiter). */
  pagesPerBatch: z.number().int().min(1).max(100).default(10),
  /** Page batches the download Map runs at once: the first ones are staggered (download/batch-layout.ts). */
  batchConcurrency: z.number().int().min(1).max(40).default(3),
  /** Concurrent page downloads inside one invocation; the limiter still paces the account. */
  pageConcurrency: z.number().int().min(1).max(20).default(10),
  /**
   * A report without a page count (sandbox; CONCLUIDO without quantidadePaginas) is read until its
   * first empty page, at most this many pages, then the job fails. 7 history events per batch: the
   * default keeps a 31-day production run under the history budget (docs/report-lifecycle.md).
   */
  maxUnknownPages: z.number().int().min(1).max(10_000).default(1_000),
  /** Parallel segments of the receivables snapshot export. */
  snapshotSegments: z.number().int().min(1).max(64).default(4),
  /** A RUNNING run marker older than this no longer blocks a new start (its execution died). */
  runLeaseMinutes: z
    .number()
    .int()
    .min(1)
    .default(12 * 60),
  /** Generations of one job's report when the provider ends them in ERRO (the first included). */
  generationAttempts: z.number().int().min(1).max(10).default(3),
  /** Wait before generating again after ERRO; doubles with each attempt. */
  generationBackoffSeconds: z.number().int().min(0).max(3600).default(60),
  /**
   * A generation holder that stopped answering keeps the configuration's lease this long. The stack
   * sets it longer than the generate Task's whole retry schedule (lib/workflow/retry-schedule.ts).
   */
  generationLeaseSeconds: z.number().int().min(10).max(3600).default(300),
  /** How long a generation waits for another one's lease before its step is retried. */
  generationLeaseWaitSeconds: z.number().int().min(1).max(600).default(40),
  /**
   * Window check of each batch (download/window-check.ts; docs/design.md "Window check"): records dated by
   * their movement date get no slack; these two apply to approximately dated ones only. At most
   * half of those may lie outside the window, so slack never admits a whole neighbouring window.
   */
  windowCheck: z
    .object({
      slackDays: z.number().int().min(0).max(31).default(3),
      maxOutsideRatio: z.number().min(0).max(0.5).default(0.5),
    })
    .prefault({}),
  /** Page batches per chunk of the download Map (each chunk one child execution of the Distributed Map). */
  batchesPerChunk: z.number().int().min(1).max(1000).default(100),
  /** Language of the HTML report and the SNS message: Brazilian Portuguese unless English is asked. */
  reportLanguage: z.enum(REPORT_LANGUAGES).default(DEFAULT_REPORT_LANGUAGE),
  /**
   * Hours the message's presigned link to the report is valid, at most 7 days (SigV4); it also ends
   * when the summarize Lambda's role session does (docs/report.md, "The morning message").
   */
  reportLinkHours: z.number().int().min(1).max(168).default(12),
});

export type WorkflowConfig = z.output<typeof workflowConfigSchema>;
export type WorkflowConfigInput = z.input<typeof workflowConfigSchema>;

export function parseWorkflowConfig(input: unknown): WorkflowConfig {
  return workflowConfigSchema.parse(input);
}

export function waitModeOf(config: Pick<WorkflowConfig, 'environment' | 'webhook'>): WaitMode {
  if (config.environment === 'sandbox') return 'none';
  return config.webhook ? 'webhook' : 'poll';
}
