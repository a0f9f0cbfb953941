/**
 * Stage configuration, read from CDK context key `recon` (cdk.json or `-c recon='{"..."}'`) and
 * validated with zod before any construct is built, so a typo fails `cdk synth` with a clear message
 * instead of deploying a broken schedule. It is the single source of every setting: the Lambdas'
 * settings are derived from it ({@link workflowConfigOf}), and a setting both have is the workflow
 * schema's own field ({@link workflowConfigSchema}), one name and one default, so stack, handlers and
 * tests cannot drift apart. Groups default to `{}` parsed (`prefault`), never to restated values.
 */
import { z } from 'zod';
import { BUSINESS_TIME_ZONE } from '../lambdas/core/calendar';
import { reconConfigSchema } from '../lambdas/core/config';
import { parseConfig, parseConfigJson } from '../lambdas/core/config-issues';
import {
  DEFAULT_MARGIN_RATIO,
  DEFAULT_RATE_PER_SECOND,
  DEFAULT_SPACING_MS,
} from '../lambdas/core/rate-limit/pacing';
import { type WorkflowConfig, workflowConfigSchema } from '../lambdas/core/workflow/config';
import { budgetSettingsOf, lookbackWithinHistoryLimit } from './config-history';
import {
  costSchema,
  inboxSchema,
  lifecycleSchema,
  notificationFields,
  reservationCoversPeak,
} from './config-operations';
import { maxLookbackDays } from './workflow/history-budget';
import { generationLeaseSeconds } from './workflow/retry-schedule';

export const STAGE_CONTEXT_KEY = 'recon';

const workflowFields = workflowConfigSchema.shape;

export const stageConfigSchema = z
  .strictObject({
    environment: workflowFields.environment,
    /** Base address of the provider for the environment, without trailing slash. */
    baseUrl: z
      .url()
      .refine((url) => !/\.invalid$/i.test(new URL(url).hostname), {
        message: "baseUrl names a reserved '.invalid' host: set the provider's real address",
      })
      .transform((url) => url.replace(/\/+$/, '')),
    schedule: z
      .strictObject({
        /** EventBridge Scheduler cron (6 fields). @default 06:30 every day */
        cron: z
          .string()
          .regex(/^\S+( \S+){5}$/, 'expected 6 cron fields')
          .default('30 6 * * ? *'),
        timeZone: z.string().min(1).default(BUSINESS_TIME_ZONE),
        enabled: z.boolean().default(true),
      })
      .prefault({}),
    lookbackDays: workflowFields.lookbackDays,
    configurationNames: workflowFields.configurationNames,
    /** Tolerance, grace, aliases, match key: passed to the Lambdas as JSON. */
    recon: reconConfigSchema.prefault({}),
    webhook: z
      .strictObject({
        enabled: workflowFields.webhook,
        /** How long `WaitForReport` waits for the webhook before falling back to polling. */
        timeoutMinutes: z
          .number()
          .int()
          .min(1)
          .max(24 * 60)
          .default(60),
      })
      .prefault({}),
    /** Import an existing secret by ARN; when absent the stack creates one with generated placeholders. */
    secretArn: z.string().startsWith('arn:').optional(),
    /** Customer-managed KMS key of the imported secret, if any: the secret's readers get kms:Decrypt on it. */
    secretKmsKeyArn: z.string().startsWith('arn:aws:kms:').optional(),
    /**
     * Names this deployment, so two stages can share an account: stack `Recon-<stageName>`, Glue
     * database `recon_<stageName>`, Athena workgroup `recon_<stageName>-analytics`.
     * @default none: stack `Recon`, database `recon`
     */
    stageName: z
      .string()
      .regex(/^[a-z][a-z0-9]{0,19}$/, 'expected lower-case letters and digits, starting with a letter')
      .optional(),
    ...notificationFields,
    cost: costSchema,
    lifecycle: lifecycleSchema,
    inbox: inboxSchema,
    /** Requests per second recon may send (the provider allows 10 for the whole account; keep a margin). */
    ratePerSecond: z.number().positive().max(10).default(DEFAULT_RATE_PER_SECOND),
    /**
     * Fraction of `ratePerSecond` the shared limiter keeps in reserve for network jitter (see
     * lambdas/core/rate-limit/pacing.ts). Raise it if the provider ever answers 429.
     */
    rateMarginRatio: z.number().min(0).max(0.5).default(DEFAULT_MARGIN_RATIO),
    /**
     * Least time between two requests' slots, ms: an idle account's first requests leave this far apart
     * (see lambdas/core/rate-limit/window.ts). Raise it for a provider that limits concurrent requests.
     */
    rateSpacingMs: z.number().min(0).max(1_000).default(DEFAULT_SPACING_MS),
    polling: z.strictObject({ intervalSeconds: z.number().int().min(5).default(60) }).prefault({}),
    reportDeadlineMinutes: workflowFields.reportDeadlineMinutes,
    download: z
      .strictObject({
        pagesPerBatch: workflowFields.pagesPerBatch,
        pageConcurrency: workflowFields.pageConcurrency,
        batchConcurrency: workflowFields.batchConcurrency,
        /** Above this many batches the job uses the Distributed Map (child executions, 10k items). */
        distributedMapThreshold: z.number().int().min(1).default(40),
        distributedMapConcurrency: z.number().int().min(1).max(1000).default(5),
        maxUnknownPages: workflowFields.maxUnknownPages,
        /** Lambda concurrency reserved for each download function. @default none: the account's pool */
        reservedConcurrency: z.number().int().min(1).optional(),
      })
      .prefault({}),
    /** Reports processed at once (configuration x window jobs). */
    jobConcurrency: z.number().int().min(1).max(10).default(2),
    snapshotSegments: workflowFields.snapshotSegments,
    /** Language of the HTML report, the SNS message and the web inbox: `pt-BR` (default) or `en`. */
    reportLanguage: workflowFields.reportLanguage,
    /** Hours the message's link to the report is valid (1–168; a role session may end it sooner). */
    reportLinkHours: workflowFields.reportLinkHours,
  })
  .refine((stage) => !(stage.environment === 'sandbox' && stage.webhook.enabled), {
    message: 'the sandbox sends no webhooks: webhook.enabled must be false',
    path: ['webhook', 'enabled'],
  })
  .refine((stage) => stage.secretKmsKeyArn === undefined || stage.secretArn !== undefined, {
    message: 'secretKmsKeyArn is for an imported secret: set secretArn too',
    path: ['secretKmsKeyArn'],
  })
  .superRefine(lookbackWithinHistoryLimit)
  .superRefine(reservationCoversPeak);

export type StageConfig = z.output<typeof stageConfigSchema>;
export type StageConfigInput = z.input<typeof stageConfigSchema>;

/** Where the stage settings come from, as error messages name it. */
export const STAGE_SOURCE = `the CDK context '${STAGE_CONTEXT_KEY}' (cdk.json or -c ${STAGE_CONTEXT_KEY}=...)`;

/**
 * Parses the stage settings (an object, or JSON text as `-c recon='{...}'` gives it). Unknown keys
 * and invalid values throw a {@link ConfigError}: one sentence per problem, e.g.
 * `recon.graceDays: must be ≥ 0, got -1`, so `cdk synth` stops before building anything.
 */
export function parseStageConfig(input: unknown): StageConfig {
  const value = typeof input === 'string' ? parseConfigJson(input, STAGE_SOURCE) : input;
  return parseConfig(stageConfigSchema, value, STAGE_CONTEXT_KEY, STAGE_SOURCE);
}

/** The settings the workflow Lambdas get (as JSON env), derived from the stage. */
export function workflowConfigOf(stage: StageConfig): WorkflowConfig {
  return workflowConfigSchema.parse({
    environment: stage.environment,
    lookbackDays: stage.lookbackDays,
    configurationNames: stage.configurationNames,
    webhook: stage.webhook.enabled,
    reportDeadlineMinutes: stage.reportDeadlineMinutes,
    pagesPerBatch: stage.download.pagesPerBatch,
    pageConcurrency: stage.download.pageConcurrency,
    batchConcurrency: stage.download.batchConcurrency,
    maxUnknownPages: stage.download.maxUnknownPages,
    snapshotSegments: stage.snapshotSegments,
    reportLanguage: stage.reportLanguage,
    reportLinkHours: stage.reportLinkHours,
  });
}

/**
 * What the deployed Lambdas get: {@link workflowConfigOf} plus the longest period one execution may
 * run, so a hand-started `{from, to}` past the history budget fails at once in Plan run, and a
 * generation lease longer than the generate Task's whole retry schedule. Not for the local runner,
 * whose engine has no history limit and no Lambda timeouts.
 */
export function deployedWorkflowConfigOf(stage: StageConfig): WorkflowConfig {
  return {
    ...workflowConfigOf(stage),
    maxPeriodDays: maxLookbackDays(budgetSettingsOf(stage)),
    generationLeaseSeconds: generationLeaseSeconds(),
  };
}
