/**
 * A break's status from the data and the decision together, derived whenever it is read, so data
 * never overwrites a decision: new money shows the decision REOPENED, and the decision is still
 * there, in its history, for the person who took it.
 */
import { daysBetween, type IsoDate } from '../calendar';
import type { Decision } from './decision';
import { type AgeBucket, ageBucketOf, type BreakKind, type BreakStatus } from './kinds';
import { type BreakSubject, breakRef, type ObservedBreak, sameBasis } from './observed';

export interface BreakView {
  readonly id: string;
  readonly ref: string;
  readonly kind: BreakKind;
  readonly status: BreakStatus;
  readonly subject: BreakSubject;
  /** Money at stake as the data shows it now (as decided, once resolved). */
  readonly stakeCents: number;
  readonly firstSeen: IsoDate | null;
  readonly ageDays: number | null;
  readonly ageBucket: AgeBucket | null;
  readonly decision: Decision | null;
  /** The decision's version: what a caller must have read to decide again (`--expect`). */
  readonly version: number;
}

export function statusOf(
  observed: ObservedBreak | undefined,
  decision: Decision | null,
  asOf: IsoDate,
): BreakStatus {
  // Matched by hand, the payment counts in the forecast's receivable: that is what ends the break.
  // A credit the data would not let count in its deposit is a person's work again.
  if (decision?.status === 'MATCHED') return observed?.matchConflict ? 'REOPENED' : 'MATCHED';
  if (!observed) return 'RESOLVED';
  if (decision) return sameBasis(decision.basis, observed.basis) ? decision.status : 'REOPENED';
  return observed.firstSeen >= asOf ? 'NEW' : 'PERSISTING';
}

/** The view of a break that is observed, decided, or both. */
export function breakView(
  id: string,
  observed: ObservedBreak | undefined,
  head: { readonly decision: Decision | null; readonly version: number } | undefined,
  asOf: IsoDate,
): BreakView {
  const decision = head?.decision ?? null;
  const basis = observed?.basis ?? decision?.basis;
  const subject = observed?.subject ?? decision?.subject;
  if (!basis || !subject) throw new Error(`break ${id}: neither seen in the data nor decided`);
  const firstSeen = observed?.firstSeen ?? null;
  const ageDays = firstSeen === null ? null : Math.max(0, daysBetween(firstSeen, asOf));
  return {
    id,
    ref: breakRef(id),
    kind: basis.kind,
    status: statusOf(observed, decision, asOf),
    subject,
    stakeCents: basis.stakeCents,
    firstSeen,
    ageDays,
    ageBucket: ageDays === null ? null : ageBucketOf(ageDays),
    decision,
    version: head?.version ?? 0,
  };
}
