/**
 * What a page's counts say about record roles (docs/lifecycle.md): the groups of records no role
 * classifies ("registros sem papel configurado"), and the acquirers of records that may be
 * account-level items (FEE, ADJUSTMENT), where the summary looks for the period's fees and debits.
 * Counts and names only, never records, so a job's result stays small.
 */
import type { CanonicalRecord } from '../records/canonical';
import { classifierOf, type RoleConfig } from '../records/roles';
import { type UnclassifiedGroup, unclassifiedGroups } from '../records/unclassified';

export interface RoleCounts {
  readonly unclassified?: readonly UnclassifiedGroup[];
  readonly acquirers?: readonly string[];
}

const ACCOUNT_ROLES: ReadonlySet<string> = new Set(['FEE', 'ADJUSTMENT']);

/** The role part of a page's counts; keys left out when empty (counts from before roles read the same). */
export function roleCounts(records: readonly CanonicalRecord[], config: RoleConfig): RoleCounts {
  const classifier = classifierOf(config);
  const unclassified = unclassifiedGroups(records, config);
  const acquirers = new Set<string>();
  for (const record of records) {
    const role = classifier.roleOf(record);
    if (record.acquirer && role !== undefined && ACCOUNT_ROLES.has(role)) acquirers.add(record.acquirer);
  }
  return {
    ...(unclassified.length > 0 ? { unclassified } : {}),
    ...(acquirers.size > 0 ? { acquirers: [...acquirers].sort() } : {}),
  };
}
