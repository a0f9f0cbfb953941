/**
 * Which receivable a record belongs to, if any: the match key and the linking rule of the lifecycle
 * (docs/lifecycle.md). One definition for the matcher (`receivables/matcher.ts`), the account-level items
 * and the lake's records table, so the three can never disagree on a record's place.
 */
import type { MatchKeyField, ReconConfig } from '../../config';
import type { CanonicalRecord } from './canonical';
import { classifierOf, type RecordRole, type RoleConfig } from './roles';

const SEPARATOR = '|';
const ESCAPED = /[\\|]/;
const ESCAPED_ALL = /[\\|]/g;

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
  let key = '';
  for (let i = 0; i < config.matchKey.length; i++) {
    const value = record[config.matchKey[i] as MatchKeyField];
    if (value === null || value === undefined || value === '') return null;
    const text = String(value);
    // Tested first: nearly no value holds either character, and the replacement builds a new string.
    const escaped = ESCAPED.test(text) ? text.replace(ESCAPED_ALL, (c) => `\\${c}`) : text;
    key = i === 0 ? escaped : `${key}${SEPARATOR}${escaped}`;
  }
  return key;
}

/** A role whose records belong to one receivable, with the record's sign (see `roles.ts`). */
export type LinkedRole = { readonly role: Exclude<RecordRole, 'FEE' | 'IGNORE'>; readonly sign: 1 | -1 };

/**
 * The role a record plays in its receivable, or undefined when it plays none there: unclassified,
 * IGNORE, or account-level (a FEE; anything without a complete match key). By default only A1
 * (forecast) and D1 (payment) play one: the codes whose meaning the provider documents.
 */
export function linkedRoleOf(record: CanonicalRecord, config: LinkConfig): LinkedRole | undefined {
  return linkedRoleUnder(record, config, matchKeyOf(record, config));
}

/** The key of the receivable the record joins (see {@link linkedRoleOf}), or null when it joins none. */
export function receivableKeyOf(record: CanonicalRecord, config: LinkConfig): string | null {
  const key = matchKeyOf(record, config);
  return linkedRoleUnder(record, config, key) ? key : null;
}

/** {@link linkedRoleOf} given the record's match key, so that a caller needing both builds it once. */
function linkedRoleUnder(
  record: CanonicalRecord,
  config: LinkConfig,
  key: string | null,
): LinkedRole | undefined {
  const classified = classifierOf(config).classify(record);
  if (classified === undefined || key === null) return undefined;
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
