/** The workflow's small DynamoDB stores, one builder each, so a step builds only those it uses. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { buildReportWaits, type ReportWaitsDeps } from '../../core/webhook/report-waits';
import type { WorkflowConfig } from '../../core/workflow/config';
import type { WorkflowDeps } from '../../core/workflow/deps';
import { buildBatchResultStore } from '../../core/workflow/download/batch-results';
import { buildPageFingerprints } from '../../core/workflow/download/page-fingerprints';
import { buildGenerationLease } from '../../core/workflow/provider-report/generation-lease';
import { buildKeptReports } from '../../core/workflow/provider-report/kept-reports';
import { buildRunGuard } from '../../core/workflow/run-guard';

export interface TableWiring {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly now: () => Date;
}

type Configured = TableWiring & { readonly workflowConfig: WorkflowConfig };

export function runGuardOf({ ddb, tableName, now, workflowConfig }: Configured): WorkflowDeps['runGuard'] {
  return buildRunGuard({ ddb, tableName, now, leaseMinutes: workflowConfig.runLeaseMinutes });
}

export function leasesOf({ ddb, tableName, now, workflowConfig }: Configured): WorkflowDeps['leases'] {
  return buildGenerationLease({
    ddb,
    tableName,
    environment: workflowConfig.environment,
    now: () => now().getTime(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    leaseMs: workflowConfig.generationLeaseSeconds * 1000,
    waitMs: workflowConfig.generationLeaseWaitSeconds * 1000,
  });
}

export function keptReportsOf({
  ddb,
  tableName,
  now,
  workflowConfig,
}: Configured): WorkflowDeps['keptReports'] {
  return buildKeptReports({ ddb, tableName, environment: workflowConfig.environment, now });
}

export function pageFingerprintsOf({ ddb, tableName, now }: TableWiring): WorkflowDeps['pageFingerprints'] {
  return buildPageFingerprints({ ddb, tableName, now });
}

export function batchResultsOf({ ddb, tableName, now }: TableWiring): WorkflowDeps['batchResults'] {
  return buildBatchResultStore({ ddb, tableName, now });
}

export function registerWaitOf(
  wiring: TableWiring & Pick<ReportWaitsDeps, 'sendTaskSuccess'>,
): WorkflowDeps['registerWait'] {
  const waits = buildReportWaits(wiring);
  return (reportId, taskToken) => waits.registerWait(reportId, taskToken);
}
