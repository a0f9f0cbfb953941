/**
 * Every step of the nightly workflow, in one place: the Lambda folder that hosts it
 * (`lambdas/<folder>/handler.ts`) and whether it calls the provider (only those Lambdas may read the
 * credentials secret: the stack grants by this, and the handlers fetch the secret by it). The stack
 * (lib/workflow/workflow.ts), the state names (lib/workflow/state-names.ts), the Lambda runtime and
 * the local runner all read it; test/unit/workflow/step-catalog.test.ts checks each step has its
 * handler and its implementation.
 */
export interface StepEntry {
  readonly folder: string;
  readonly callsProvider: boolean;
  /** What the step does, in a few words (the Lambda's description). */
  readonly purpose: string;
}

export const STEP_CATALOG = {
  plan: {
    folder: 'plan',
    callsProvider: true,
    purpose: 'Resolve period and configurations, claim the run marker',
  },
  generateReport: { folder: 'generate-report', callsProvider: true, purpose: 'Request report generation' },
  waitForReport: {
    folder: 'wait-for-report',
    callsProvider: false,
    purpose: 'Park the task token until the webhook announces the report',
  },
  checkReport: { folder: 'check-report', callsProvider: true, purpose: 'Poll the report state' },
  downloadUntilEmpty: {
    folder: 'download-until-empty',
    callsProvider: true,
    purpose: 'Download, archive, normalize and match the next pages of a report without page count',
  },
  downloadPages: {
    folder: 'download-pages',
    callsProvider: true,
    purpose: 'Download, archive, normalize and match one batch of report pages',
  },
  finishJob: {
    folder: 'finish-job',
    callsProvider: false,
    purpose: 'Reduce page results into the job result',
  },
  deleteReport: {
    folder: 'delete-report',
    callsProvider: true,
    purpose: 'Delete a finished report at the provider',
  },
  ageReceivables: {
    folder: 'age-receivables',
    callsProvider: false,
    purpose: 'Aging sweep: OPEN past due date + grace becomes OVERDUE',
  },
  exportSnapshot: {
    folder: 'export-snapshot',
    callsProvider: false,
    purpose: "Append one segment of the night's changed receivables to the lake's change log (Parquet)",
  },
  summarize: {
    folder: 'summarize',
    callsProvider: false,
    purpose: 'Write the run summary (JSON + HTML) and notify',
  },
} as const satisfies Record<string, StepEntry>;

export type StepName = keyof typeof STEP_CATALOG;

export const STEP_NAMES = Object.keys(STEP_CATALOG) as StepName[];

/** Steps that call the provider: their Lambdas, and only theirs, may read the credentials secret. */
export const PROVIDER_STEPS: ReadonlySet<StepName> = new Set(
  STEP_NAMES.filter((name) => STEP_CATALOG[name].callsProvider),
);
