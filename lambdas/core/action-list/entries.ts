/**
 * The book's action list: every receivable stored in an action state, each as the summary lists it
 * and as the pendências observe it. The summary keeps it night to night (store.ts) instead of
 * scanning the table for them, because the receivables that need action are part of the book, and a
 * night's work must follow the night.
 *
 * An entry is what a receivable's stored version says; a later version replaces it or, out of the
 * action states, removes it. For a stored action state the view does not depend on the date it is
 * read on (only OPEN becomes OVERDUE with time, and aging writes that), so an entry made on one night
 * reads the same on the next.
 */

import { compareActionItems, TOP_ITEMS_PER_STATE, toActionItem } from '../book/attention';
import { isExpired } from '../book/expiry';
import { ACTION_STATES, type ActionItem } from '../book/types';
import { KIND_OF_STATE } from '../breaks/kinds';
import type { ObservedBreak } from '../breaks/observed';
import { observedOfReceivable, receivableBreakId } from '../breaks/observed';
import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { isActionState, type StoredActionState } from '../receivables/action-states';
import { expiryDateOf } from '../receivables/horizon';
import type { Receivable } from '../receivables/item';
import { toReceivableView } from '../receivables/view';

/** What an entry is made with: its view (tolerance, grace) and when TTL may delete it. */
export type EntryConfig = Pick<ReconConfig, 'hotHorizonDays' | 'tolerance' | 'graceDays'>;

/** One receivable of the list, in short field names: the list is one object of every such entry. */
export interface ActionEntry {
  /** Match key. */
  readonly k: string;
  /** Stored version: a lower one never replaces a higher one. */
  readonly v: number;
  /** The stored state. */
  readonly s: StoredActionState;
  /** The day TTL may delete it; absent while it is kept. */
  readonly x?: IsoDate;
  readonly item: ActionItem;
  /** Money at stake, expected and received, as the pendência's basis. */
  readonly b: readonly [number, number, number];
  /** First seen as a pendência. */
  readonly f: IsoDate;
}

/** The entry of a receivable's stored version; undefined outside the action states. */
export function entryOf(r: Receivable, asOf: IsoDate, config: EntryConfig): ActionEntry | undefined {
  const observed = observedOfReceivable(r);
  if (!observed || !isActionState(r.status)) return undefined;
  const expiry = expiryDateOf(r, config);
  const { stakeCents, expectedNetCents, receivedNetCents } = observed.basis;
  return {
    k: r.key,
    v: r.version,
    s: r.status,
    ...(expiry === undefined ? {} : { x: expiry }),
    item: toActionItem(toReceivableView(r, asOf, config)),
    b: [stakeCents, expectedNetCents, receivedNetCents],
    f: observed.firstSeen,
  };
}

/** The list as a map by key, with each changed receivable's highest version applied. */
export function applyChanges(
  entries: Map<string, ActionEntry>,
  changed: Iterable<Receivable>,
  asOf: IsoDate,
  config: EntryConfig,
): Map<string, ActionEntry> {
  for (const r of changed) {
    const kept = entries.get(r.key);
    if (kept !== undefined && kept.v > r.version) continue;
    const entry = entryOf(r, asOf, config);
    if (entry) entries.set(r.key, entry);
    else entries.delete(r.key);
  }
  return entries;
}

/** The entries still in the book on `asOf` (TTL may not have deleted an expired one yet). */
export function liveEntries(entries: Iterable<ActionEntry>, asOf: IsoDate): ActionEntry[] {
  return [...entries].filter((e) => !isExpired(e.x, asOf));
}

/** One state's items, largest first, as the full list prints them. */
export function itemsOf(entries: readonly ActionEntry[], state: string): ActionItem[] {
  return entries
    .filter((e) => e.s === state)
    .map((e) => e.item)
    .sort(compareActionItems);
}

/** Each action state's largest items, as the summary names them. */
export function largestByState(entries: readonly ActionEntry[]): Record<string, ActionItem[]> {
  return Object.fromEntries(
    ACTION_STATES.map((state) => [state, itemsOf(entries, state).slice(0, TOP_ITEMS_PER_STATE)]),
  );
}

/** An entry as the pendências observe it. */
export function observedOf(e: ActionEntry): ObservedBreak {
  const { acquirer, merchant, saleDate, nsu, installment, dueDate } = e.item;
  const [stakeCents, expectedNetCents, receivedNetCents] = e.b;
  return {
    id: receivableBreakId(e.k),
    subject: { acquirer, merchant, saleDate, nsu, installment, dueDate },
    basis: { kind: KIND_OF_STATE[e.s], stakeCents, expectedNetCents, receivedNetCents },
    firstSeen: e.f,
  };
}

/** How many entries each state holds (compared with the book's kept totals). */
export function countsByState(entries: readonly ActionEntry[]): Map<StoredActionState, number> {
  const counts = new Map<StoredActionState, number>();
  for (const e of entries) counts.set(e.s, (counts.get(e.s) ?? 0) + 1);
  return counts;
}
