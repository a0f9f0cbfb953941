/**
 * Which receivable a record belongs to, if any: the match key and the linking rule of the lifecycle
 * (docs/lifecycle.md). One definition for the matcher (`receivables/matcher.ts`), the account-level items
 * and the lake's records table, so the three can never disagree on a record's place.
 */
import type { MatchKeyField, ReconConfig } from '../../config';
import type { CanonicalRecord } from './canonical';
import { classifierOf, type RecordRole, type RoleConfig } from './roles';

const SEPARATOR = '|';

type LinkConfig = Pick<ReconConfig, 'matchKey'> &
  Partial<Pick<ReconConfig, 'placeholderKeyValues'>> &
  RoleConfig;

/**
 * The receivable's key: the configured fields in configured order, `|`-separated, with `\` and `|`
 * escaped so that distinct field values can never produce the same key. Null when a key field is
 * missing (such a record cannot be matched; the normalizer quarantines it).
 */
export function matchKeyOf(
  record: Partial<Pick<CanonicalRecord, MatchKeyField>>,
  config: Pick<ReconConfig, 'matchKey'>,
): string | null {
  const parts: string[] = [];
  for (const field of config.matchKey) {
    const value = record[field];
    if (value === null || value === undefined || value === '') return null;
    parts.push(String(value).replace(/[\\|]/g, (c) => `\\${c}`));
  }
  return parts.join(SEPARATOR);
}

/** A role whose records belong to one receivable, with the record's sign (see `roles.ts`). */
export type LinkedRole = { readonly role: Exclude<RecordRole, 'FEE' | 'IGNORE'>; readonly sign: 1 | -1 };

/**
 * The role a record plays in its receivable, or undefined when it plays none there: unclassified,
 * IGNORE, or account-level (a FEE; anything without a complete match key). By default only A1
 * (forecast) and D1 (payment) play one: the codes whose meaning the provider documents.
 */
export function linkedRoleOf(record: CanonicalRecord, config: LinkConfig): LinkedRole | undefined {
  const classified = classifierOf(config).classify(record);
  if (classified === undefined || matchKeyOf(record, config) === null) return undefined;
  const { role, sign } = classified;
  // The normalizer quarantines placeholder keys on the other roles; an adjustment holding one has
  // no real key: account-level, never piled onto one giant receivable.
  if (role === 'ADJUSTMENT' && holdsPlaceholder(record, config)) return undefined;
  return role === 'FEE' || role === 'IGNORE' ? undefined : { role, sign };
}

function holdsPlaceholder(record: CanonicalRecord, config: LinkConfig): boolean {
  const placeholders = new Set(config.placeholderKeyValues?.map((v) => v.trim().toUpperCase()));
  return config.matchKey.some((field) => placeholders.has(String(record[field]).toUpperCase()));
}

/** The text of the first reason column (`recordReasonColumns`) the record fills. */
export function reasonTextOf(record: CanonicalRecord, columns: readonly string[]): string | null {
  for (const column of columns) {
    const value = record.extra[column.toUpperCase()];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}
