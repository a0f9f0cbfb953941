/**
 * The summary's lifecycle figures (docs/lifecycle.md): a chargeback's amount and date on its action
 * item, the book's cancellation, chargeback and advance-fee sums, and the run's unclassified records
 * and account-level acquirers from its jobs' ingest counts.
 */
import { mergeUnclassified } from '../ingest/lake/counts';
import type { JobResult } from '../workflow/contracts';
import { type LifecycleTotals, NO_LIFECYCLE, type UnclassifiedLine } from './lifecycle-types';
import type { ActionItem, SummaryReceivable } from './types';

/** The chargeback part of an action item: only for a receivable charged back more than reversed. */
export function chargebackOf(
  r: SummaryReceivable,
): Pick<ActionItem, 'chargedBackNetCents' | 'chargebackDate'> {
  const cents = r.chargedBackNetCents ?? 0;
  if (cents <= 0) return {};
  return {
    chargedBackNetCents: cents,
    ...(r.lastChargebackDate ? { chargebackDate: r.lastChargebackDate } : {}),
  };
}

/** The book's lifecycle sums from every receivable (the reference the kept cells must equal). */
export function lifecycleOfReceivables(receivables: Iterable<SummaryReceivable>): LifecycleTotals {
  let totals = NO_LIFECYCLE;
  for (const r of receivables) {
    totals = {
      cancelledNetCents: totals.cancelledNetCents + (r.cancelledNetCents ?? 0),
      chargedBackNetCents: totals.chargedBackNetCents + (r.chargedBackNetCents ?? 0),
      advanceFeeCents: totals.advanceFeeCents + (r.advanceFeeCents ?? 0),
    };
  }
  return totals;
}

/** Every job's unclassified groups merged: one line per code (and rule value), largest first. */
export function unclassifiedOf(jobs: readonly Pick<JobResult, 'counts'>[]): UnclassifiedLine[] {
  return jobs.reduce<UnclassifiedLine[]>(
    (all, job) => mergeUnclassified(all, job.counts.unclassified ?? []),
    [],
  );
}

/** The acquirers whose account-level items the run may have touched (from its ingest counts). */
export function accountAcquirersOf(jobs: readonly Pick<JobResult, 'counts'>[]): string[] {
  return [...new Set(jobs.flatMap((job) => job.counts.acquirers ?? []))].sort();
}
