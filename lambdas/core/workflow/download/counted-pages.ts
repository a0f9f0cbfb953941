/**
 * Pages of a report whose page count is known (production, CONCLUIDO with `quantidadePaginas`):
 * complete, or the job fails. The spec's stop rule ("stop when `registro` is absent or empty") is
 * only safe past the last counted page; inside 1..N an empty page means a page the provider failed to
 * serve, and trusting it would finish the job COMPLETED with records missing.
 * - A page inside 1..N that comes back empty is asked again (a few times); still empty, the job fails
 *   (except the sole page of a one-page report: the provider counts one page for an empty report).
 * - The batch holding page N also asks page N+1: empty, and empty again when asked once more, it
 *   confirms the count (the provider's own stop rule agrees with it). With records, the count was short (0, or fewer pages than the provider
 *   serves): page N+1 is kept like any other, and the report goes on as one without a count from page
 *   N+2 (uncounted-pages.ts; the state machine's "Confirm page count"). A count is trusted only once
 *   confirmed, so a report counted 0 pages is still read from page 1 (the page loop does it).
 * (Two pages with the same records, in this batch or another: page-fingerprints.ts.)
 */

import { mapWithConcurrency } from '../../concurrency';
import type { Page, ProviderClient } from '../../provider/port';

/** The report's pages do not add up: a person has to look (the job ends FAILED with this reason). */
export const INCOMPLETE_REPORT_ERROR = 'IncompleteReportError';

export class IncompleteReportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = INCOMPLETE_REPORT_ERROR;
  }
}

export interface CountedPagesRequest {
  readonly reportId: string;
  readonly firstPage: number;
  readonly lastPage: number;
  /** quantidadePaginas */
  readonly totalPages: number;
  readonly concurrency: number;
  /** Extra asks for a page inside the count that came back empty. */
  readonly emptyPageRetries: number;
}

export interface CountedPages {
  /** The batch's pages inside the count, and page N+1 when it has records. */
  readonly pages: Page[];
  /** Page N+1 has records: the count is short, the report continues from page N+2. */
  readonly pastCount: boolean;
}

export async function fetchCountedPages(
  provider: Pick<ProviderClient, 'downloadPage'>,
  request: CountedPagesRequest,
): Promise<CountedPages> {
  const { reportId, totalPages } = request;
  // The batch holding page N asks N+1 alongside its pages, not after them: asked last, it would add
  // a whole round trip with nothing else queued to the end of the report.
  const lastAsked = request.lastPage >= totalPages ? totalPages + 1 : request.lastPage;
  const numbers = Array.from({ length: lastAsked - request.firstPage + 1 }, (_, i) => request.firstPage + i);
  const pages = await mapWithConcurrency(numbers, request.concurrency, async (number) => {
    let page = await provider.downloadPage(reportId, number);
    for (
      let retry = 0;
      page.pastLastPage && number <= totalPages && retry < request.emptyPageRetries;
      retry++
    ) {
      page = await provider.downloadPage(reportId, number);
    }
    // The end is confirmed like any end (uncounted-pages.ts): empty on a second ask too. A momentary
    // empty answer there would otherwise hide the pages of a short count.
    if (page.pastLastPage && number === totalPages + 1) page = await provider.downloadPage(reportId, number);
    // A report with no records still counts one page: an empty sole page (asked again) is an empty report.
    if (page.pastLastPage && number <= totalPages && totalPages > 1) {
      throw new IncompleteReportError(
        `report ${reportId}: page ${number} of ${totalPages} stayed empty after ${request.emptyPageRetries + 1} requests`,
      );
    }
    return page;
  });
  const next = pages.find((page) => page.page === totalPages + 1);
  const pastCount = next !== undefined && !next.pastLastPage;
  // The empty sole page was not an empty report after all: records follow it.
  const hole = pastCount ? pages.find((page) => page.pastLastPage) : undefined;
  if (hole) {
    throw new IncompleteReportError(
      `report ${reportId}: page ${hole.page} stayed empty after ${request.emptyPageRetries + 1} requests although page ${totalPages + 1} has records`,
    );
  }
  return { pages: pastCount ? pages : pages.filter((page) => page.page <= totalPages), pastCount };
}
