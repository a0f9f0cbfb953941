/**
 * The stage settings of who hears what (the finance and operations recipients) and of what the
 * stack costs each month whether or not a run happens (docs/deploy.md, "Cost, quotas and
 * teardown"): their own module so lib/config.ts stays the workflow's schema.
 */
import { z } from 'zod';

/** A list of e-mail addresses, each subscribed once (an address is its subscription's identity). */
const recipients = z
  .array(z.email())
  .default([])
  .refine((emails) => new Set(emails.map((email) => email.toLowerCase())).size === emails.length, {
    message: 'lists an address twice',
  });

/** A key earlier versions read: refused with what replaced it, so an old `cdk.json` fails at synth. */
function retired(replacement: string) {
  return z
    .unknown()
    .refine((value) => value === undefined, { message: `no longer read: ${replacement}` })
    .transform(() => undefined)
    .optional();
}

export const notificationFields = {
  /** Receive the morning message (the run's outcome and a link to its report). */
  financeEmails: recipients,
  /** Receive the alarms (CloudWatch alarm e-mails, each naming its runbook section). */
  operationsEmails: recipients,
  alarmEmail: retired(
    'set financeEmails (the morning message) and operationsEmails (the alarms), each a list of addresses',
  ),
};

/** How much the state machine writes to CloudWatch Logs, per execution event. */
export const STATE_MACHINE_LOG_LEVELS = ['ALL', 'ERROR', 'FATAL', 'OFF'] as const;

/** The fixed monthly items a stage may turn down; the defaults keep everything on. */
export const costSchema = z
  .strictObject({
    stateMachineLogLevel: z.enum(STATE_MACHINE_LOG_LEVELS).default('ALL'),
    /** Log each state's input and output too (the bulk of the log volume). */
    stateMachineLogExecutionData: z.boolean().default(true),
    /** X-Ray tracing on the Lambdas and the state machine. */
    tracing: z.boolean().default(true),
    /** DynamoDB point-in-time recovery of the table (billed per GB of the table, every month). */
    pointInTimeRecovery: z.boolean().default(true),
  })
  .refine((cost) => !(cost.stateMachineLogLevel === 'OFF' && cost.stateMachineLogExecutionData), {
    message:
      'the state machine logs nothing at stateMachineLogLevel OFF: set stateMachineLogExecutionData to false',
    path: ['stateMachineLogExecutionData'],
  })
  .prefault({});

/** The longest a morning message's link may work (reportLinkHours ≤ 168): its report must outlive it. */
const LONGEST_LINK_DAYS = 7;

/** Days after which S3 deletes what nobody reads again (versioned bucket: the old version goes 90 days later). */
export const lifecycleSchema = z
  .strictObject({
    /** Athena's query results: a cache of answers already shown. */
    athenaResultsDays: z.number().int().min(1).default(30),
    /** Each run's summary.json and report.html: about 13 months, for a year-on-year look back. */
    summariesDays: z.number().int().min(LONGEST_LINK_DAYS).default(400),
  })
  .prefault({});

/** The web inbox (docs/inbox.md, docs/security.md): deployed behind Cognito's managed login. */
export const inboxSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    /**
     * Prefix of the managed login's address, `https://<prefix>.auth.<region>.amazoncognito.com`:
     * unique in the region, without "aws", "amazon" or "cognito". @default recon-<stageName>-<account>
     */
    loginDomainPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'expected lower-case letters, digits and hyphens')
      .refine((p) => !/aws|amazon|cognito/.test(p), 'Cognito refuses "aws", "amazon" and "cognito" in it')
      .optional(),
    /** How long a sign-in lasts (the ID token's life, 5 minutes to 1 day). */
    sessionMinutes: z.number().int().min(5).max(1_440).default(60),
  })
  .prefault({});

/** The parsed stage fields the download concurrency depends on. */
export interface DownloadConcurrencyFields {
  readonly jobConcurrency: number;
  readonly download: {
    readonly batchConcurrency: number;
    readonly distributedMapConcurrency: number;
    readonly reservedConcurrency?: number | undefined;
  };
}

/**
 * The most invocations of one download Lambda at once: each of `jobConcurrency` jobs runs either
 * an inline map of `batchConcurrency` batches or a Distributed Map of `distributedMapConcurrency`
 * children, one batch each (lib/workflow/job-chain.ts).
 */
export function peakDownloadConcurrency(stage: DownloadConcurrencyFields): number {
  const { batchConcurrency, distributedMapConcurrency } = stage.download;
  return stage.jobConcurrency * Math.max(batchConcurrency, distributedMapConcurrency);
}

/** A reservation below the peak would throttle recon's own downloads: refused at synth. */
export function reservationCoversPeak(stage: DownloadConcurrencyFields, ctx: z.RefinementCtx): void {
  const reserved = stage.download.reservedConcurrency;
  const peak = peakDownloadConcurrency(stage);
  if (reserved === undefined || reserved >= peak) return;
  ctx.addIssue({
    code: 'custom',
    path: ['download', 'reservedConcurrency'],
    message:
      `must be ≥ ${peak}, got ${reserved}: up to ${peak} downloads run at once (jobConcurrency × the larger of ` +
      'download.batchConcurrency and download.distributedMapConcurrency); lower those or reserve more',
  });
}
