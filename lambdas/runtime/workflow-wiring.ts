/**
 * Builds the real workflow dependencies from clients and settings. The Lambda handlers call it with
 * AWS clients (settings from the environment, credentials from Secrets Manager); the local world
 * (`local/world.ts`: `recon run`, tests, benchmarks) calls it with dynalite/s3rver clients and the
 * simulator's address.
 * Same composition everywhere, so a local run exercises exactly what the Lambdas run.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ReconConfig } from '../core/config';
import { buildPageIngestor, type PageIngestorDeps } from '../core/lake/ingest';
import { buildProviderClient } from '../core/provider/client';
import type { ProviderCredentials } from '../core/provider/http';
import type { RateLimiter } from '../core/rate-limit/port';
import { type AgingDeps, buildAging } from '../core/recon/aging';
import { buildDueLists, DUE_LIST_RETENTION_DAYS } from '../core/recon/due-lists';
import { buildChangeExporter } from '../core/recon/export';
import { buildReceivableStore } from '../core/recon/store';
import { buildTouchedLog } from '../core/recon/touched';
import type { ReportLinker } from '../core/summary/report-link';
import { buildSummarizer } from '../core/summary/summarizer';
import { buildBookReader } from '../core/totals/reader';
import { buildReportWaits, type ReportWaitsDeps } from '../core/webhook/report-waits';
import { buildBatchResultStore } from '../core/workflow/batch-results';
import type { WorkflowConfig } from '../core/workflow/config';
import type { WorkflowDeps } from '../core/workflow/deps';
import { buildGenerationLease } from '../core/workflow/generation-lease';
import { buildKeptReports } from '../core/workflow/kept-reports';
import { buildPageFingerprints } from '../core/workflow/page-fingerprints';
import { createRequestCounter } from '../core/workflow/request-count';
import { buildRunGuard } from '../core/workflow/run-guard';
import { buildWorkflowSteps } from '../core/workflow/steps';
import { presignedReportLinker } from './report-links';

export interface WorkflowWiring {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly s3: S3Client;
  readonly bucket: string;
  readonly baseUrl: string;
  readonly credentials: ProviderCredentials;
  /** Shared by every caller of the provider account (DynamoDB limiter in AWS). */
  readonly limiter: RateLimiter;
  readonly reconConfig: ReconConfig;
  readonly workflowConfig: WorkflowConfig;
  /** Step Functions SendTaskSuccess (AWS SDK in Lambda, the local executor's callback locally). */
  readonly sendTaskSuccess: ReportWaitsDeps['sendTaskSuccess'];
  /** SNS publish of the run summary. */
  readonly publish: (subject: string, message: string) => Promise<void>;
  /** How the message's reader opens the report; default a presigned link made with `s3` (deployed). */
  readonly reportLink?: ReportLinker;
  readonly now?: () => Date;
  /** Each ingested page's counts, for the per-page report (the Lambda logs them). */
  readonly onPageIngested?: PageIngestorDeps['onPageIngested'];
  /** Something a step leaves undone but does not fail for (the Lambda logs it as a warning). */
  readonly warn?: AgingDeps['warn'];
  /** Provider client tuning for tests (fast retries). */
  readonly provider?: {
    readonly baseDelayMs?: number;
    readonly maxDelayMs?: number;
    readonly timeoutMs?: number;
  };
}

export function buildWorkflowDeps(wiring: WorkflowWiring): WorkflowDeps {
  const { ddb, tableName, s3, bucket, reconConfig } = wiring;
  const now = wiring.now ?? (() => new Date());
  const requests = createRequestCounter();
  const provider = buildProviderClient({
    baseUrl: wiring.baseUrl,
    credentials: wiring.credentials,
    limiter: wiring.limiter,
    onRequest: requests.onRequest,
    ...wiring.provider,
  });
  const ingestor = buildPageIngestor({
    s3,
    bucket,
    config: reconConfig,
    now,
    onPageIngested: wiring.onPageIngested,
  });
  const touched = buildTouchedLog({ s3, bucket });
  const dueLists = buildDueLists({ ddb, tableName, touched, retentionDays: DUE_LIST_RETENTION_DAYS });
  const aging = buildAging({ ddb, tableName, config: reconConfig, now, dueLists, warn: wiring.warn });
  const exporter = buildChangeExporter({ ddb, tableName, s3, bucket, config: reconConfig, touched });
  const waits = buildReportWaits({ ddb, tableName, sendTaskSuccess: wiring.sendTaskSuccess, now });
  const writeObject = async (key: string, body: string, contentType: string) => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
  };
  return {
    provider,
    requests,
    ingestPages: (pages, apply) => ingestor.ingestPages(pages, apply),
    receivables: (asOf) =>
      buildReceivableStore({ ddb, tableName, config: reconConfig, asOf: () => asOf, now, touched }),
    ageReceivables: (asOf) => aging.ageReceivables(asOf),
    exportSnapshot: (request) => exporter.exportSnapshot(request),
    registerWait: (reportId, taskToken) => waits.registerWait(reportId, taskToken),
    summarize: (input) =>
      buildSummarizer({
        readBook: buildBookReader({ ddb, tableName, config: reconConfig, now }),
        writeObject,
        publish: wiring.publish,
        reportLink:
          wiring.reportLink ??
          presignedReportLinker({
            s3,
            bucket,
            hours: wiring.workflowConfig.reportLinkHours,
            warn: wiring.warn,
          }),
        now,
        language: wiring.workflowConfig.reportLanguage,
      })(input),
    runGuard: buildRunGuard({ ddb, tableName, now, leaseMinutes: wiring.workflowConfig.runLeaseMinutes }),
    leases: buildGenerationLease({
      ddb,
      tableName,
      environment: wiring.workflowConfig.environment,
      now: () => now().getTime(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      leaseMs: wiring.workflowConfig.generationLeaseSeconds * 1000,
      waitMs: wiring.workflowConfig.generationLeaseWaitSeconds * 1000,
    }),
    keptReports: buildKeptReports({ ddb, tableName, environment: wiring.workflowConfig.environment, now }),
    pageFingerprints: buildPageFingerprints({ ddb, tableName, now }),
    batchResults: buildBatchResultStore({ ddb, tableName, now }),
    config: wiring.workflowConfig,
    now,
  };
}

export function buildWorkflowStepsFrom(wiring: WorkflowWiring) {
  return buildWorkflowSteps(buildWorkflowDeps(wiring));
}
