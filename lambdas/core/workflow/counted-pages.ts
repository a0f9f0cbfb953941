/**
 * Pages of a report whose page count is known (production, CONCLUIDO with `quantidadePaginas`):
 * complete, or the job fails. The spec's stop rule ("stop when `registro` is absent or empty") is
 * only safe past the last counted page; inside 1..N an empty page means a page the provider failed to
 * serve, and trusting it would finish the job COMPLETED with records missing.
 * - A page inside 1..N that comes back empty is asked again (a few times); still empty, the job fails
 *   (except the sole page of a one-page report: the provider counts one page for an empty report).
 * - The batch holding page N also asks page N+1, which must be empty (the provider's own stop rule).
 * (Two pages with the same records, in this batch or another: page-fingerprints.ts.)
 */

import { mapWithConcurrency } from '../concurrency';
import type { Page, ProviderClient } from '../provider/port';

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

export async function fetchCountedPages(
  provider: Pick<ProviderClient, 'downloadPage'>,
  request: CountedPagesRequest,
): Promise<Page[]> {
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
    // A report with no records still counts one page: an empty sole page (asked again) is an empty report.
    if (page.pastLastPage && number <= totalPages && totalPages > 1) {
      throw new IncompleteReportError(
        `report ${reportId}: page ${number} of ${totalPages} stayed empty after ${request.emptyPageRetries + 1} requests`,
      );
    }
    return page;
  });
  const next = pages.find((page) => page.page === totalPages + 1);
  if (next && !next.pastLastPage) {
    throw new IncompleteReportError(
      `report ${reportId}: page ${totalPages + 1} has records although the report counts ${totalPages} pages`,
    );
  }
  return pages.filter((page) => page.page <= totalPages);
}
