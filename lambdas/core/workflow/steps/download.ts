/**
 * The download steps: one batch of a report with a page count ("Download pages"), or the next pages
 * of a report without one ("Download pages until empty"). Either way the pages are fetched side by
 * side, checked (complete, each content under one page number, inside the job's window), then
 * archived, normalized and applied to the receivables. Payloads stay small: counts, never records.
 */
import { mapWithConcurrency } from '../../concurrency';
import type { Page } from '../../provider/port';
import type { RecordSource } from '../../records/canonical';
import { batchLayoutOf, batchPages } from '../batch-layout';
import { mergeBatches } from '../batch-results';
import type { Job } from '../contracts';
import {
  type BatchResult,
  type DownloadInput,
  downloadInputSchema,
  type PageCursor,
  untilEmptyInputSchema,
} from '../contracts';
import { fetchCountedPages } from '../counted-pages';
import type { WorkflowDeps } from '../deps';
import { TooManyPagesError } from '../errors';
import { assertRecordsFitWindow } from '../window-check';

/** Extra asks for a page inside the count that came back empty, before the job fails. */
const EMPTY_PAGE_RETRIES = 2;

type BatchRequest = Omit<DownloadInput, 'batchIndex' | 'pages'> & {
  readonly batch: { readonly firstPage: number; readonly lastPage: number };
};

export function buildDownloadSteps(deps: WorkflowDeps) {
  const { provider, config, requests } = deps;

  /** Pages of the batch: all of them when the count is known (complete or fail), else up to the first empty. */
  function fetchPages(reportId: string, batch: BatchRequest['batch'], totalPages?: number): Promise<Page[]> {
    if (totalPages !== undefined) {
      return fetchCountedPages(provider, {
        reportId,
        ...batch,
        totalPages,
        concurrency: config.pageConcurrency,
        emptyPageRetries: EMPTY_PAGE_RETRIES,
      });
    }
    const numbers = Array.from(
      { length: batch.lastPage - batch.firstPage + 1 },
      (_, i) => batch.firstPage + i,
    );
    return mapWithConcurrency(numbers, config.pageConcurrency, (page) =>
      provider.downloadPage(reportId, page),
    );
  }

  /** Downloads a batch, then ingests and applies it; without a page count it stops at the first empty page. */
  async function downloadBatch(request: BatchRequest, totalPages?: number): Promise<BatchResult> {
    const { job, reportId, generatedOn, asOf, batch } = request;
    const { result, requests: providerRequests } = await requests.measure(async () => {
      const fetched = await fetchPages(reportId, batch, totalPages);
      const firstEmpty = fetched.findIndex((page) => page.pastLastPage);
      const pages = totalPages === undefined && firstEmpty >= 0 ? fetched.slice(0, firstEmpty) : fetched;
      await deps.pageFingerprints.claim(reportId, pages);
      const ingested = await deps.ingestPages(
        pages.map((page) => ({ page, source: sourceOf(job, reportId, page, generatedOn) })),
        (records) => {
          // Before anything is applied: a report of another window fails the job instead.
          assertRecordsFitWindow(reportId, job, records, config.windowCheck);
          return deps.receivables(asOf).applyRecords(records);
        },
      );
      return { pages, firstEmpty, ingested };
    });
    const { changed, unchanged, conflicts } = result.ingested.applied;
    return {
      pages: result.pages.length,
      pastLastPage: result.firstEmpty >= 0,
      counts: result.ingested.counts,
      providerRequests,
      receivables: { changed, unchanged, conflicts },
    };
  }

  return {
    /**
     * Batch `batchIndex` of a CONCLUIDO report (production). Its counts go to the batch store, not to
     * the state; the answer is a few bytes whatever the report size. Indexes past the last page (the
     * last chunk's tail) do nothing.
     */
    async downloadPages(raw: unknown): Promise<{ batchIndex: number; pages: number }> {
      const { batchIndex, pages, ...rest } = downloadInputSchema.parse(raw);
      const batch = batchPages(batchIndex, pages, batchLayoutOf(config));
      if (!batch) return { batchIndex, pages: 0 };
      const result = await downloadBatch({ ...rest, batch }, pages);
      await deps.batchResults.save(rest.executionId, rest.job, batchIndex, result);
      return { batchIndex, pages: result.pages };
    },

    /**
     * One turn of the page loop for reports without a page count (always in the sandbox; in
     * production if CONCLUIDO came without quantidadePaginas): fetch the next batch, stop at the first
     * page past the last, and carry the running totals in the cursor. Batches grow (2, 4, 8… pages,
     * up to `pagesPerBatch`) so that a short report does not spend the account's request budget on
     * pages past its end: a one-page report costs two requests, not a whole batch.
     */
    async downloadUntilEmpty(raw: unknown): Promise<PageCursor> {
      const { cursor, ...rest } = untilEmptyInputSchema.parse(raw);
      if (cursor.nextPage > config.maxUnknownPages)
        throw new TooManyPagesError(rest.reportId, config.maxUnknownPages);
      const size = Math.min(config.pagesPerBatch, cursor.nextPage + 1);
      const lastPage = Math.min(cursor.nextPage + size - 1, config.maxUnknownPages);
      const batch = await downloadBatch({ ...rest, batch: { firstPage: cursor.nextPage, lastPage } });
      const totals = cursor.totals ? mergeBatches([cursor.totals, batch]) : batch;
      return { nextPage: lastPage + 1, done: batch.pastLastPage, totals };
    },
  };
}

function sourceOf(job: Job, reportId: string, page: Page, generatedOn: string): RecordSource {
  return { reportKind: job.kind, reportId, page: page.page, generatedOn };
}
