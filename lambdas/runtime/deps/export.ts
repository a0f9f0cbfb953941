/** The change-log export's dependencies (the export-snapshot Lambda and the local world). */
import { buildChangeExporter } from '../../core/recon/export';
import { buildTouchedLog } from '../../core/recon/touched';
import type { WorkflowDeps } from '../../core/workflow/deps';
import type { LakeWiring } from './lake';

export function buildExportDeps(wiring: LakeWiring): WorkflowDeps['exportSnapshot'] {
  const { ddb, tableName, s3, bucket, reconConfig: config } = wiring;
  const exporter = buildChangeExporter({
    ddb,
    tableName,
    s3,
    bucket,
    config,
    touched: buildTouchedLog({ s3, bucket }),
  });
  return (request) => exporter.exportSnapshot(request);
}
