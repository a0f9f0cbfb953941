/**
 * What needs action, per state: count, money at stake and the largest items of EACH state. One list
 * for all states let the most numerous state crowd out the others (ten unforecast deposits shown,
 * none of 31 short payments), so every state keeps its own bounded top N.
 */
import { chargebackOf } from './lifecycle';
import { ACTION_STATES, type ActionCategory, type ActionItem, type SummaryReceivable } from './types';

/** Largest items named per state; the rest are in `recon receivables` and Athena. */
export const TOP_ITEMS_PER_STATE = 5;

const atStake = (item: ActionItem) => Math.abs(item.differenceCents);

/**
 * Which sale installment an item is about, as one text: the stable tie order of equal amounts, and
 * how the pendências tell a decided item (breaks/book-attention.ts).
 */
export const identity = (i: Pick<ActionItem, 'acquirer' | 'merchant' | 'saleDate' | 'nsu' | 'installment'>) =>
  `${i.acquirer}|${i.merchant}|${i.saleDate}|${i.nsu}|${i.installment}`;

/** Largest money at stake first; ties by identity. */
export function compareActionItems(a: ActionItem, b: ActionItem): number {
  return atStake(b) - atStake(a) || identity(a).localeCompare(identity(b));
}

/**
 * The top `limit` of `top` and `item`, still sorted: O(limit) per item and never more than `limit`
 * items, so a summary maintained one receivable at a time stays as small as a recomputed one.
 */
export function offerTopItem(top: readonly ActionItem[], item: ActionItem, limit: number): ActionItem[] {
  const at = top.findIndex((kept) => compareActionItems(item, kept) < 0);
  if (at === -1) return top.length < limit ? [...top, item] : [...top];
  return [...top.slice(0, at), item, ...top.slice(at, limit - 1)];
}

export function toActionItem(r: SummaryReceivable): ActionItem {
  const settled = r.settledNetCents ?? 0;
  return {
    status: r.status,
    acquirer: r.acquirer ?? null,
    merchant: r.merchant ?? null,
    saleDate: r.saleDate ?? null,
    nsu: r.nsu ?? null,
    installment: r.installment ?? null,
    dueDate: r.dueDate,
    forecastNetCents: r.forecastNetCents,
    settledNetCents: settled,
    // A lifecycle receivable's difference is received + advance fees − expected (docs/lifecycle.md).
    differenceCents: r.differenceCents ?? settled - (r.forecastNetCents ?? 0),
    ...(r.reason !== undefined && REVIEW_REASONS.has(r.reason) ? { review: r.reason } : {}),
    ...chargebackOf(r),
  };
}

/** Reason codes that ask a person to look at the receivable, whatever its state. */
const REVIEW_REASONS: ReadonlySet<string> = new Set([
  'DUPLICATE_FORECAST',
  'POSSIBLE_CORRECTION',
  'POSSIBLE_SEAM_DUPLICATE',
  'ADVANCE_AND_PAYMENT',
  'MATCH_CONFLICT',
]);

/** Every action state, in {@link ACTION_STATES} order, empty ones included (a zero is news too). */
export function buildAttention(
  receivables: Iterable<SummaryReceivable>,
  limit = TOP_ITEMS_PER_STATE,
): ActionCategory[] {
  const byState = new Map<string, ActionCategory>(
    ACTION_STATES.map((state) => [state, { state, count: 0, amountCents: 0, largest: [] }]),
  );
  for (const r of receivables) {
    const category = byState.get(r.status);
    if (!category) continue;
    const item = toActionItem(r);
    byState.set(r.status, {
      state: r.status,
      count: category.count + 1,
      amountCents: category.amountCents + atStake(item),
      largest: offerTopItem(category.largest, item, limit),
    });
  }
  return [...byState.values()];
}
