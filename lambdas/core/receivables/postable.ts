/**
 * What finance posts of a receivable (docs/erp-export.md): its money split into components, each a
 * function of the record set alone (never of the date), and what was already posted of it. The
 * writer keeps, in the same put as the content (no write of its own), the postable amounts as they
 * stood before the first write of the night (`posted`, item attribute `xn`); the nightly export posts
 * the difference between the night's last state and that baseline. A re-run of the night keeps the
 * baseline, so it posts the same lines again, never new ones.
 */
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';
import type { ReceivableContent } from './matcher';
import { moneyWithLifecycleOf } from './status';

/** One-letter component names: they are item attribute names too, and items must stay small. */
export const POSTABLE_COMPONENTS = ['p', 'v', 't', 'x', 'k', 'r', 'j', 'd'] as const;
export type PostableComponent = (typeof POSTABLE_COMPONENTS)[number];

/** The name a line carries for each component. */
export const COMPONENT_NAMES = {
  p: 'PAYMENT',
  v: 'ADVANCE',
  t: 'ADVANCE_FEE',
  x: 'CANCELLATION',
  k: 'CHARGEBACK',
  r: 'CHARGEBACK_REVERSAL',
  j: 'ADJUSTMENT',
  d: 'DIFFERENCE',
} as const satisfies Record<PostableComponent, string>;

/** Amounts by component, in centavos; a component at zero is absent. */
export type Postable = Partial<Record<PostableComponent, Cents>>;

/** The postable amounts as they stood before the first write of `night`. */
export interface Posted {
  readonly night: IsoDate;
  readonly amounts: Postable;
}

/** What {@link postedBefore} reads of the item before a write. */
interface PostingState extends ReceivableContent {
  readonly version: number;
  readonly changedOn: IsoDate;
  readonly posted?: Posted;
}

export function postableOf(content: ReceivableContent): Postable {
  const money = moneyWithLifecycleOf(content);
  const { lifecycle } = money;
  const amounts: Record<PostableComponent, Cents> = {
    p: money.settledNetCents - lifecycle.advancedNetCents,
    v: lifecycle.advancedNetCents,
    t: lifecycle.advanceFeeCents,
    x: lifecycle.cancelledNetCents,
    k: lifecycle.chargedBackNetCents + lifecycle.reversedNetCents,
    r: lifecycle.reversedNetCents,
    j: lifecycle.adjustmentNetCents,
    // A difference is written off once the receivable is paid; before that it is only what is awaited.
    d: money.settlementCount > 0 ? money.differenceCents : 0,
  };
  return Object.fromEntries(POSTABLE_COMPONENTS.filter((c) => amounts[c] !== 0).map((c) => [c, amounts[c]]));
}

/**
 * The baseline a write on `asOf` stamps: kept when the item already holds this night's (a re-run or a
 * later batch of the night); else the item's amounts before this write, which the export of the
 * night it was last written posted (or which were the opening balance, see {@link baselineOf}). A
 * new item has posted nothing.
 */
export function postedBefore(previous: PostingState | undefined, asOf: IsoDate): Posted {
  if (previous === undefined) return { night: asOf, amounts: {} };
  if (previous.posted?.night === asOf) return previous.posted;
  return { night: asOf, amounts: postableOf(previous) };
}

/**
 * What the export of `night` takes as already posted of an item as that night left it, or undefined
 * when the night wrote nothing to post (the item was logged as read, or only aged). Items written
 * before baselines were kept (no `posted`): created that night (version 1), nothing was posted;
 * otherwise their state is the opening balance finance held before the export began, and only
 * later changes are posted.
 */
export function baselineOf(item: PostingState, night: IsoDate): Postable | undefined {
  if (item.posted !== undefined) return item.posted.night === night ? item.posted.amounts : undefined;
  return item.version === 1 && item.changedOn === night ? {} : undefined;
}
