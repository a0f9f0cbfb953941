/**
 * What the nightly workflow's steps hand to each other. The state machine passes these as JSON, so
 * they are plain data; the summary step and the local runner read them.
 */
import type { IsoDate } from '../calendar';
import type { ProviderEnvironment, ReportState } from '../provider/port';
import type { ReportKind } from '../records/canonical';

/** Counts an ingestion step reports for one page, a job or a whole run; merged by adding. */
export interface IngestCounts {
  /** Raw entries received (records plus malformed entries). */
  readonly received: number;
  readonly byCode: Readonly<Record<string, number>>;
  readonly quarantinedByReason: Readonly<Record<string, number>>;
  /** Source columns the alias map does not know, and expected source fields that never appeared. */
  readonly drift: { readonly unknownColumns: readonly string[]; readonly missingFields: readonly string[] };
}

/** One report to fetch: a configuration and a window of at most 30 days. */
export interface Job {
  readonly kind: ReportKind;
  readonly configurationId: number;
  readonly from: IsoDate;
  readonly to: IsoDate;
}

export const JOB_OUTCOMES = ['COMPLETED', 'REPORT_ERROR', 'DEADLINE_PASSED', 'FAILED'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** One generation of a job's report (the provider may end one in ERRO; the job then generates again). */
export interface GenerationAttempt {
  readonly reportId: string;
  readonly situacao?: ReportState;
}

export interface JobResult extends Job {
  readonly reportId: string | null;
  /** The report's last known state at the provider (decides whether deleting it is safe). */
  readonly reportState?: ReportState;
  /** True when the job resumed the report an earlier run of this window kept. */
  readonly resumed?: boolean;
  /** Every generation of this job, in order; earlier ones ended in ERRO. */
  readonly attempts?: readonly GenerationAttempt[];
  readonly outcome: JobOutcome;
  /** Plain-words cause when the outcome is not COMPLETED; never holds a secret. */
  readonly error?: string;
  readonly pages: number;
  readonly counts: IngestCounts;
  /** Requests this job sent to the provider (retries included). */
  readonly providerRequests: number;
  /** What applying the job's records did to the receivables (absent when nothing was applied). */
  readonly receivables?: ReceivableChanges;
  /** Clean-up at the provider; a failed delete is reported here and never fails the job. */
  readonly deletion?: ReportDeletion;
}

export interface ReceivableChanges {
  readonly changed: number;
  readonly unchanged: number;
  readonly conflicts: number;
}

export interface ReportDeletion {
  /**
   * SKIPPED: sandbox, no report, or a state the provider refuses to delete (not CONCLUIDO/ERRO).
   * KEPT: the job did not complete, so its report stays for a re-run of the window to resume.
   */
  readonly status: 'DELETED' | 'SKIPPED' | 'KEPT' | 'FAILED';
  readonly detail?: string;
}

/** Input of the run summary: everything the workflow learned in one execution. */
export interface SummaryInput {
  readonly runId: string;
  readonly environment: ProviderEnvironment;
  readonly from: IsoDate;
  readonly to: IsoDate;
  /** Business date the run treats as "today" (aging, snapshots). */
  readonly asOf: IsoDate;
  readonly startedAt: string;
  readonly jobs: readonly JobResult[];
  readonly aging: { readonly becameOverdue: number };
}
