/**
 * Builds every workflow dependency from clients and settings, for the local world (`local/world.ts`:
 * `recon run`, tests, benchmarks), which runs all the steps in one process. A deployed Lambda builds
 * only its own step's part (its handler, with the same builders from `deps/`), so a local run
 * exercises exactly what the Lambdas run.
 */

import type { AgingDeps } from '../core/aging/age-receivables';
import type { ReconConfig } from '../core/config';
import type { PageIngestorDeps } from '../core/ingest/lake/ingest';
import type { ReportWaitsDeps } from '../core/webhook/report-waits';
import type { WorkflowConfig } from '../core/workflow/config';
import type { WorkflowDeps } from '../core/workflow/deps';
import { buildAgingDeps } from './deps/aging';
import { buildDepositMatchDeps } from './deps/deposits';
import { buildExportDeps } from './deps/export';
import { buildIngestDeps } from './deps/lake';
import { buildProviderDeps, type ProviderWiring } from './deps/provider';
import {
  batchResultsOf,
  keptReportsOf,
  leasesOf,
  pageFingerprintsOf,
  registerWaitOf,
  runGuardOf,
  type TableWiring,
} from './deps/stores';
import { buildSummaryDeps, type SummaryWiring } from './deps/summary';

export interface WorkflowWiring
  extends ProviderWiring,
    Omit<TableWiring, 'now'>,
    Pick<SummaryWiring, 's3' | 'bucket' | 'publish' | 'reportLink' | 'inboxUrl' | 'events'> {
  readonly reconConfig: ReconConfig;
  readonly workflowConfig: WorkflowConfig;
  /** Step Functions SendTaskSuccess (AWS SDK in Lambda, the local executor's callback locally). */
  readonly sendTaskSuccess: ReportWaitsDeps['sendTaskSuccess'];
  readonly now?: () => Date;
  /** Each ingested page's counts, for the per-page report (the Lambda logs them). */
  readonly onPageIngested?: PageIngestorDeps['onPageIngested'];
  /** Something a step leaves undone but does not fail for (the Lambda logs it as a warning). */
  readonly warn?: AgingDeps['warn'];
}

export function buildWorkflowDeps(wiring: WorkflowWiring): WorkflowDeps {
  const resolved = { ...wiring, now: wiring.now ?? (() => new Date()) };
  return {
    ...buildProviderDeps(wiring),
    ...buildIngestDeps(resolved),
    ageReceivables: buildAgingDeps(resolved),
    exportSnapshot: buildExportDeps(resolved),
    matchDeposits: buildDepositMatchDeps(resolved),
    registerWait: registerWaitOf(resolved),
    summarize: buildSummaryDeps(resolved),
    runGuard: runGuardOf(resolved),
    leases: leasesOf(resolved),
    keptReports: keptReportsOf(resolved),
    pageFingerprints: pageFingerprintsOf(resolved),
    batchResults: batchResultsOf(resolved),
    config: wiring.workflowConfig,
    now: resolved.now,
  };
}
