/**
 * The pure matching core: a receivable is the SET of contributions (A1 forecasts and D1 settlements,
 * each identified by its record hash) that share one match key. Adding a contribution to a set is
 * idempotent and commutative, so the final receivable does not depend on the order records arrive
 * in, nor on how many times a page is re-ingested. Everything else (sums, status, reason) is derived
 * from the set, never accumulated.
 */

import type { IsoDate } from '../calendar';
import type { MatchKeyField, ReconConfig } from '../config';
import type { Cents } from '../money';
import type { CanonicalRecord } from '../records/canonical';

/** One A1 (forecast of receipt) that belongs to a receivable. */
export interface Forecast {
  readonly hash: string;
  readonly netCents: Cents;
}

/** One D1 (write-off by payment) that belongs to a receivable. */
export interface Settlement {
  readonly hash: string;
  readonly netCents: Cents;
  readonly paymentDate: IsoDate | null;
}

/** Descriptive fields of a receivable, taken from its primary contribution (see {@link primaryHash}). */
export interface ReceivableFields {
  readonly acquirer: string | null;
  readonly merchant: string | null;
  readonly saleDate: IsoDate | null;
  readonly nsu: string | null;
  readonly authorization: string | null;
  readonly installment: number | null;
  readonly brand: string | null;
  /** The primary forecast's due date; for a receivable with no forecast, the primary D1's due date. */
  readonly dueDate: IsoDate | null;
}

/** What a receivable IS: order-independent content. Status and bookkeeping live in the store. */
export interface ReceivableContent extends ReceivableFields {
  readonly key: string;
  /** Sorted by hash; the first one is the forecast compared with the settlements. */
  readonly forecasts: readonly Forecast[];
  /** Sorted by hash. */
  readonly settlements: readonly Settlement[];
}

export interface ApplyResult {
  readonly receivable: ReceivableContent | undefined;
  readonly changed: boolean;
}

const SEPARATOR = '|';

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

/** Whether the matcher takes part in a record at all: only A1 and D1 have a documented meaning. */
export function isMatchable(record: CanonicalRecord): boolean {
  return record.recordType === 'A1' || record.recordType === 'D1';
}

/**
 * The contribution whose descriptive fields the receivable shows: the forecast with the smallest
 * hash, or (no forecast) the settlement with the smallest hash. A total order on hashes, so the
 * choice is the same whatever order records arrived in.
 */
export function primaryHash(
  content: Pick<ReceivableContent, 'forecasts' | 'settlements'>,
): string | undefined {
  return content.forecasts[0]?.hash ?? content.settlements[0]?.hash;
}

/** Orders contributions by hash (code-unit order, the same in every runtime). */
export function byHash(a: { readonly hash: string }, b: { readonly hash: string }): number {
  return a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0;
}

function insertSorted<T extends { readonly hash: string }>(list: readonly T[], item: T): readonly T[] {
  return [...list, item].sort(byHash);
}

function fieldsOf(record: CanonicalRecord): ReceivableFields {
  return {
    acquirer: record.acquirer,
    merchant: record.merchant,
    saleDate: record.saleDate,
    nsu: record.nsu,
    authorization: record.authorization,
    installment: record.installment,
    brand: record.brand,
    dueDate: record.dueDate,
  };
}

/**
 * Adds one record to a receivable. Same hash twice → `changed: false` and the very same object.
 * Records other than A1/D1, or without a full match key, are not matched (input returned as is).
 * A missing net amount counts as 0 centavos, so the record stays visible (as a difference) instead
 * of being dropped.
 */
export function applyRecord(
  current: ReceivableContent | undefined,
  record: CanonicalRecord,
  config: Pick<ReconConfig, 'matchKey'>,
): ApplyResult {
  const key = matchKeyOf(record, config);
  if (!isMatchable(record) || key === null) return { receivable: current, changed: false };
  if (current && current.key !== key) {
    throw new Error(`record ${record.recordHash} does not belong to receivable ${current.key}`);
  }
  const base: ReceivableContent = current ?? { key, ...fieldsOf(record), forecasts: [], settlements: [] };
  const hash = record.recordHash;
  if (base.forecasts.some((f) => f.hash === hash) || base.settlements.some((s) => s.hash === hash)) {
    return { receivable: current, changed: false };
  }
  const netCents = record.netCents ?? 0;
  const next: ReceivableContent =
    record.recordType === 'A1'
      ? { ...base, forecasts: insertSorted(base.forecasts, { hash, netCents }) }
      : {
          ...base,
          settlements: insertSorted(base.settlements, { hash, netCents, paymentDate: record.paymentDate }),
        };
  const withFields = primaryHash(next) === hash ? { ...next, ...fieldsOf(record) } : next;
  return { receivable: withFields, changed: true };
}

/** Applies records in the given order; `changed` counts the records that added a contribution. */
export function applyRecords(
  current: ReceivableContent | undefined,
  records: readonly CanonicalRecord[],
  config: Pick<ReconConfig, 'matchKey'>,
): { receivable: ReceivableContent | undefined; changed: number } {
  let receivable = current;
  let changed = 0;
  for (const record of records) {
    const result = applyRecord(receivable, record, config);
    receivable = result.receivable;
    if (result.changed) changed += 1;
  }
  return { receivable, changed };
}
