/**
 * The full recount: every receivable's cells summed from a parallel Scan, page by page (memory holds
 * one page and the cells, never the book), then written over the kept totals. Receivables expired
 * on the recount's date are left out even while TTL has not deleted them yet (expiry.ts). Run on demand
 * (`recon totals --recount`), and by the nightly steps only when the kept totals cannot be trusted:
 * never recounted yet (a new or upgraded table), or a batch that will never add its delta (killed
 * between its writes and its delta, or given up on a write in doubt).
 *
 * Batches of other executions may be writing meanwhile. The Scan may see part of a running batch's
 * writes, and that batch adds its whole delta later, so the recount is stored only when no batch was
 * running when the item was read and none began before the replace (book-store.ts, `replace`). Otherwise
 * the caller gets the count without storing it (the table as scanned), and a later reader recounts.
 */

import type { IsoDate } from '../calendar';
import { forEachScannedPage, type TableDeps } from '../receivables/queries';
import { NO_MARKERS, type TotalsMarkers } from './attempts';
import type { TotalsStore } from './book-store';
import { addCells, type Cells, type CellsConfig, cellsOf } from './cells';
import { unexpired } from './expiry';

export interface RecountDeps extends TableDeps {
  readonly totals: TotalsStore;
  readonly config: CellsConfig;
  /** Scan segments read in parallel. @default 4 */
  readonly scanSegments?: number;
}

/** Sums the cells of every receivable not expired on `asOf` (streaming) without writing them. */
export async function countCells(deps: RecountDeps, asOf: IsoDate): Promise<Cells> {
  const sum: Record<string, number> = {};
  await forEachScannedPage(deps, { totalSegments: deps.scanSegments }, (page) => {
    for (const receivable of page) addCells(sum, cellsOf(receivable, deps.config));
  });
  // An expired receivable's cells are all in its expired bucket: dropping the buckets skips it.
  return unexpired(sum, asOf);
}

export interface Recount {
  readonly cells: Cells;
  /** Whether the recount replaced the kept totals (false while other batches were writing). */
  readonly stored: boolean;
}

/** Recounts and replaces the kept totals when no batch is writing (see above). */
export async function recountTotals(deps: RecountDeps, asOf: IsoDate): Promise<Recount> {
  // Read BEFORE the Scan: the replace is exact only if no batch was live then or began since.
  const basis = await deps.totals.read();
  const cells = await countCells(deps, asOf);
  return { cells, stored: await deps.totals.replace(cells, basis) };
}

export interface TrustedTotals {
  readonly cells: Cells;
  /** The markers checked and finished, for the reader to forget. */
  readonly markers: TotalsMarkers;
  /** True when the kept totals could not be trusted and were recounted. */
  readonly recounted: boolean;
}

/** The kept totals when they can be trusted, else a recount on `asOf`. */
export async function trustedTotals(deps: RecountDeps, asOf: IsoDate): Promise<TrustedTotals> {
  const kept = await deps.totals.load();
  if (kept) return { ...kept, recounted: false };
  const { cells } = await recountTotals(deps, asOf);
  return { cells, markers: NO_MARKERS, recounted: true };
}
