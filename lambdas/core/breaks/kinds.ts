/**
 * What a break is (docs/breaks.md): something a finance team must act on, with a stable identity
 * (what it is about) and a kind (what is wrong with it), and the statuses a person or the data give it.
 */
import type { StoredActionState } from '../receivables/action-states';

export const BREAK_KINDS = [
  'LATE',
  'PAID_SHORT',
  'PAID_OVER',
  'UNEXPECTED',
  'CHARGEBACK',
  'UNLINKED',
  'DEPOSIT_MISSING',
  'DEPOSIT_DIFFERS',
  'UNEXPLAINED_CREDIT',
  'FEE_ABOVE_CONTRACT',
] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

/** A receivable's break kind is its action state: the action list already holds exactly those. */
export const KIND_OF_STATE: Readonly<Record<StoredActionState, BreakKind>> = {
  OVERDUE: 'LATE',
  UNDERPAID: 'PAID_SHORT',
  OVERPAID: 'PAID_OVER',
  UNEXPECTED: 'UNEXPECTED',
  CHARGED_BACK: 'CHARGEBACK',
  UNLINKED: 'UNLINKED',
};

/**
 * NEW and PERSISTING are what the data says of a break nobody decided on (first seen on the night
 * read, or before); RESOLVED, that the data no longer has it; REOPENED, that the money behind a
 * decision changed. The other three are a person's decision, kept while the money stays as it was.
 * MATCHED is an unexpected payment a person matched to a forecast (manual-match.ts): its money counts
 * in the forecast's receivable, so the break is out of the work and out of the counts.
 */
export const BREAK_STATUSES = [
  'NEW',
  'PERSISTING',
  'IN_TREATMENT',
  'DISPUTED',
  'ACCEPTED',
  'RESOLVED',
  'REOPENED',
  'MATCHED',
] as const;
export type BreakStatus = (typeof BREAK_STATUSES)[number];

export const DECIDED_STATUSES = ['IN_TREATMENT', 'DISPUTED', 'ACCEPTED'] as const;
export type DecidedStatus = (typeof DECIDED_STATUSES)[number];

/** What a decision can say: a decided status, or that the payment was matched by hand. */
export const DECISION_STATUSES = [...DECIDED_STATUSES, 'MATCHED'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

/**
 * The morning's list: what nobody has decided on yet, or what new money reopened. In treatment and
 * disputed are counted apart (someone is on them), accepted ones are written off, resolved ones gone.
 */
export const ACTION_STATUSES: readonly BreakStatus[] = ['NEW', 'REOPENED', 'PERSISTING'];

/** Age buckets of a break, in days since first seen, as finance reads them. */
export const AGE_BUCKETS = [
  { label: '0-7', upTo: 7 },
  { label: '8-30', upTo: 30 },
  { label: '31-60', upTo: 60 },
  { label: '61+', upTo: Number.POSITIVE_INFINITY },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number]['label'];

export function ageBucketOf(days: number): AgeBucket {
  return (AGE_BUCKETS.find((b) => days <= b.upTo) ?? AGE_BUCKETS[3]).label;
}
