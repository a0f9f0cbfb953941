import { describe, expect, it } from 'vitest';
import { batchCount, batchPages } from '../../../lambdas/core/workflow/download/batch-layout';

function pagesOf(pages: number, perBatch: number, concurrent: number) {
  const layout = { perBatch, concurrent };
  const count = batchCount(pages, layout);
  const batches = Array.from({ length: count }, (_, index) => batchPages(index, pages, layout));
  return { count, batches, past: batchPages(count, pages, layout) };
}

describe('batch layout', () => {
  it('staggers the first concurrent batches, then fills whole ones', () => {
    const { batches } = pagesOf(45, 10, 3);
    expect(batches).toEqual([
      { firstPage: 1, lastPage: 3 },
      { firstPage: 4, lastPage: 10 },
      { firstPage: 11, lastPage: 20 },
      { firstPage: 21, lastPage: 30 },
      { firstPage: 31, lastPage: 40 },
      { firstPage: 41, lastPage: 45 },
    ]);
  });

  it('is the plain split when only one batch runs at a time', () => {
    expect(pagesOf(25, 10, 1).batches).toEqual([
      { firstPage: 1, lastPage: 10 },
      { firstPage: 11, lastPage: 20 },
      { firstPage: 21, lastPage: 25 },
    ]);
  });

  it('covers every page exactly once, in order, for any page count and setting', () => {
    for (const perBatch of [1, 2, 3, 10, 100])
      for (const concurrent of [1, 2, 3, 7, 40])
        for (let pages = 1; pages <= 450; pages += pages < 30 ? 1 : 37) {
          const { count, batches, past } = pagesOf(pages, perBatch, concurrent);
          const covered = batches.flatMap((batch) => {
            if (!batch)
              throw new Error(`empty batch inside the count (${pages}, ${perBatch}, ${concurrent})`);
            expect(batch.lastPage - batch.firstPage + 1).toBeLessThanOrEqual(perBatch);
            return Array.from(
              { length: batch.lastPage - batch.firstPage + 1 },
              (_, i) => batch.firstPage + i,
            );
          });
          expect(covered).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
          expect(past).toBeUndefined();
          // Staggering adds fewer than `concurrent` batches to the plain split.
          expect(count - Math.ceil(pages / perBatch)).toBeLessThan(concurrent);
        }
  });
});
