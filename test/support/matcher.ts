/** One record through the matcher's entry point (`applyRecords`), for tests that add records one by one. */

import type { CanonicalRecord } from '../../lambdas/core/ingest/records/canonical';
import {
  type ApplyResult,
  applyRecords,
  type ReceivableContent,
} from '../../lambdas/core/receivables/matcher';

/** Adds one record on its own (`changed`: whether it changed anything). */
export function applyRecord(
  current: ReceivableContent | undefined,
  record: CanonicalRecord,
  config: Parameters<typeof applyRecords>[2],
): Omit<ApplyResult, 'changed'> & { readonly changed: boolean } {
  const result = applyRecords(current, [record], config);
  return { ...result, changed: result.changed > 0 };
}
