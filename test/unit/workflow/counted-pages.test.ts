import { describe, expect, it } from 'vitest';
import type { Page } from '../../../lambdas/core/provider/port';
import { fetchCountedPages } from '../../../lambdas/core/workflow/download/counted-pages';

const page = (number: number, records: object[]): Page => ({
  reportId: 'R',
  page: number,
  records: records as Page['records'],
  malformed: [],
  pastLastPage: records.length === 0,
});

/** A provider serving `content[n-1]` for page n (empty past the end), with `emptyFirst` pages empty on their first ask. */
function provider(content: object[][], emptyFirst: number[] = [], alwaysEmpty: number[] = []) {
  const asked: number[] = [];
  return {
    asked,
    downloadPage: async (_id: string, n: number) => {
      asked.push(n);
      const first = asked.filter((x) => x === n).length === 1;
      if (alwaysEmpty.includes(n) || (first && emptyFirst.includes(n))) return page(n, []);
      return page(n, content[n - 1] ?? []);
    },
  };
}

const request = {
  reportId: 'R',
  firstPage: 1,
  lastPage: 3,
  totalPages: 3,
  concurrency: 2,
  emptyPageRetries: 2,
};
const content = [[{ NSU: '1' }], [{ NSU: '2' }], [{ NSU: '3' }]];

describe('fetchCountedPages', () => {
  it('asks an empty page inside the count again, and checks the page after the last is empty', async () => {
    const p = provider(content, [2]);
    const { pages, pastCount } = await fetchCountedPages(p, request);
    expect(pages.map((x) => x.page)).toEqual([1, 2, 3]);
    expect(pastCount).toBe(false);
    expect(p.asked.filter((n) => n === 2)).toHaveLength(2);
    // The page after the count confirms it only when empty twice.
    expect(p.asked.filter((n) => n === 4)).toHaveLength(2);
  });

  it('a page after the count empty for a moment still shows the count is short', async () => {
    const { pages, pastCount } = await fetchCountedPages(
      provider([...content, [{ NSU: '4' }]], [4]),
      request,
    );
    expect(pages.map((x) => x.page)).toEqual([1, 2, 3, 4]);
    expect(pastCount).toBe(true);
  });

  it('fails the job when a page inside the count stays empty', async () => {
    await expect(fetchCountedPages(provider(content, [], [2]), request)).rejects.toThrow(
      /page 2 of 3 stayed empty after 3 requests/,
    );
  });

  // A count is trusted only when confirmed: records past it are kept, and the report goes on.
  it('keeps the page after the count when it has records, and says the count is short', async () => {
    const { pages, pastCount } = await fetchCountedPages(provider([...content, [{ NSU: '4' }]]), request);
    expect(pages.map((x) => x.page)).toEqual([1, 2, 3, 4]);
    expect(pastCount).toBe(true);
  });

  it('an empty sole page is an empty report, unless the page after it has records', async () => {
    const sole = { ...request, lastPage: 1, totalPages: 1 };
    expect(await fetchCountedPages(provider([[]]), sole)).toEqual({ pages: [page(1, [])], pastCount: false });
    await expect(fetchCountedPages(provider([[], [{ NSU: '2' }]]), sole)).rejects.toThrow(
      /page 1 stayed empty after 3 requests although page 2 has records/,
    );
  });

  it('asks the page after the count alongside the batch, not after its slowest page', async () => {
    const asked: number[] = [];
    let releasePages: () => void = () => undefined;
    const pagesHeld = new Promise<void>((resolve) => {
      releasePages = resolve;
    });
    const held = {
      downloadPage: async (_id: string, n: number) => {
        asked.push(n);
        if (n === 4) releasePages();
        else await pagesHeld; // the batch's pages answer only once page 4 was asked
        return page(n, content[n - 1] ?? []);
      },
    };
    const { pages } = await fetchCountedPages(held, { ...request, concurrency: 4 });
    expect(pages.map((x) => x.page)).toEqual([1, 2, 3]);
    // Page 4 first, and again (empty) while the batch's pages are still held.
    expect(asked).toEqual([1, 2, 3, 4, 4]);
  });
});
