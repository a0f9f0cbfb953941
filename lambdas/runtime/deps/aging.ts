/** The aging sweep's dependencies (the age-receivables Lambda and the local world). */
import { type AgingDeps, buildAging } from '../../core/aging/age-receivables';
import { buildDueLists, DUE_LIST_RETENTION_DAYS } from '../../core/aging/due-lists';
import { buildTouchedLog } from '../../core/receivable-store/touched';
import type { WorkflowDeps } from '../../core/workflow/deps';
import type { LakeWiring } from './lake';

export function buildAgingDeps(wiring: LakeWiring & Pick<AgingDeps, 'warn'>): WorkflowDeps['ageReceivables'] {
  const { ddb, tableName, s3, bucket, reconConfig: config, now } = wiring;
  const touched = buildTouchedLog({ s3, bucket });
  const dueLists = buildDueLists({ ddb, tableName, touched, retentionDays: DUE_LIST_RETENTION_DAYS });
  const aging = buildAging({ ddb, tableName, config, now, dueLists, touched, warn: wiring.warn });
  return (asOf) => aging.ageReceivables(asOf);
}
