/**
 * Book totals and the hot table's horizon (docs/scale.md, "Known limits"). A receivable that will
 * leave DynamoDB by TTL has its cells filed under its expiry day, `x<day>/<cell>` (cells.ts, cellsOf), since
 * that day is a pure function of its content (receivables/horizon.ts, expiryDateOf). Read on `asOf`, the
 * book is the plain cells plus every bucket whose day is after `asOf`; a bucket whose day is at or
 * before `asOf` is left out whether TTL has deleted its receivables yet (it lags up to two days) or
 * not, and the recount leaves those receivables out the same way, so the two agree on any date.
 *
 * Why filed ONLY under the bucket (not also in the plain cells, with a fold that subtracts it): an
 * expired bucket is then simply dropped (REMOVE, book-store.ts `forget`), which needs no condition and
 * no read of its values, stays exact under retries and under a concurrent write that still
 * subtracts an expired-but-not-deleted receivable from it (the leftover is expired too, never read,
 * and dropped by the next summary), and keeps the item smaller (no cell is held twice).
 */
import type { IsoDate } from '../calendar';
import { addCells, type Cells, parseExpiring } from './cells';

/** Whether a receivable expiring on `expiry` is out of the book on `asOf` (TTL at 00:00 UTC). */
export const isExpired = (expiry: IsoDate | null | undefined, asOf: IsoDate) =>
  expiry !== null && expiry !== undefined && expiry <= asOf;

const expiredName = (name: string, asOf: IsoDate) => isExpired(parseExpiring(name).expiry, asOf);

/** The cells without the buckets expired on `asOf` (names kept): what a recount on `asOf` yields. */
export function unexpired(cells: Cells, asOf: IsoDate): Cells {
  return Object.fromEntries(Object.entries(cells).filter(([name]) => !expiredName(name, asOf)));
}

/** The names of the cells in buckets expired on `asOf`: what the summary drops from the item. */
export function expiredNames(cells: Cells, asOf: IsoDate): string[] {
  return Object.keys(cells).filter((name) => expiredName(name, asOf));
}

/** The book's cells on `asOf`: expired buckets left out, the others added into the plain cells. */
export function liveCells(cells: Cells, asOf: IsoDate): Cells {
  const live: Record<string, number> = {};
  for (const [filed, value] of Object.entries(cells)) {
    const { expiry, name } = parseExpiring(filed);
    if (!isExpired(expiry, asOf)) addCells(live, { [name]: value });
  }
  return live;
}
