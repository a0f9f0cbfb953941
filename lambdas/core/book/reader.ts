/**
 * The summary's view of the whole book at a cost independent of the book's size: one read of the
 * totals item, then the night's action list (kept night to night, action-list/store.ts) for each
 * action state's largest items; then one update that forgets the checked markers and drops expired
 * buckets. Recounts (a full Scan) only when the kept totals cannot be trusted (see book-store.ts).
 */
import type { IsoDate } from '../calendar';
import type { TableDeps } from '../receivables/queries';
import { bookFromCells } from './book';
import { buildTotalsStore } from './book-store';
import type { CellsConfig } from './cells';
import { expiredNames } from './expiry';
import { trustedTotals } from './recount';
import type { ActionItem, BookView } from './types';

export interface BookReaderDeps extends TableDeps {
  readonly config: CellsConfig;
  /** The clock that tells another execution's running batch from a dead one. @default the system clock */
  readonly now?: () => Date;
}

/**
 * Each action state's largest items on `asOf`, given the book's counts per action state: the night's
 * action list (action-list/), which checks a kept list against those counts.
 */
export type LargestOf = (
  asOf: IsoDate,
  bookCounts: ReadonlyMap<string, number>,
) => Promise<Readonly<Record<string, readonly ActionItem[]>>>;

export function buildBookReader(
  deps: BookReaderDeps,
): (asOf: IsoDate, largest: LargestOf) => Promise<BookView> {
  const totals = buildTotalsStore(deps);
  return async (asOf, largest) => {
    const kept = await trustedTotals({ ...deps, totals }, asOf);
    // Checked and finished: the markers are not needed any more (keeps the item one night small),
    // nor are the buckets of receivables expired by now (TTL deletes them, see expiry.ts).
    await totals.forget(kept.markers, expiredNames(kept.cells, asOf));
    const counted = bookFromCells(kept.cells, asOf, deps.config, {});
    const counts = new Map(counted.attention.map((c) => [c.state, c.count]));
    return bookFromCells(kept.cells, asOf, deps.config, await largest(asOf, counts));
  };
}
