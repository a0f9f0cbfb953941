/**
 * The change-log export's dependencies (the export-snapshot Lambda and the local world); the ERP
 * lines (docs/erp-export.md) are written from the same read of the night's receivables.
 */
import { buildBaixasExport } from '../../core/baixas/store';
import { auditFees, feeAuditColumns } from '../../core/fee-audit/audit';
import { loadContractRates, ratesOf } from '../../core/fee-audit/source';
import { buildChangeExporter } from '../../core/receivable-store/snapshot-export';
import { buildTouchedLog } from '../../core/receivable-store/touched';
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
    // The rate table is read per export (a new upload applies that night); a bad one leaves the columns empty.
    derivedColumns: async () => {
      const rates = ratesOf(await loadContractRates({ s3, bucket, config }));
      return (receivable) => feeAuditColumns(auditFees(receivable, rates, config));
    },
    alongside: buildBaixasExport({ s3, bucket, config }),
  });
  return (request) => exporter.exportSnapshot(request);
}
