/**
 * The largest items of each action state, read from the top of its byWork partition (sorted by
 * money at stake) instead of from the whole book. Why an index and not a top-N kept in the totals
 * item: a kept top-N cannot lose a member (an item settled or aged out of its state) without knowing
 * the next one, which only a recount would; the sparse index always holds every member, costs an
 * index write only for receivables in an action state (the exceptions), and its top is a few reads.
 */
import type { IsoDate } from '../calendar';
import { expiryDateOf } from '../receivables/horizon';
import type { Receivable } from '../receivables/item';
import { type TableDeps, workPages } from '../receivables/queries';
import { toReceivableView } from '../receivables/view';
import { stakePartition } from '../receivables/work-index';
import { compareActionItems, TOP_ITEMS_PER_STATE, toActionItem } from './attention';
import type { CellsConfig } from './cells';
import { isExpired } from './expiry';
import { ACTION_STATES, type ActionItem } from './types';

export interface LargestDeps extends TableDeps {
  readonly config: CellsConfig;
}

const atStake = (item: ActionItem) => Math.abs(item.differenceCents);

/** One action state of the summary (each is a byWork partition). */
export type ActionState = (typeof ACTION_STATES)[number];

/** A page of a state's partition as the summary's items: an expired receivable TTL has not deleted yet is out of the book's counts, so out of its lists too. */
function liveItems(deps: LargestDeps, page: readonly Receivable[], asOf: IsoDate): ActionItem[] {
  return page
    .filter((r) => !isExpired(expiryDateOf(r, deps.config), asOf))
    .map((r) => toActionItem(toReceivableView(r, asOf, deps.config)));
}

/**
 * The `limit` largest items of one state, ordered exactly as the summary orders them: equal amounts
 * by identity, so reading continues past the limit while the amount still equals the last kept one.
 */
async function largestOf(
  deps: LargestDeps,
  state: ActionState,
  asOf: IsoDate,
  limit: number,
): Promise<ActionItem[]> {
  const seen: ActionItem[] = [];
  for await (const page of workPages(deps, stakePartition(state), {
    descending: true,
    pageSize: limit + 1,
  })) {
    seen.push(...liveItems(deps, page, asOf));
    const cut = seen[limit - 1];
    const last = seen[seen.length - 1];
    if (cut && last && atStake(last) < atStake(cut)) break;
  }
  return seen.sort(compareActionItems).slice(0, limit);
}

/** Each action state's largest items, by state. */
export async function largestItems(
  deps: LargestDeps,
  asOf: IsoDate,
  limit = TOP_ITEMS_PER_STATE,
): Promise<Record<string, ActionItem[]>> {
  const entries = await Promise.all(
    ACTION_STATES.map(async (state) => [state, await largestOf(deps, state, asOf, limit)] as const),
  );
  return Object.fromEntries(entries);
}
