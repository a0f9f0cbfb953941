/**
 * A run summary straight from receivables: the summarize step's entry point (`buildRunSummaryFromBook`)
 * over the book computed from every receivable, as the reference view (`bookFromReceivables`) is.
 */

import type { SummaryReceivable } from '../../lambdas/core/book/types';
import {
  bookFromReceivables,
  buildRunSummaryFromBook,
  type SummaryStamp,
} from '../../lambdas/core/report/compute';
import type { RunSummary } from '../../lambdas/core/report/types';
import type { SummaryInput } from '../../lambdas/core/workflow/contracts';

export function buildRunSummary(
  input: SummaryInput,
  receivables: readonly SummaryReceivable[],
  stamp: SummaryStamp,
): RunSummary {
  return buildRunSummaryFromBook(input, bookFromReceivables(receivables, input.asOf), stamp);
}
