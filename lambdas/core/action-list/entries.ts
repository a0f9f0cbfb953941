/**
 * The book's action list: every receivable stored in an action state (the byWork index's members),
 * each as the summary lists it and as the pendências observe it. The summary keeps it night to night
 * (store.ts) instead of reading the index whole, because the receivables that need
 * action are part of the book, and a night's work must follow the night.
 *
 * An entry is what a receivable's stored version says; a later version replaces it or, out of the
 * action states, removes it. For a stored action state the view does not depend on the date it is
 * read on (only OPEN becomes OVERDUE with time, and aging writes that), so an entry made on one night
 * reads the same on the next.
 */

import { compareActionItems, toActionItem } from '../book/attention';
import type { CellsConfig } from '../book/cells';
import { isExpired } from '../book/expiry';
import type { ActionItem } from '../book/types';
import { KIND_OF_STATE } from '../breaks/kinds';
import type { ObservedBreak } from '../breaks/observed';
import { observedOfReceivable, receivableBreakId } from '../breaks/observed';
import type { IsoDate } from '../calendar';
import { expiryDateOf } from '../receivables/horizon';
import type { Receivable } from '../receivables/item';
import { toReceivableView } from '../receivables/view';
import { type IndexedStatus, isIndexed } from '../receivables/work-index';

/** One receivable of the list, in short field names: the list is one object of every such entry. */
export interface ActionEntry {
  /** Match key. */
  readonly k: string;
  /** Stored version: a lower one never replaces a higher one. */
  readonly v: number;
  /** The stored state (its byWork partition). */
  readonly s: IndexedStatus;
  /** The day TTL may delete it; absent while it is kept. */
  readonly x?: IsoDate;
  readonly item: ActionItem;
  /** Money at stake, expected and received, as the pendência's basis. */
  readonly b: readonly [number, number, number];
  /** First seen as a pendência. */
  readonly f: IsoDate;
}

/** The entry of a receivable's stored version; undefined outside the action states. */
export function entryOf(r: Receivable, asOf: IsoDate, config: CellsConfig): ActionEntry | undefined {
  const observed = observedOfReceivable(r);
  if (!observed || !isIndexed(r.status)) return undefined;
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
  config: CellsConfig,
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
export function itemsOf(entries: readonly ActionEntry[], state: IndexedStatus): ActionItem[] {
  return entries
    .filter((e) => e.s === state)
    .map((e) => e.item)
    .sort(compareActionItems);
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
export function countsByState(entries: readonly ActionEntry[]): Map<IndexedStatus, number> {
  const counts = new Map<IndexedStatus, number>();
  for (const e of entries) counts.set(e.s, (counts.get(e.s) ?? 0) + 1);
  return counts;
}
