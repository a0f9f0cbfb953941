/**
 * What the nightly workflow's steps hand to each other. The state machine passes these as JSON, so
 * they are plain data; the summary step and the local runner read them.
 */
import type { IsoDate } from '../calendar';
import type { ProviderEnvironment } from '../provider/port';
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

export interface JobResult extends Job {
  readonly reportId: string | null;
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
  /** SKIPPED: sandbox, no report, or a state the provider refuses to delete (not CONCLUIDO/ERRO). */
  readonly status: 'DELETED' | 'SKIPPED' | 'FAILED';
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
