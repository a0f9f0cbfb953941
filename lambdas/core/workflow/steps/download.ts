/**
 * The download steps: one batch of a report with a page count ("Download pages"), or the next pages
 * of a report without one, or past a count proved short ("Download pages until empty"). Either way
 * the pages are fetched side by side, checked (complete, each content under one page number, inside
 * the job's window), then archived, normalized and applied to the receivables. Payloads stay small:
 * counts, never records.
 */

import type { RecordSource } from '../../ingest/records/canonical';
import type { Page } from '../../provider/port';
import type { BatchResult, DownloadInput, Job, PageCursor, StepImplementation } from '../contracts';
import type { WorkflowDeps } from '../deps';
import { batchCount, batchLayoutOf, batchPages } from '../download/batch-layout';
import { mergeBatches } from '../download/batch-results';
import { fetchCountedPages, IncompleteReportError } from '../download/counted-pages';
import { fetchUncountedPages } from '../download/uncounted-pages';
import { assertRecordsFitWindow } from '../download/window-check';
import { TooManyPagesError } from '../errors';

/**
 * Extra asks for an empty page that cannot be the report's end (inside the count, or followed by a
 * page with records), before the job fails.
 */
const EMPTY_PAGE_RETRIES = 2;

type BatchRequest = Omit<DownloadInput, 'batchIndex' | 'pages'> & {
  readonly batch: { readonly firstPage: number; readonly lastPage: number };
};

/** A batch's pages with records, and what they say about the report's end. */
interface FetchedBatch {
  readonly pages: Page[];
  /** No page count: the report's end was confirmed in this batch. */
  readonly ended: boolean;
  /** With a page count: the page after the count has records. */
  readonly pastCount: boolean;
}

export function buildDownloadSteps(
  deps: Pick<
    WorkflowDeps,
    'provider' | 'config' | 'requests' | 'pageFingerprints' | 'ingestPages' | 'receivables' | 'batchResults'
  >,
) {
  const { provider, config, requests } = deps;

  /** Pages of the batch: by count (complete or fail, the count confirmed), else up to a confirmed end. */
  async function fetchPages(
    reportId: string,
    batch: BatchRequest['batch'],
    totalPages?: number,
  ): Promise<FetchedBatch> {
    const asked = {
      reportId,
      ...batch,
      concurrency: config.pageConcurrency,
      emptyPageRetries: EMPTY_PAGE_RETRIES,
    };
    if (totalPages === undefined)
      return { ...(await fetchUncountedPages(provider, asked)), pastCount: false };
    return { ...(await fetchCountedPages(provider, { ...asked, totalPages })), ended: false };
  }

  /** Downloads a batch, then ingests and applies every page of it that has records. */
  async function downloadBatch(request: BatchRequest, totalPages?: number): Promise<BatchResult> {
    const { job, reportId, generatedOn, asOf, batch } = request;
    const { result, requests: providerRequests } = await requests.measure(async () => {
      const fetched = await fetchPages(reportId, batch, totalPages);
      await deps.pageFingerprints.claim(reportId, fetched.pages);
      const ingested = await deps.ingestPages(
        fetched.pages.map((page) => ({ page, source: sourceOf(job, reportId, page, generatedOn) })),
        (records) => {
          // Before anything is applied: a report of another window fails the job instead.
          assertRecordsFitWindow(reportId, job, records, config.windowCheck);
          return deps.receivables(asOf).applyRecords(records);
        },
      );
      return { fetched, ingested };
    });
    const { changed, unchanged, conflicts } = result.ingested.applied;
    return {
      pages: result.fetched.pages.length,
      pastLastPage: result.fetched.ended,
      counts: result.ingested.counts,
      providerRequests,
      receivables: { changed, unchanged, conflicts },
      ...(result.fetched.pastCount ? { pastCount: true } : {}),
    };
  }

  /**
   * The first turn after a counted report's batches: the batch holding the last counted page asked
   * the page after it. Empty, the count is confirmed; with records (applied by that batch), the
   * report continues from the page after that one. A count of 0 has no such batch: page 1 is next.
   */
  async function pastTheCount(executionId: string, job: Job, nextPage: number): Promise<PageCursor> {
    const counted = nextPage - 1;
    if (counted === 0) return { nextPage, countedPages: 0 };
    const lastBatch = batchCount(counted, batchLayoutOf(config)) - 1;
    const saved = await deps.batchResults.get(executionId, job, lastBatch);
    if (!saved) {
      throw new IncompleteReportError(
        `no result of batch ${lastBatch}, which holds page ${counted} of ${counted}`,
      );
    }
    return saved.pastCount ? { nextPage: nextPage + 1, countedPages: counted } : { nextPage, done: true };
  }

  return {
    /**
     * Batch `batchIndex` of a CONCLUIDO report (production). Its counts go to the batch store, not to
     * the state; the answer is a few bytes whatever the report size. Indexes past the last page (the
     * last chunk's tail) do nothing.
     */
    async downloadPages({ batchIndex, pages, ...rest }) {
      const batch = batchPages(batchIndex, pages, batchLayoutOf(config));
      if (!batch) return { batchIndex, pages: 0 };
      const result = await downloadBatch({ ...rest, batch }, pages);
      await deps.batchResults.save(rest.executionId, rest.job, batchIndex, result);
      return { batchIndex, pages: result.pages };
    },

    /**
     * One turn of the page loop for reports without a page count (always in the sandbox; in
     * production if CONCLUIDO came without quantidadePaginas, or past a short count): fetch the next
     * batch, stop at a confirmed end (download/uncounted-pages.ts), and carry the running totals in the
     * cursor. Batches grow (2, 4, 8… pages, up to `pagesPerBatch`) so that a short report does not
     * spend the account's request budget on pages past its end: a one-page report costs three
     * requests (page 2 asked twice), not a whole batch.
     */
    async downloadUntilEmpty({ cursor: given, ...rest }) {
      const cursor = given.afterCount
        ? await pastTheCount(rest.executionId, rest.job, given.nextPage)
        : given;
      if (cursor.done) return cursor;
      // Past a short count, the loop may read as far again as a report without any count.
      const { countedPages = 0 } = cursor;
      const lastAllowed = countedPages + config.maxUnknownPages;
      if (cursor.nextPage > lastAllowed) throw new TooManyPagesError(rest.reportId, lastAllowed);
      const size = Math.min(config.pagesPerBatch, cursor.nextPage - countedPages + 1);
      const lastPage = Math.min(cursor.nextPage + size - 1, lastAllowed);
      const batch = await downloadBatch({ ...rest, batch: { firstPage: cursor.nextPage, lastPage } });
      const totals = cursor.totals ? mergeBatches([cursor.totals, batch]) : batch;
      return {
        nextPage: lastPage + 1,
        done: batch.pastLastPage,
        totals,
        ...(countedPages > 0 ? { countedPages } : {}),
      };
    },
  } satisfies { [S in 'downloadPages' | 'downloadUntilEmpty']: StepImplementation<S> };
}

function sourceOf(job: Job, reportId: string, page: Page, generatedOn: string): RecordSource {
  return { reportKind: job.kind, reportId, page: page.page, generatedOn };
}
