/**
 * Every step of the nightly workflow, one record each: the Lambda folder that hosts it
 * (`lambdas/<folder>/handler.ts`), whether it calls the provider (only those Lambdas may read the
 * credentials secret: the stack grants by this), its Lambda's size and what its role may touch,
 * the environment variables its handler reads, and the Task states that run it. The stack
 * (lib/workflow/workflow.ts), the state names (lib/workflow/state-names.ts) and the local executor
 * (local/stepfunctions/) all read it; test/unit/workflow/step-catalog.test.ts checks each step has
 * its handler and its implementation, test/unit/runtime/step-wiring.test.ts that each handler reads
 * exactly the declared environment, test/infra/bundles.test.ts that only the provider-calling
 * steps' bundles hold the provider client.
 */
import { ENV } from '../env';
import { WORKFLOW_ENV } from './config';

/** What a step's role may touch; everything else is denied by omission. */
export interface StepAccess {
  readonly table: 'read' | 'readWrite';
  /** put: new objects only; putDelete: also removes a stale quarantine file on re-ingest. */
  readonly bucket?: 'put' | 'putDelete';
  /**
   * The touched-key log (lambdas/core/receivable-store/touched.ts, its own prefix): `list` its keys only, or
   * `read` them and their objects (nothing else of the bucket).
   */
  readonly touchedLog?: 'list' | 'read';
  readonly topic?: boolean;
  readonly sendTaskSuccess?: boolean;
  /** s3:GetObject on the HTML reports only: the role signs the message's presigned link to its report. */
  readonly linksReports?: boolean;
  /** Reads the contracted-rate table (fee-audit/source.ts), the fee audit's; a missing one reads as absent. */
  readonly contractRates?: boolean;
  /**
   * The bank leg (docs/deposits.md). `match`: takes statements out of `bank/inbox/` (read, delete;
   * copies are puts), lists `bank/raw/` (was a statement ever taken in?) and rewrites the deposit
   * results of its range (read, delete), and reads the ERP export's lines and deposit ledger (it
   * writes the deposit lines, baixas/deposit-ledger.ts). `read`: lists `bank/raw/` and reads the
   * deposit results.
   */
  readonly bankLeg?: 'match' | 'read';
  /** Reads the kept action lists (action-list/store.ts, their own prefix); writes are `bucket` puts. */
  readonly actionList?: boolean;
  /** Reads the nights' fee lines (fee-audit/overcharges-lake.ts, their own prefix): the fee pendências. */
  readonly feeLines?: boolean;
  /**
   * Reads the ERP export's lines (baixas/store.ts, their own prefix: the night's manifest and its CSV)
   * and the account items' ledger (baixas/account-lines.ts).
   */
  readonly erpLines?: boolean;
  /**
   * Publishes the night's events (docs/events.md): PutEvents on the stack's bus only, and reads the
   * breaks' nightly snapshots (their own prefix) to compare the night with the one before.
   */
  readonly events?: boolean;
}

export interface StepEntry {
  readonly folder: string;
  readonly callsProvider: boolean;
  /** What the step does, in a few words (the Lambda's description). */
  readonly purpose: string;
  readonly memoryMb: number;
  /** The Lambda's timeout, which is also its Task states' timeout. */
  readonly timeoutSeconds: number;
  readonly access: StepAccess;
  /** The environment variables the step's handler reads (names from core/env.ts and workflow/config.ts). */
  readonly environment: readonly string[];
  /** Those it reads when the stack sets them, only with their feature on (the web inbox's address). */
  readonly optionalEnvironment?: readonly string[];
  /** The Task states running the step: constant name (lib/workflow/state-names.ts's STATE) → state name. */
  readonly states: Readonly<Record<string, string>>;
}

/** What every step reads: the table and its own settings. */
const BASE_ENV = [ENV.tableName, WORKFLOW_ENV.workflowConfig];
/** What a provider-calling step reads besides: the address, the secret and the shared limiter's pacing. */
const PROVIDER_ENV = [
  ENV.providerBaseUrl,
  ENV.secretArn,
  ENV.providerRatePerSecond,
  ENV.providerRateMargin,
  ENV.providerRateSpacing,
];
/** Page downloads archive, normalize and match: the bucket and the matching rules. */
const DOWNLOAD = {
  callsProvider: true,
  // Up to ~10k records of JSON and Parquet per batch: more memory is more CPU.
  memoryMb: 1024,
  timeoutSeconds: 300,
  // How far back the touched-key log goes tells an archived receivable (lambdas/core/receivables/horizon.ts).
  access: { table: 'readWrite', bucket: 'putDelete', touchedLog: 'list' },
  environment: [...BASE_ENV, ...PROVIDER_ENV, ENV.bucketName, ENV.reconConfig],
} as const satisfies Omit<StepEntry, 'purpose' | 'folder' | 'states'>;

/**
 * Steps that make a few provider calls get 256 MB / 60 s: the provider client's own retries with
 * backoff fit well inside. Page downloads, the snapshot export and the summary hold up to ~10k
 * records and encode Parquet: 1024 MB (more CPU) and 5 minutes.
 */
export const STEP_CATALOG = {
  plan: {
    folder: 'plan',
    callsProvider: true,
    purpose: 'Resolve period and configurations, claim the run marker',
    memoryMb: 256,
    timeoutSeconds: 60,
    access: { table: 'readWrite' },
    environment: [...BASE_ENV, ...PROVIDER_ENV],
    states: { planRun: 'Plan run' },
  },
  generateReport: {
    folder: 'generate-report',
    callsProvider: true,
    purpose: 'Request report generation',
    memoryMb: 256,
    // Read by the lease's length too (lib/workflow/retry-schedule.ts).
    timeoutSeconds: 60,
    access: { table: 'readWrite' },
    environment: [...BASE_ENV, ...PROVIDER_ENV],
    states: { generateReport: 'Generate report', generateReportAgain: 'Generate report again' },
  },
  waitForReport: {
    folder: 'wait-for-report',
    callsProvider: false,
    purpose: 'Park the task token until the webhook announces the report',
    memoryMb: 256,
    timeoutSeconds: 30,
    access: { table: 'readWrite', sendTaskSuccess: true },
    environment: [ENV.tableName],
    states: { waitForReportWebhook: 'Wait for report webhook' },
  },
  checkReport: {
    folder: 'check-report',
    callsProvider: true,
    purpose: 'Poll the report state',
    memoryMb: 256,
    timeoutSeconds: 60,
    access: { table: 'readWrite' },
    environment: [...BASE_ENV, ...PROVIDER_ENV],
    states: { checkReport: 'Check report' },
  },
  downloadUntilEmpty: {
    ...DOWNLOAD,
    folder: 'download-until-empty',
    purpose: 'Download, archive, normalize and match the next pages of a report without page count',
    states: { downloadPagesUntilEmpty: 'Download pages until empty' },
  },
  downloadPages: {
    ...DOWNLOAD,
    folder: 'download-pages',
    purpose: 'Download, archive, normalize and match one batch of report pages',
    states: { downloadPages: 'Download pages', downloadPagesDistributed: 'Download pages (distributed)' },
  },
  finishJob: {
    folder: 'finish-job',
    callsProvider: false,
    purpose: 'Reduce page results into the job result',
    memoryMb: 256,
    timeoutSeconds: 30,
    // Reads the job's batch results, kept in the table rather than in the execution's state.
    access: { table: 'read' },
    environment: [ENV.tableName],
    states: { finishJob: 'Finish job', recordJobFailure: 'Record job failure' },
  },
  deleteReport: {
    folder: 'delete-report',
    callsProvider: true,
    purpose: 'Delete a finished report at the provider',
    memoryMb: 256,
    timeoutSeconds: 60,
    access: { table: 'readWrite' },
    environment: [...BASE_ENV, ...PROVIDER_ENV],
    states: { deleteReport: 'Delete report' },
  },
  ageReceivables: {
    folder: 'age-receivables',
    callsProvider: false,
    purpose: 'Aging sweep: OPEN past due date + grace becomes OVERDUE',
    // Nightly: only the due dates whose grace ended (due lists). The limits are sized for the rare
    // full recount (a parallel Scan) when the kept totals cannot be trusted (lambdas/core/book).
    memoryMb: 1024,
    timeoutSeconds: 900,
    // Due lists from the touched log, and the aged receivables logged there (touched.ts).
    access: { table: 'readWrite', bucket: 'put', touchedLog: 'read' },
    environment: [ENV.tableName, ENV.bucketName, ENV.reconConfig],
    states: { ageReceivables: 'Age receivables' },
  },
  exportSnapshot: {
    folder: 'export-snapshot',
    callsProvider: false,
    purpose: "Append one segment of the night's changed receivables to the lake's change log (Parquet)",
    memoryMb: 1024,
    timeoutSeconds: 300,
    // The night's touched-key log (lambdas/core/receivable-store/touched.ts) says which receivables changed.
    access: { table: 'read', bucket: 'put', touchedLog: 'read', contractRates: true },
    environment: [ENV.tableName, ENV.bucketName, ENV.reconConfig],
    states: { exportSnapshotSegment: 'Export snapshot segment' },
  },
  matchDeposits: {
    folder: 'match-deposits',
    callsProvider: false,
    purpose: 'Take bank statements in from the inbox and match the deposits of the recomputed range',
    // About three months of expected deposits and bank transactions, matched in memory.
    memoryMb: 1024,
    timeoutSeconds: 300,
    // Bank transactions go to the table; statements, their quarantine and the results to the bucket.
    access: { table: 'readWrite', bucket: 'put', bankLeg: 'match' },
    environment: [ENV.tableName, ENV.bucketName, ENV.reconConfig],
    states: { matchDeposits: 'Match deposits' },
  },
  summarize: {
    folder: 'summarize',
    callsProvider: false,
    purpose: 'Write the run summary (JSON + HTML) and notify',
    memoryMb: 1024,
    timeoutSeconds: 300,
    // The fee audit's section: the rate table and the night's touched receivables (docs/fee-audit.md),
    // its lines kept for the pendências and read back by days (feeLines);
    // the deposits section: the results the deposit match stored (docs/deposits.md); the ERP export's
    // manifest, the night's lines (docs/erp-export.md). Its table writes
    // close the run marker and tidy the kept totals (book/reader.ts); the action list is kept night to
    // night in the bucket (action-list/store.ts).
    access: {
      table: 'readWrite',
      bucket: 'put',
      topic: true,
      linksReports: true,
      touchedLog: 'read',
      contractRates: true,
      bankLeg: 'read',
      actionList: true,
      feeLines: true,
      events: true,
      erpLines: true,
    },
    environment: [...BASE_ENV, ENV.bucketName, ENV.reconConfig, ENV.topicArn, ENV.eventBusName],
    // With the web inbox on, the report and the message link into it.
    optionalEnvironment: [ENV.inboxUrl],
    states: { summarizeRun: 'Summarize run' },
  },
} as const satisfies Record<string, StepEntry>;

export type StepName = keyof typeof STEP_CATALOG;

export const STEP_NAMES = Object.keys(STEP_CATALOG) as StepName[];

/** Steps that call the provider: their Lambdas, and only theirs, may read the credentials secret. */
export const PROVIDER_STEPS: ReadonlySet<StepName> = new Set(
  STEP_NAMES.filter((name) => STEP_CATALOG[name].callsProvider),
);

/** `A | B` as `A & B`: the states records of all steps merged into one type. */
type Merged<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void ? I : never;
/** Every Task state's name by its constant name (lib/workflow/state-names.ts spreads these into STATE). */
type TaskStateConstants = Merged<(typeof STEP_CATALOG)[StepName]['states']>;
export type TaskStateName = TaskStateConstants[keyof TaskStateConstants];

export const TASK_STATE_CONSTANTS = Object.assign(
  {},
  ...STEP_NAMES.map((step) => STEP_CATALOG[step].states),
) as TaskStateConstants;

/** Task state name → the workflow step it runs (and the Lambda that hosts the step). */
export const TASK_STATES = Object.fromEntries(
  STEP_NAMES.flatMap((step) => Object.values(STEP_CATALOG[step].states).map((state) => [state, step])),
) as Readonly<Record<TaskStateName, StepName>>;

/** Every environment variable some step reads; the stack sets on each Lambda those of its record only. */
export type StepSetting = (typeof STEP_CATALOG)[StepName]['environment'][number];
