/** The ports the workflow steps need; lambdas/runtime/deps/ builds the real ones, tests pass fakes. */
import type { IsoDate } from '../calendar';
import type { DepositReconciliation } from '../deposits/reconcile';
import type { IngestCounts } from '../ingest/lake/counts';
import type { AppliedRecords } from '../ingest/lake/ingest';
import type { CanonicalRecord, RecordSource } from '../ingest/records/canonical';
import type { Page, ProviderClient } from '../provider/port';
import type { WorkflowConfig } from './config';
import type { ReceivableChanges, SummaryInput } from './contracts';
import type { BatchResultStore } from './download/batch-results';
import type { PageFingerprints } from './download/page-fingerprints';
import type { GenerationLease } from './provider-report/generation-lease';
import type { KeptReports } from './provider-report/kept-reports';
import type { RequestCounter } from './request-count';
import type { RunGuard } from './run-guard';

export interface WorkflowDeps {
  readonly provider: ProviderClient;
  /** Counts the provider requests of one step call (the client's `onRequest` feeds it). */
  readonly requests: RequestCounter;
  /**
   * Archives and normalizes the pages of one download batch (all of one report), has `apply` match
   * the records, and exports them, with the records `apply` refused quarantined.
   */
  readonly ingestPages: <A extends AppliedRecords>(
    pages: readonly { page: Page; source: RecordSource }[],
    apply: (records: readonly CanonicalRecord[]) => Promise<A>,
  ) => Promise<{ records: readonly CanonicalRecord[]; counts: IngestCounts; applied: A }>;
  /** The receivables store deriving statuses as of `asOf`. */
  readonly receivables: (asOf: IsoDate) => {
    applyRecords(records: readonly CanonicalRecord[]): Promise<AppliedRecords & ReceivableChanges>;
  };
  readonly ageReceivables: (asOf: IsoDate) => Promise<{ becameOverdue: number }>;
  readonly exportSnapshot: (request: { asOf: IsoDate; segment: number; totalSegments: number }) => Promise<{
    rows: number;
  }>;
  /** Takes the bank statements in and matches the deposits of the night's range (deposits/reconcile.ts). */
  readonly matchDeposits: (night: { from: IsoDate; asOf: IsoDate }) => Promise<DepositReconciliation>;
  readonly registerWait: (reportId: string, taskToken: string) => Promise<'waiting' | 'resumed'>;
  readonly summarize: (input: SummaryInput) => Promise<unknown>;
  readonly runGuard: RunGuard;
  /** Serializes same-configuration generations account-wide (report/generation-lease.ts). */
  readonly leases: GenerationLease;
  /** Each window's report until the window completes (report/kept-reports.ts). */
  readonly keptReports: KeptReports;
  /** Each page's content claimed by its number, across batches (download/page-fingerprints.ts). */
  readonly pageFingerprints: PageFingerprints;
  /** Per-batch counts, kept out of the execution's state (download/batch-results.ts). */
  readonly batchResults: BatchResultStore;
  readonly config: WorkflowConfig;
  readonly now: () => Date;
}
