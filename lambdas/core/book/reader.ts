/**
 * The summary's view of the whole book at a cost independent of the book's size: one read of the
 * totals item and, per action state, the top of its byWork partition; then one update that forgets
 * the checked markers and drops expired buckets. Recounts (a full Scan) only when the kept totals
 * cannot be trusted (see book-store.ts).
 */
import type { IsoDate } from '../calendar';
import { bookFromCells } from './book';
import { buildTotalsStore } from './book-store';
import { expiredNames } from './expiry';
import { type LargestDeps, largestItems } from './largest';
import { trustedTotals } from './recount';
import type { BookView } from './types';

export interface BookReaderDeps extends LargestDeps {
  /** The clock that tells another execution's running batch from a dead one. @default the system clock */
  readonly now?: () => Date;
}

export function buildBookReader(deps: BookReaderDeps): (asOf: IsoDate) => Promise<BookView> {
  const totals = buildTotalsStore(deps);
  return async (asOf) => {
    const kept = await trustedTotals({ ...deps, totals }, asOf);
    const largest = await largestItems(deps, asOf);
    // Checked and finished: the markers are not needed any more (keeps the item one night small),
    // nor are the buckets of receivables expired by now (TTL deletes them, see expiry.ts).
    await totals.forget(kept.markers, expiredNames(kept.cells, asOf));
    return bookFromCells(kept.cells, asOf, deps.config, largest);
  };
}
