/**
 * A run summary straight from receivables: the summarize step's entry point (`buildRunSummaryFromBook`)
 * over the book computed from every receivable, as the reference view (`bookFromReceivables`) is.
 */
import {
  bookFromReceivables,
  buildRunSummaryFromBook,
  type SummaryStamp,
} from '../../lambdas/core/summary/compute';
import type { RunSummary, SummaryReceivable } from '../../lambdas/core/summary/types';
import type { SummaryInput } from '../../lambdas/core/workflow/contracts';

export function buildRunSummary(
  input: SummaryInput,
  receivables: readonly SummaryReceivable[],
  stamp: SummaryStamp,
): RunSummary {
  return buildRunSummaryFromBook(input, bookFromReceivables(receivables, input.asOf), stamp);
}
