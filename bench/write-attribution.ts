/**
 * Where each DynamoDB write unit goes: by item type (the pk prefix, named as table.ts names it) and,
 * for receivables, by why the item was written, told from what the put changed against the
 * receivable's previous put (kept in memory since the empty table, uncounted history included).
 * Item sizes are recorded too, since every started KB of an item is one more unit.
 */
import { KEY_PREFIXES } from '../lambdas/core/store/table';

export type WriteReason =
  | 'new receivable'
  | 'payment'
  | 'forecast'
  | 'lifecycle record'
  | 'record seen again'
  | 'status only'
  | 'lost race'
  | 'presumed new, was stored';

/** The contribution maps of a receivable item and the reason a new entry in each stands for. */
const CONTRIBUTION_REASONS: Record<string, WriteReason> = {
  f: 'forecast',
  s: 'payment',
  x: 'lifecycle record',
  k: 'lifecycle record',
  r: 'lifecycle record',
  v: 'lifecycle record',
  j: 'lifecycle record',
};

export interface Tally {
  writes: number;
  wcu: number;
}

export interface WriteAttribution {
  readonly byItemType: Record<string, Tally>;
  readonly byReceivableReason: Partial<Record<WriteReason, Tally>>;
  /** Receivable puts by the units their item costs (1 = up to 1 KB). */
  readonly receivableItemsByUnits: Record<string, number>;
  /** Sizes in bytes of the receivable items put: percentiles and the largest. */
  readonly receivableItemBytes: { p50: number; p90: number; p99: number; max: number };
  /** The largest item of every other type. */
  readonly largestItemBytes: Record<string, number>;
}

const ITEM_TYPES = new Map<string, string>(
  Object.entries(KEY_PREFIXES).map(([name, prefix]) => [
    prefix,
    name === 'dueListsGathered' ? 'dueList' : name,
  ]),
);

/** The entity name of a pk: its prefix before the first `#`, or the whole pk when it has none. */
export function itemTypeOf(pk: string): string {
  const prefix = pk.split('#')[0] ?? pk;
  return ITEM_TYPES.get(prefix) ?? `(${prefix})`;
}

type Marshalled = Record<string, unknown>;

/** An attribute value's size as DynamoDB bills it (docs: "Item size and format"), marshalled or plain. */
function valueBytes(value: unknown): number {
  if (value === null || value === undefined) return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return numberBytes(String(value));
  if (typeof value === 'boolean') return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, v) => sum + 1 + valueBytes(v), 0);
  const object = value as Marshalled;
  const keys = Object.keys(object);
  if (keys.length === 1) {
    const [type] = keys as [string];
    const inner = object[type];
    if (type === 'S') return Buffer.byteLength(inner as string);
    if (type === 'N') return numberBytes(inner as string);
    if (type === 'BOOL' || type === 'NULL') return 1;
    if (type === 'B') return (inner as Uint8Array).byteLength;
    if (type === 'M') return mapBytes(inner as Marshalled);
    if (type === 'L') return valueBytes(inner);
  }
  return mapBytes(object);
}

const numberBytes = (digits: string): number => Math.ceil(digits.replace(/^-|\.|^0+/g, '').length / 2) + 1;

function mapBytes(map: Marshalled): number {
  return Object.entries(map).reduce((sum, [name, v]) => sum + Buffer.byteLength(name) + 1 + valueBytes(v), 3);
}

/** An item's size in bytes: its attribute names and values. */
export function itemBytes(item: Marshalled): number {
  return Object.entries(item).reduce((sum, [name, v]) => sum + Buffer.byteLength(name) + valueBytes(v), 0);
}

/** The inner map of a marshalled (`{ M }`) or plain map attribute. */
function mapOf(value: unknown): Marshalled | undefined {
  if (value === undefined || value === null || typeof value !== 'object') return undefined;
  const object = value as Marshalled;
  return (object.M as Marshalled | undefined) ?? object;
}

/** A receivable item's contributions as `attribute:hash` → its stored entry, serialized. */
function contributionsOf(item: Marshalled): Map<string, string> {
  const entries = new Map<string, string>();
  for (const attribute of Object.keys(CONTRIBUTION_REASONS)) {
    for (const [hash, entry] of Object.entries(mapOf(item[attribute]) ?? {}))
      entries.set(`${attribute}:${hash}`, JSON.stringify(entry));
  }
  return entries;
}

/** Why a receivable was put, from what changed against its previous put. */
function reasonOf(previous: Map<string, string> | undefined, next: Map<string, string>): WriteReason {
  if (previous === undefined) return 'new receivable';
  let seenAgain = false;
  for (const [id, entry] of next) {
    const before = previous.get(id);
    if (before === undefined) return CONTRIBUTION_REASONS[id.split(':')[0] as string] as WriteReason;
    if (before !== entry) seenAgain = true;
  }
  return seenAgain ? 'record seen again' : 'status only';
}

const add = (tally: Tally | undefined, wcu: number): Tally => ({
  writes: (tally?.writes ?? 0) + 1,
  wcu: (tally?.wcu ?? 0) + wcu,
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** Counts writes as they happen; `restart()` zeroes the tallies and keeps what it knows of each item. */
export function attributeWrites() {
  const contributions = new Map<string, Map<string, string>>();
  let byItemType: Record<string, Tally> = {};
  let byReason: Partial<Record<WriteReason, Tally>> = {};
  let byUnits: Record<string, number> = {};
  let sizes: number[] = [];
  let largest: Record<string, number> = {};
  return {
    /**
     * One write request: `item` is the put's item (undefined for updates and deletes); `asNew`, a put
     * that only creates (a refused one whose item was stored is a presumption, not a race).
     */
    write(pk: string, units: number, item: Marshalled | undefined, succeeded: boolean, asNew = false) {
      const type = itemTypeOf(pk);
      byItemType[type] = add(byItemType[type], units);
      if (item !== undefined && type !== 'receivable')
        largest[type] = Math.max(largest[type] ?? 0, itemBytes(item));
      if (type !== 'receivable') return;
      if (!succeeded || item === undefined) {
        const reason = asNew && contributions.has(pk) ? 'presumed new, was stored' : 'lost race';
        byReason[reason] = add(byReason[reason], units);
        return;
      }
      const next = contributionsOf(item);
      const reason = reasonOf(contributions.get(pk), next);
      contributions.set(pk, next);
      byReason[reason] = add(byReason[reason], units);
      byUnits[String(units)] = (byUnits[String(units)] ?? 0) + 1;
      sizes.push(itemBytes(item));
    },
    result(): WriteAttribution {
      const sorted = [...sizes].sort((a, b) => a - b);
      return {
        byItemType,
        byReceivableReason: byReason,
        receivableItemsByUnits: byUnits,
        receivableItemBytes: {
          p50: percentile(sorted, 0.5),
          p90: percentile(sorted, 0.9),
          p99: percentile(sorted, 0.99),
          max: sorted.at(-1) ?? 0,
        },
        largestItemBytes: largest,
      };
    },
    restart() {
      byItemType = {};
      byReason = {};
      byUnits = {};
      sizes = [];
      largest = {};
    },
  };
}
