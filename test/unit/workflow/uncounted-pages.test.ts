import { describe, expect, it } from 'vitest';
import type { Page } from '../../../lambdas/core/provider/port';
import { fetchUncountedPages } from '../../../lambdas/core/workflow/download/uncounted-pages';

const page = (number: number, records: number): Page => ({
  reportId: 'R',
  page: number,
  records: Array.from({ length: records }, (_, i) => ({ NSU: `${number}-${i}` })) as Page['records'],
  malformed: [],
  pastLastPage: records === 0,
});

/** Pages 1..`pages` hold records; each page in `emptyTimes` is served empty that many times first. */
function provider(pages: number, emptyTimes: Record<number, number> = {}) {
  const asked: number[] = [];
  return {
    asked,
    downloadPage: async (_id: string, n: number) => {
      asked.push(n);
      const served = asked.filter((x) => x === n).length;
      return page(n, served <= (emptyTimes[n] ?? 0) || n > pages ? 0 : 1);
    },
  };
}

const request = { reportId: 'R', firstPage: 1, lastPage: 6, concurrency: 3, emptyPageRetries: 2 };
const numbers = (pages: readonly Page[]) => pages.map((p) => p.page);

describe('fetchUncountedPages', () => {
  it('ends the report at an empty page that stays empty when asked again', async () => {
    const p = provider(3);
    const { pages, ended } = await fetchUncountedPages(p, request);
    expect(numbers(pages)).toEqual([1, 2, 3]);
    expect(ended).toBe(true);
    expect(p.asked.filter((n) => n === 4)).toHaveLength(2);
  });

  it('asks a momentarily empty page again and keeps every page after it', async () => {
    const p = provider(5, { 2: 1 });
    const { pages, ended } = await fetchUncountedPages(p, request);
    expect(numbers(pages)).toEqual([1, 2, 3, 4, 5]);
    expect(pages.every((x) => x.records.length === 1)).toBe(true);
    expect(ended).toBe(true);
  });

  it('a candidate end with records on the second ask was momentary: the next page is asked again', async () => {
    const p = provider(5, { 4: 1, 5: 1 });
    const { pages, ended } = await fetchUncountedPages(p, request);
    expect(numbers(pages)).toEqual([1, 2, 3, 4, 5]);
    expect(ended).toBe(true);
  });

  it('a batch full of records does not end the report', async () => {
    const { pages, ended } = await fetchUncountedPages(provider(10), request);
    expect(numbers(pages)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ended).toBe(false);
  });

  it('fails when an empty page followed by records stays empty', async () => {
    await expect(fetchUncountedPages(provider(5, { 2: 9 }), request)).rejects.toThrow(
      /page 2 stayed empty after 3 requests although page 5 has records/,
    );
  });
});

describe('fetchUncountedPages, a batch without records', () => {
  it('ends at its first page once that stays empty, asking nothing else again', async () => {
    const p = provider(0);
    const { pages, ended } = await fetchUncountedPages(p, { ...request, firstPage: 4, lastPage: 6 });
    expect(pages).toEqual([]);
    expect(ended).toBe(true);
    expect(p.asked.sort()).toEqual([4, 4, 5, 6]);
  });
});
