/**
 * The steps that write the lake and the receivables: page ingestion with matching (the downloads),
 * the aging sweep and the change-log export. One builder per step's need, one module each, so a
 * Lambda bundles only the code of its own step.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { ReconConfig } from '../../core/config';
import { buildPageIngestor, type PageIngestorDeps } from '../../core/ingest/lake/ingest';
import { buildReceivableStore } from '../../core/receivable-store/apply-records';
import { buildTouchedLog } from '../../core/receivable-store/touched';
import type { WorkflowDeps } from '../../core/workflow/deps';
import type { TableWiring } from './stores';

export interface LakeWiring extends TableWiring {
  readonly s3: S3Client;
  readonly bucket: string;
  readonly reconConfig: ReconConfig;
}

/** Archive, normalize and export a batch's pages; match their records to the receivables. */
export function buildIngestDeps(
  wiring: LakeWiring & Pick<PageIngestorDeps, 'onPageIngested'>,
): Pick<WorkflowDeps, 'ingestPages' | 'receivables'> {
  const { ddb, tableName, s3, bucket, reconConfig: config, now } = wiring;
  const ingestor = buildPageIngestor({ s3, bucket, config, now, onPageIngested: wiring.onPageIngested });
  const touched = buildTouchedLog({ s3, bucket });
  return {
    ingestPages: (pages, apply) => ingestor.ingestPages(pages, apply),
    receivables: (asOf) => buildReceivableStore({ ddb, tableName, config, asOf: () => asOf, now, touched }),
  };
}
