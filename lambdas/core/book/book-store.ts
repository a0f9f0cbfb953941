/**
 * The book totals as {@link TOTALS_SHARDS} items (`TOTALS`/`S00`…), each holding the cells whose name
 * hashes to it and kept exactly as one item is (totals-item.ts). Every update of an item costs a write
 * unit per started KB of the WHOLE item, and a batch's delta touches most cells: on one item of
 * 100 KB, a batch paid its begin and each 250-cell chunk of its delta at 100 units. Sharded, the begin
 * and the delta each cost about the whole size once.
 *
 * Each shard stays exact on its own (its markers, its chunks, its recount condition), and a batch
 * begins on every shard before its first receivable write, so each shard knows every batch that may
 * have written. Across shards a reader sees what each shard holds when it reads it, as it sees a batch's
 * chunks on one item: a live batch may show part of its delta, as before. An attempt is finished only
 * when every shard has it applied, and only then are its markers forgotten, so no shard loses the
 * marker of a batch still adding to it.
 *
 * The single item of earlier versions (`TOTALS`/`TOTALS`) is not read: a table without shards is
 * recounted once, as a new table is, and that recount deletes the old item.
 */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '../store/table';
import { attemptOf, type MarkerVerdict, type TotalsMarkers } from './attempts';
import type { Cells } from './cells';
import {
  buildTotalsItem,
  itemState,
  type TotalsItemState,
  type TotalsStoreDeps,
  type TotalsStoreOf,
  totals,
  trustedCellsOf,
} from './totals-item';

export type { TotalsMarkers } from './attempts';
export type { TotalsItemState, TotalsStoreDeps, TrustedCells } from './totals-item';

/** Enough that each shard stays a few KB while a book's cells run to a few hundred KB. */
export const TOTALS_SHARDS = 16;

const SHARD_PREFIX = 'S';
const shardName = (shard: number) => `${SHARD_PREFIX}${String(shard).padStart(2, '0')}`;

export const totalsShardKey = (shard: number) => totals.key(undefined, shardName(shard));

/** The single totals item of earlier versions. */
export const LEGACY_TOTALS_KEY = totals.key(undefined, 'TOTALS');

/** The shard a cell lives in: FNV-1a of its name, so it never moves. */
export function shardOf(cell: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < cell.length; i++) {
    hash ^= cell.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % TOTALS_SHARDS;
}

/** Every shard as read, and what they say together. */
export interface TotalsState {
  readonly exists: boolean;
  readonly ready: boolean;
  readonly cells: Cells;
  readonly markers: TotalsMarkers;
  readonly verdict: MarkerVerdict;
  /** Each shard as read: the basis of its replace. */
  readonly shards: readonly TotalsItemState[];
}

export type TotalsStore = TotalsStoreOf<TotalsState>;

/** `items` by the shard of the cell each names. */
function byShard<T>(items: readonly T[], cellOf: (item: T) => string): T[][] {
  const parts: T[][] = Array.from({ length: TOTALS_SHARDS }, () => []);
  for (const item of items) parts[shardOf(cellOf(item))]?.push(item);
  return parts;
}

const cellsByShard = (cells: Cells): Cells[] =>
  byShard(Object.entries(cells), ([name]) => name).map(Object.fromEntries);

const unique = (lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

/** The markers of `markers` that belong to one of `attempts`. */
function markersOf(markers: TotalsMarkers, attempts: ReadonlySet<string>): TotalsMarkers {
  const of = (list: readonly string[]) => list.filter((marker) => attempts.has(attemptOf(marker)));
  return { started: of(markers.started), applied: of(markers.applied), abandoned: of(markers.abandoned) };
}

/** The shards read together: an attempt is live or dead if it is on any shard, finished only when on none. */
export function combineShards(shards: readonly TotalsItemState[]): TotalsState {
  const live = unique(shards.map((s) => s.verdict.live));
  const dead = unique(shards.map((s) => s.verdict.dead));
  const unfinished = new Set([...live, ...dead]);
  const finished = new Set(
    shards.flatMap((s) => s.verdict.finished.started).filter((attempt) => !unfinished.has(attempt)),
  );
  const markers = {
    started: unique(shards.map((s) => s.markers.started)),
    applied: unique(shards.map((s) => s.markers.applied)),
    abandoned: unique(shards.map((s) => s.markers.abandoned)),
  };
  return {
    exists: shards.some((s) => s.exists),
    ready: shards.every((s) => s.ready),
    cells: Object.assign({}, ...shards.map((s) => s.cells)),
    markers,
    verdict: { live, dead: dead.filter((a) => !live.includes(a)), finished: markersOf(markers, finished) },
    shards,
  };
}

export function buildTotalsStore(deps: TotalsStoreDeps): TotalsStore {
  const shards = Array.from({ length: TOTALS_SHARDS }, (_, shard) =>
    buildTotalsItem({ ...deps, key: totalsShardKey(shard) }),
  );
  const { ddb, tableName, now = () => new Date() } = deps;
  /** Every shard in one consistent Query (a shard no batch created yet reads as empty). */
  async function read(): Promise<TotalsState> {
    const found = new Map<string, Record<string, unknown>>();
    let start: Record<string, unknown> | undefined;
    do {
      const page = await ddb.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :shard)',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
          ExpressionAttributeValues: { ':pk': totals.pk(), ':shard': SHARD_PREFIX },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) found.set(String(item[TABLE.sortKey]), item);
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    const at = now();
    return combineShards(
      shards.map((_, shard) => itemState(found.get(shardName(shard)), totalsShardKey(shard), at)),
    );
  }
  return {
    async begin(attempt) {
      await Promise.all(shards.map((shard) => shard.begin(attempt)));
    },
    async apply(attempt, delta) {
      // Every shard, an empty part too: the attempt began on each and is finished once each applied it.
      const parts = cellsByShard(delta);
      await Promise.all(shards.map((shard, i) => shard.apply(attempt, parts[i] ?? {})));
    },
    async abandon(attempt) {
      await Promise.all(shards.map((shard) => shard.abandon(attempt)));
    },
    read,
    load: async () => trustedCellsOf(await read()),
    async replace(cells, basis) {
      if (basis.verdict.live.length > 0) return false;
      const parts = cellsByShard(cells);
      const replaced = await Promise.all(
        shards.map((shard, i) => shard.replace(parts[i] ?? {}, basis.shards[i] as TotalsItemState)),
      );
      if (!replaced.every(Boolean)) return false;
      await ddb.send(new DeleteCommand({ TableName: tableName, Key: LEGACY_TOTALS_KEY }));
      return true;
    },
    async forget(markers, expired = []) {
      const names = byShard(expired, (name) => name);
      await Promise.all(shards.map((shard, i) => shard.forget(markers, names[i] ?? [])));
    },
  };
}
