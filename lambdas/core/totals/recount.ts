/**
 * The full recount: every receivable's cells summed from a parallel Scan, page by page (memory holds
 * one page and the cells, never the book), then written over the kept totals. Receivables expired
 * on the recount's date are left out even while TTL has not deleted them yet (expiry.ts). Run on demand
 * (`recon summary --recount`), and by the nightly steps only when the kept totals cannot be trusted:
 * never recounted yet (a new or upgraded table), or a batch killed between its writes and its delta.
 */

import type { IsoDate } from '../calendar';
import { mapWithConcurrency } from '../concurrency';
import { scanPages, type TableDeps } from '../recon/queries';
import { addCells, type Cells, type CellsConfig, cellsOf } from './cells';
import { unexpired } from './expiry';
import type { TotalsMarkers, TotalsStore } from './store';

export interface RecountDeps extends TableDeps {
  readonly totals: TotalsStore;
  readonly config: CellsConfig;
  /** Scan segments read in parallel. @default 4 */
  readonly scanSegments?: number;
}

/** Sums the cells of every receivable not expired on `asOf` (streaming) without writing them. */
export async function countCells(deps: RecountDeps, asOf: IsoDate): Promise<Cells> {
  const sum: Record<string, number> = {};
  const totalSegments = deps.scanSegments ?? 4;
  const segments = Array.from({ length: totalSegments }, (_, segment) => segment);
  await mapWithConcurrency(segments, totalSegments, async (segment) => {
    for await (const page of scanPages(deps, { segment, totalSegments })) {
      for (const receivable of page) addCells(sum, cellsOf(receivable, deps.config));
    }
  });
  // An expired receivable's cells are all in its expired bucket: dropping the buckets skips it.
  return unexpired(sum, asOf);
}

/** Recounts and replaces the kept totals. */
export async function recountTotals(deps: RecountDeps, asOf: IsoDate): Promise<Cells> {
  const cells = await countCells(deps, asOf);
  await deps.totals.replace(cells);
  return cells;
}

export interface TrustedTotals {
  readonly cells: Cells;
  readonly markers: TotalsMarkers;
  /** True when the kept totals could not be trusted and were recounted. */
  readonly recounted: boolean;
}

/** The kept totals when they can be trusted, else a recount on `asOf`. */
export async function trustedTotals(deps: RecountDeps, asOf: IsoDate): Promise<TrustedTotals> {
  const kept = await deps.totals.load();
  if (kept) return { ...kept, recounted: false };
  const cells = await recountTotals(deps, asOf);
  return { cells, markers: { started: [], applied: [] }, recounted: true };
}
