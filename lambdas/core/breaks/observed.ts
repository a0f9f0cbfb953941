/**
 * A break as the data shows it tonight, before any decision: what it is about, its kind, the money at
 * stake and when it was first seen. A receivable's break is the receivable in an action state (the
 * action list holds exactly those), so its identity is the receivable's key and its kind can change
 * (late, then paid short) without becoming another break: a decision on it is then reopened.
 */
import { createHash } from 'node:crypto';
import type { ActionItem } from '../book/types';
import type { IsoDate } from '../calendar';
import { isActionState } from '../receivables/action-states';
import type { Receivable } from '../receivables/item';
import { moneyOf } from '../receivables/status';
import { type BreakKind, KIND_OF_STATE } from './kinds';

/**
 * What a break is about, as printed beside it: a receivable's sale as the report names its items, or
 * a deposit's day (`dueDate`) and bank account (`place`).
 */
export type BreakSubject = Pick<
  ActionItem,
  'acquirer' | 'merchant' | 'saleDate' | 'nsu' | 'installment' | 'dueDate'
> & {
  readonly place?: string;
};

/**
 * The money behind a break: a decision holds while it is unchanged. Forecast and received, not only
 * the difference: R$ 10 more expected and R$ 10 more received is still new money.
 */
export interface BreakBasis {
  readonly kind: BreakKind;
  readonly stakeCents: number;
  readonly expectedNetCents: number;
  readonly receivedNetCents: number;
}

export interface ObservedBreak {
  readonly id: string;
  readonly subject: BreakSubject;
  readonly basis: BreakBasis;
  readonly firstSeen: IsoDate;
  /**
   * A credit matched by hand that the data does not let count in its deposit (deposits/links.ts):
   * the match stands, and the break asks for a person again.
   */
  readonly matchConflict?: true;
}

/**
 * A break's short reference, typed where the full id (a whole match key) is too long: the first
 * hex digits of its id's SHA-256. Commands take either and refuse a reference two breaks share.
 */
export const breakRef = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 10);

/** The id of a receivable's break: `r:` and its match key. */
export const receivableBreakId = (key: string) => `r:${key}`;

export function subjectOf(r: Receivable): BreakSubject {
  const { acquirer, merchant, saleDate, nsu, installment, dueDate } = r;
  return { acquirer, merchant, saleDate, nsu, installment, dueDate };
}

/** The receivable's break by its stored state; undefined outside the action states. */
export function observedOfReceivable(r: Receivable): ObservedBreak | undefined {
  if (!isActionState(r.status)) return undefined;
  const money = moneyOf(r);
  return {
    id: receivableBreakId(r.key),
    subject: subjectOf(r),
    basis: {
      kind: KIND_OF_STATE[r.status],
      stakeCents: Math.abs(money.differenceCents),
      expectedNetCents: money.expectedNetCents,
      receivedNetCents: money.receivedNetCents,
    },
    firstSeen: r.breakSince ?? r.changedOn,
  };
}

export function sameBasis(a: BreakBasis, b: BreakBasis): boolean {
  return (
    a.kind === b.kind &&
    a.stakeCents === b.stakeCents &&
    a.expectedNetCents === b.expectedNetCents &&
    a.receivedNetCents === b.receivedNetCents
  );
}
