/**
 * Schema drift seen on a page: the provider does not publish its record layout, so recon reports
 * what it did not expect instead of guessing silently. Unknown columns are kept in `extra`; a
 * canonical field whose aliases never appeared usually means a renamed column (fix: add an alias).
 */
import type { MatchKeyField } from '../../config';
import type { RawRecord } from '../../provider/port';
import { CANONICAL_FIELDS, type CanonicalField, type ReportKind } from './canonical';

export interface Drift {
  /** Source columns (upper-cased) the alias map does not know, sorted. */
  readonly unknownColumns: readonly string[];
  /** Canonical fields expected on this kind of report whose aliases never appeared, sorted. */
  readonly missingFields: readonly string[];
}

export interface DriftTracker {
  observe(raw: RawRecord): void;
  drift(): Drift;
}

/** Fields a layout may well not have: their absence is no sign of a renamed column. */
const OPTIONAL_FIELDS: ReadonlySet<CanonicalField> = new Set([
  'movementDate',
  'lineSequence',
  'product',
  'bankCode',
  'bankBranch',
  'bankAccountNumber',
]);

/**
 * Fields every record of a report kind is expected to carry. `tid` is optional (unless it is part
 * of the match key), sales reports have no payment date, and movement date and line sequence are
 * used when a layout has them.
 */
export function expectedFields(kind: ReportKind, matchKey: readonly MatchKeyField[]): CanonicalField[] {
  return CANONICAL_FIELDS.filter(
    (field) =>
      !OPTIONAL_FIELDS.has(field) &&
      (field !== 'tid' || matchKey.includes('tid')) &&
      (field !== 'paymentDate' || kind === 'financial'),
  );
}

export function buildDriftTracker(
  fieldOf: (column: string) => CanonicalField | undefined,
  expected: readonly CanonicalField[],
): DriftTracker {
  const unknown = new Set<string>();
  const seen = new Set<CanonicalField>();
  let observed = 0;
  return {
    observe(raw) {
      observed++;
      for (const column of Object.keys(raw)) {
        const field = fieldOf(column);
        if (field) seen.add(field);
        else unknown.add(column.toUpperCase());
      }
    },
    drift() {
      return {
        unknownColumns: [...unknown].sort(),
        missingFields: observed === 0 ? [] : expected.filter((field) => !seen.has(field)).sort(),
      };
    },
  };
}
