/**
 * Which pages each download batch holds. Batches are addressed by index (the state never holds a
 * page list: batch-results.ts), so the Map's Lambdas and Check report compute the same layout from
 * the page count alone.
 *
 * The first `concurrent` batches are staggered: sizes P·1/k, P·2/k, …, P (at least one page each),
 * then P. The Map starts k batches at once; of equal size, they would claim the account's slots in
 * turn, reach their last page together and all wait for its latency (up to the provider's slowest
 * answer) while nobody else has a request queued: the request budget idles at every batch end, and
 * at the end of the report. Staggered, one batch's tail is covered by the others' queued pages.
 * The effect is measured by `npm run bench -- --only download` (docs/rate-limit.md).
 */
import type { WorkflowConfig } from '../config';

export interface BatchLayout {
  /** Pages per batch after the staggered ones (the stage's `download.pagesPerBatch`). */
  readonly perBatch: number;
  /** Batches the Map downloads at once (the stage's `download.batchConcurrency`); 1 = no stagger. */
  readonly concurrent: number;
}

export function batchLayoutOf(
  config: Pick<WorkflowConfig, 'pagesPerBatch' | 'batchConcurrency'>,
): BatchLayout {
  return { perBatch: config.pagesPerBatch, concurrent: config.batchConcurrency };
}

/** Size of staggered batch `index` (< concurrent). */
function leadSize(index: number, { perBatch, concurrent }: BatchLayout): number {
  return Math.max(1, Math.round((perBatch * (index + 1)) / concurrent));
}

/** First page (1-based) of batch `index`. */
function firstPageOf(index: number, layout: BatchLayout): number {
  const leads = Math.min(index, layout.concurrent);
  let first = 1;
  for (let i = 0; i < leads; i++) first += leadSize(i, layout);
  return first + Math.max(0, index - layout.concurrent) * layout.perBatch;
}

function sizeOf(index: number, layout: BatchLayout): number {
  return index < layout.concurrent ? leadSize(index, layout) : layout.perBatch;
}

/** Pages of batch `index` (1-based, inclusive), or undefined past the last page. */
export function batchPages(index: number, pages: number, layout: BatchLayout) {
  const firstPage = firstPageOf(index, layout);
  if (firstPage > pages) return undefined;
  return { firstPage, lastPage: Math.min(pages, firstPage + sizeOf(index, layout) - 1) };
}

/** Number of batches that hold `pages` pages. */
export function batchCount(pages: number, layout: BatchLayout): number {
  let count = 0;
  for (; count < layout.concurrent && firstPageOf(count, layout) <= pages; count++);
  if (count < layout.concurrent) return count;
  const rest = pages - firstPageOf(count, layout) + 1;
  return count + Math.max(0, Math.ceil(rest / layout.perBatch));
}
