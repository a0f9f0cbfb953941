/**
 * Pages of a report whose page count is unknown (always in the sandbox; in production when CONCLUIDO
 * comes without `quantidadePaginas`, or past a count the provider proved short: counted-pages.ts).
 * The spec's stop rule ("stop when `registro` is absent or empty") trusts one answer; a provider that
 * serves a page empty for a moment would end the report early and the job would complete with the
 * rest missing. So an empty page ends the report only when it is confirmed:
 * - an empty page followed, in the same batch, by a page with records is a hole: it is asked again
 *   until it gives records, or the job fails (never COMPLETED with a hole);
 * - the first empty page after the last page with records is asked once more: still empty (and every
 *   later page of the batch is empty), the report ends there; with records, it was momentary, and the
 *   page after it becomes the candidate end.
 * Every page fetched with records is returned (archived and applied), never dropped.
 */
import { mapWithConcurrency } from '../../concurrency';
import type { Page, ProviderClient } from '../../provider/port';
import { IncompleteReportError } from './counted-pages';

export interface UncountedPagesRequest {
  readonly reportId: string;
  readonly firstPage: number;
  readonly lastPage: number;
  readonly concurrency: number;
  /** Extra asks for an empty page followed by a page with records, before the job fails. */
  readonly emptyPageRetries: number;
}

export interface UncountedPages {
  /** The pages with records, in page order (the empty pages past the end are left out). */
  readonly pages: Page[];
  /** The report's end was confirmed in this batch; false: ask the next batch. */
  readonly ended: boolean;
}

type Downloader = Pick<ProviderClient, 'downloadPage'>;

export async function fetchUncountedPages(
  provider: Downloader,
  request: UncountedPagesRequest,
): Promise<UncountedPages> {
  const { reportId, firstPage, lastPage } = request;
  const numbers = Array.from({ length: lastPage - firstPage + 1 }, (_, i) => firstPage + i);
  const fetched = await mapWithConcurrency(numbers, request.concurrency, (number) =>
    provider.downloadPage(reportId, number),
  );
  const lastWithRecords = fetched.findLastIndex((page) => !page.pastLastPage);
  // (No page with records: lastWithRecords is -1, no holes, and the first page is the candidate end.)
  const holes = fetched.slice(0, Math.max(0, lastWithRecords)).filter((page) => page.pastLastPage);
  const filled = await mapWithConcurrency(holes, request.concurrency, (hole) =>
    fillHole(provider, request, hole.page, fetched[lastWithRecords] as Page),
  );
  for (const page of filled) fetched[page.page - firstPage] = page;
  // The candidate end, asked again: empty twice ends the report, records mean it was momentary.
  for (let index = lastWithRecords + 1; index < fetched.length; index++) {
    const again = await provider.downloadPage(reportId, (fetched[index] as Page).page);
    if (again.pastLastPage) return { pages: fetched.slice(0, index), ended: true };
    fetched[index] = again;
  }
  return { pages: fetched, ended: false };
}

/** An empty page with records after it: asked again until it has records, or the job fails. */
async function fillHole(
  provider: Downloader,
  request: UncountedPagesRequest,
  number: number,
  later: Page,
): Promise<Page> {
  for (let retry = 0; retry < request.emptyPageRetries; retry++) {
    const page = await provider.downloadPage(request.reportId, number);
    if (!page.pastLastPage) return page;
  }
  throw new IncompleteReportError(
    `report ${request.reportId}: page ${number} stayed empty after ${request.emptyPageRetries + 1} requests although page ${later.page} has records`,
  );
}
