/**
 * The download steps with small fakes: a count is trusted only when confirmed. The batch holding the
 * last counted page asks the page after it; the page loop's first turn past the count ("Confirm page
 * count") ends the download when that page was empty, and goes on until empty when it had records.
 */
import { describe, expect, it } from 'vitest';
import { fakeWorld, JOB } from './steps-world';

const INPUT = {
  job: JOB,
  executionId: 'e',
  reportId: '9007199254740993',
  generatedOn: '2026-03-09',
  asOf: '2026-03-09',
};
// One batch of up to 10 pages, no stagger: the fake provider serves 3 pages of 2 records.
const WORKFLOW = { pagesPerBatch: 10, batchConcurrency: 1 };

describe('a page count confirmed by the page after it', () => {
  it('ends the download without another request when the page after the count is empty', async () => {
    const { steps, calls } = fakeWorld({ workflow: WORKFLOW });
    await steps.downloadPages({ ...INPUT, batchIndex: 0, pages: 3 });
    // Pages 1–3, and page 4 twice (empty both times).
    expect(calls.savedBatches).toEqual([expect.objectContaining({ pages: 3, providerRequests: 5 })]);
    expect(calls.savedBatches[0]).not.toHaveProperty('pastCount');

    const cursor = await steps.downloadUntilEmpty({
      ...INPUT,
      cursor: { nextPage: 4, countedPages: 3, afterCount: true },
    });

    expect(cursor).toEqual({ nextPage: 4, done: true });
    expect(calls.ingestedBatches).toEqual([[1, 2, 3]]);
  });

  it('a count smaller than the pages served: the page after it is kept and the loop goes on', async () => {
    const { steps, calls } = fakeWorld({ workflow: WORKFLOW });
    await steps.downloadPages({ ...INPUT, batchIndex: 0, pages: 2 });
    expect(calls.savedBatches).toEqual([expect.objectContaining({ pages: 3, pastCount: true })]);

    const cursor = await steps.downloadUntilEmpty({
      ...INPUT,
      cursor: { nextPage: 3, countedPages: 2, afterCount: true },
    });

    // Page 3 came with the counted batch; the loop reads from page 4, finds the end and confirms it.
    expect(cursor).toMatchObject({ nextPage: 7, done: true, countedPages: 2 });
    expect(cursor.totals).toMatchObject({ pages: 0, providerRequests: 4 });
    expect(calls.ingestedBatches).toEqual([[1, 2, 3], []]);
  });

  it('a count of 0 is read from page 1 until empty', async () => {
    const { steps, calls } = fakeWorld({ workflow: WORKFLOW });
    expect(await steps.downloadPages({ ...INPUT, batchIndex: 0, pages: 0 })).toEqual({
      batchIndex: 0,
      pages: 0,
    });

    const first = await steps.downloadUntilEmpty({
      ...INPUT,
      cursor: { nextPage: 1, countedPages: 0, afterCount: true },
    });
    const second = await steps.downloadUntilEmpty({ ...INPUT, cursor: first });

    expect(second).toMatchObject({ done: true });
    expect(second.totals).toMatchObject({ pages: 3, counts: { received: 6 } });
    expect(calls.ingestedBatches).toEqual([[1, 2], [3]]);
  });

  it('fails loudly when the batch holding the last counted page left no result', async () => {
    const { steps } = fakeWorld({ workflow: WORKFLOW });
    await expect(
      steps.downloadUntilEmpty({ ...INPUT, cursor: { nextPage: 4, countedPages: 3, afterCount: true } }),
    ).rejects.toMatchObject({ name: 'IncompleteReportError' });
  });
});
