/**
 * The breaks' part of the run summary: how many and how much per status, in the order finance reads
 * them (new since yesterday, reopened, persisting; then in treatment, disputed, accepted), and the
 * disputed chargebacks by deadline.
 */
import type { IsoDate } from '../calendar';
import type { BreakKind, BreakStatus } from './kinds';
import type { BreakView } from './status';

/** The statuses the summary counts, in the order it shows them (resolved ones are gone from the work). */
export const SUMMARY_STATUSES = [
  'NEW',
  'REOPENED',
  'PERSISTING',
  'IN_TREATMENT',
  'DISPUTED',
  'ACCEPTED',
] as const satisfies readonly BreakStatus[];
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];

/** Disputes named in the report, soonest deadline first. */
export const DISPUTES_LISTED = 10;

export interface StatusCount {
  readonly status: SummaryStatus;
  readonly count: number;
  readonly amountCents: number;
}

export interface Dispute {
  readonly ref: string;
  readonly kind: BreakKind;
  readonly acquirer: string | null;
  readonly nsu: string | null;
  readonly amountCents: number;
  readonly deadline: IsoDate;
}

export interface BreaksSummary {
  readonly byStatus: readonly StatusCount[];
  readonly disputes: readonly Dispute[];
  readonly disputeCount: number;
}

export function summarizeBreaks(views: readonly BreakView[]): BreaksSummary {
  const byStatus = SUMMARY_STATUSES.map((status) => {
    const of = views.filter((v) => v.status === status);
    return { status, count: of.length, amountCents: of.reduce((sum, v) => sum + v.stakeCents, 0) };
  });
  const disputes = views
    .filter((v) => v.status === 'DISPUTED' && v.decision?.deadline !== undefined)
    .map((v) => ({
      ref: v.ref,
      kind: v.kind,
      acquirer: v.subject.acquirer,
      nsu: v.subject.nsu,
      amountCents: v.stakeCents,
      deadline: v.decision?.deadline ?? '',
    }))
    .sort((a, b) => a.deadline.localeCompare(b.deadline) || b.amountCents - a.amountCents);
  return { byStatus, disputes: disputes.slice(0, DISPUTES_LISTED), disputeCount: disputes.length };
}
