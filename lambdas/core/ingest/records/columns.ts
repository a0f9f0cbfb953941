/**
 * Source column → canonical field, from the configured alias lists (case-insensitive).
 *
 * The alias map is built once per configuration; the per-column answer (upper-cased name and
 * field) is memoized because a report repeats the same dozen keys on every record, so a page of
 * 1,000 records upper-cases each distinct key once instead of 15,000 times.
 */
import type { ReconConfig } from '../../config';
import { CANONICAL_FIELDS, type CanonicalField } from './canonical';

export interface SourceColumn {
  /** The column name upper-cased: how it is stored in `extra` and hashed. */
  readonly upper: string;
  /** Index of the canonical field in {@link CANONICAL_FIELDS}, or -1 for an unknown column. */
  readonly slot: number;
}

export interface ColumnResolver {
  resolve(column: string): SourceColumn;
  /** The canonical field a source column feeds, if any. */
  fieldOf(column: string): CanonicalField | undefined;
}

/** Memo entries beyond this are not cached, so hostile input with random keys cannot grow memory. */
const MEMO_LIMIT = 4096;

export function buildColumnResolver(aliases: ReconConfig['fieldAliases']): ColumnResolver {
  const slotByAlias = new Map<string, number>();
  CANONICAL_FIELDS.forEach((field, slot) => {
    for (const alias of aliases[field] ?? []) {
      const upper = alias.toUpperCase();
      const taken = slotByAlias.get(upper);
      if (taken !== undefined && taken !== slot) {
        throw new Error(`alias ${upper} is configured for both ${CANONICAL_FIELDS[taken]} and ${field}`);
      }
      slotByAlias.set(upper, slot);
    }
  });
  const memo = new Map<string, SourceColumn>();
  const resolve = (column: string): SourceColumn => {
    const known = memo.get(column);
    if (known) return known;
    const upper = column.toUpperCase();
    const resolved = { upper, slot: slotByAlias.get(upper) ?? -1 };
    if (memo.size < MEMO_LIMIT) memo.set(column, resolved);
    return resolved;
  };
  return {
    resolve,
    fieldOf: (column) => CANONICAL_FIELDS[resolve(column).slot],
  };
}
