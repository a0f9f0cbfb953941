/**
 * One item of the book totals (book-store.ts keeps the cells in several such items, each holding the
 * cells of its shard), one numeric attribute per cell (see cells.ts; names as stored-cell-names.ts
 * stores them), kept by atomic ADD. DynamoDB has no transaction between a receivable and this item
 * here (dynalite has none), so exactness rests on marker sets on the item instead (attempts.ts):
 * - `started`: an attempt id (with its start time), added BEFORE the attempt's first receivable
 *   write, together with the `begins` counter a recount checks;
 * - `applied`: a marker per delta chunk, added in the same conditional update as the chunk's cells
 *   (a request the SDK retries finds its marker and adds nothing), and the bare attempt id with the
 *   last chunk;
 * - `abandoned`: attempts that gave up their delta because one of their writes is in doubt.
 * An attempt that will never apply (abandoned, or older than any batch can live) makes the totals
 * untrusted: the caller recounts from the table. A running batch of another execution does not.
 * Totals are never guessed, and a crash costs one recount, not a wrong report.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { conditionalWrite } from '../store/conditional';
import { defineEntity, type TableKey } from '../store/entity';
import { TABLE } from '../store/table';
import { chunkMarker, judgeMarkers, type MarkerVerdict, type TotalsMarkers } from './attempts';
import type { Cells } from './cells';
import { cellNameOf, storedCellName } from './stored-cell-names';

export type { TotalsMarkers } from './attempts';

const isCell = (name: string) => name.includes(':');

const markerSet = z
  .set(z.string())
  .optional()
  .transform((ids) => (ids ? [...ids] : []));

export const totals = defineEntity({
  name: 'totals',
  partition: () => [],
  /** A shard's name (book-store.ts); `TOTALS` is the single item of earlier versions. */
  sort: (name: string) => name,
  schema: z
    .looseObject({
      started: markerSet,
      applied: markerSet,
      abandoned: markerSet,
      ready: z.boolean().optional(),
      begins: z.number().optional(),
    })
    .transform(({ started, applied, abandoned, ready, begins, ...rest }, context) => {
      const cells: Record<string, number> = {};
      for (const [name, value] of Object.entries(rest)) {
        if (!isCell(name)) continue;
        if (typeof value === 'number') {
          if (value !== 0) cells[cellNameOf(name)] = value;
        } else
          context.issues.push({
            code: 'custom',
            message: 'a cell holds a number',
            path: [name],
            input: value,
          });
      }
      return { markers: { started, applied, abandoned }, ready: ready === true, begins, cells };
    }),
});

/**
 * Cells per UpdateItem. Every update of the item costs a write unit per KB of the WHOLE item, so a
 * batch's delta goes in as few updates as DynamoDB's 4 KB expression limit allows: with
 * base-36 placeholders a cell takes at most 10 characters (`#c6y :v6y, `), 250 cells 2.5 KB.
 */
const CHUNK_CELLS = 250;

/** The totals item as read at one instant, with the verdict on its markers at that instant. */
export interface TotalsItemState {
  /** Whether the item exists at all (a batch's `begin` creates it before any recount). */
  readonly exists: boolean;
  /** Recounted at least once: the cells hold the whole book, not only deltas since the item appeared. */
  readonly ready: boolean;
  /** How many times a batch began (see `begin`); undefined on an item no batch of this version began. */
  readonly begins: number | undefined;
  readonly cells: Cells;
  readonly markers: TotalsMarkers;
  readonly verdict: MarkerVerdict;
}

/** Kept cells that can be trusted, and the markers a reader may forget once it has used them. */
export interface TrustedCells {
  readonly cells: Cells;
  readonly markers: TotalsMarkers;
}

/** Book totals kept in DynamoDB; `State` is what a read returns and a replace starts from. */
export interface TotalsStoreOf<State> {
  /** Registers an attempt; call before its first receivable write. */
  begin(attempt: string): Promise<void>;
  /** Adds an attempt's delta, each chunk at most once, and marks the attempt applied. */
  apply(attempt: string, delta: Cells): Promise<void>;
  /** Gives an attempt up without a delta (one of its writes is in doubt): the next reader recounts. */
  abandon(attempt: string): Promise<void>;
  /** The item and the verdict on its markers now (consistent read). */
  read(): Promise<State>;
  /** The cells when they can be trusted: recounted once, and no batch dead without its delta. */
  load(): Promise<TrustedCells | undefined>;
  /**
   * Replaces the totals with cells recounted from a Scan that started after `basis` was read, only if
   * that is exact: no batch was live at `basis` (its delta would come on top of writes the Scan saw)
   * and none began since. Keeps every marker of `basis` and counts its dead attempts as applied, so
   * a dead batch's late chunk adds nothing. Returns whether the cells were replaced.
   */
  replace(cells: Cells, basis: State): Promise<boolean>;
  /**
   * Drops markers already checked, so the sets stay as small as one night, and the `expired` cells
   * (buckets of receivables expired by the reader's date, expiry.ts): a REMOVE, exact without a
   * condition since an expired bucket is never read again, and harmless when sent twice.
   */
  forget(markers: TotalsMarkers, expired?: readonly string[]): Promise<void>;
}

export interface TotalsStoreDeps {
  readonly ddb: Pick<DynamoDBDocumentClient, 'send'>;
  readonly tableName: string;
  /** The clock that tells a live batch from a dead one. @default the system clock */
  readonly now?: () => Date;
}

export interface TotalsItemDeps extends TotalsStoreDeps {
  readonly key: TableKey;
}

function chunksOf<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK_CELLS) chunks.push(items.slice(i, i + CHUNK_CELLS));
  return chunks;
}

interface Update {
  readonly UpdateExpression: string;
  readonly ExpressionAttributeNames?: Record<string, string>;
  readonly ExpressionAttributeValues?: Record<string, unknown>;
}

/** DELETE of the checked markers from their sets, or undefined when there are none. */
function deleteMarkers({ started, applied, abandoned }: TotalsMarkers): Update | undefined {
  const sets = Object.entries({ started, applied, abandoned }).filter(([, ids]) => ids.length > 0);
  if (sets.length === 0) return undefined;
  return {
    UpdateExpression: `DELETE ${sets.map(([name]) => `${name} :${name}`).join(', ')}`,
    ExpressionAttributeValues: Object.fromEntries(sets.map(([name, ids]) => [`:${name}`, new Set(ids)])),
  };
}

/** REMOVE of cells by name. */
function removeCells(names: readonly string[]): Update {
  return {
    UpdateExpression: `REMOVE ${names.map((_, i) => `#x${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#x${i}`, name])),
  };
}

function withRemoval(update: Update, removal: Update | undefined): Update {
  if (!removal) return update;
  return {
    ...update,
    UpdateExpression: `${update.UpdateExpression} ${removal.UpdateExpression}`,
    ExpressionAttributeNames: removal.ExpressionAttributeNames,
  };
}

/** A string set attribute, or nothing: DynamoDB stores no empty set. */
const setOf = (name: string, ids: readonly string[]) => (ids.length > 0 ? { [name]: new Set(ids) } : {});

/**
 * The replace's condition: the item is as `basis` saw it as far as batches go. `begins` changes with
 * every batch that begins, so a batch that began during the Scan makes the replace fail.
 */
function unchangedSince(basis: TotalsItemState) {
  if (!basis.exists) return { ConditionExpression: `attribute_not_exists(${TABLE.partitionKey})` };
  if (basis.begins === undefined) return { ConditionExpression: 'attribute_not_exists(begins)' };
  return { ConditionExpression: 'begins = :begins', ExpressionAttributeValues: { ':begins': basis.begins } };
}

export type TotalsItem = TotalsStoreOf<TotalsItemState>;

/** The cells of a read when they can be trusted: recounted once, and no batch dead without its delta. */
export function trustedCellsOf(state: Omit<TotalsItemState, 'begins' | 'exists'>): TrustedCells | undefined {
  if (!state.ready || state.verdict.dead.length > 0) return undefined;
  return { cells: state.cells, markers: state.verdict.finished };
}

/** A totals item as read (undefined: there is none yet), judged at `now`. */
export function itemState(
  item: Record<string, unknown> | undefined,
  key: TableKey,
  now: Date,
): TotalsItemState {
  const { markers, ready, begins, cells } = totals.parse(item ?? {}, key);
  return { exists: item !== undefined, ready, begins, cells, markers, verdict: judgeMarkers(markers, now) };
}

export function buildTotalsItem({ ddb, tableName, key, now = () => new Date() }: TotalsItemDeps): TotalsItem {
  async function addChunk(attempt: string, entries: [string, number][], marks: string[]): Promise<void> {
    const names: Record<string, string> = { '#applied': 'applied' };
    const values: Record<string, unknown> = {
      ':marks': new Set(marks),
      ':mark': marks[0],
      ':attempt': attempt,
    };
    const adds = entries.map(([name, value], i) => {
      const id = i.toString(36);
      names[`#c${id}`] = storedCellName(name);
      values[`:v${id}`] = value;
      return `#c${id} :v${id}`;
    });
    // Refused: our own earlier request got through (the SDK retried it), or a recount counted the attempt.
    await conditionalWrite(
      ddb.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: `ADD ${[...adds, '#applied :marks'].join(', ')}`,
          // The bare id is applied after the last chunk, or by a recount that counted a dead attempt.
          ConditionExpression: 'NOT contains(#applied, :mark) AND NOT contains(#applied, :attempt)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
  }

  async function read(): Promise<TotalsItemState> {
    const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    return itemState(Item, key, now());
  }

  async function update(expression: string, values: Record<string, unknown>): Promise<void> {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: expression,
        ExpressionAttributeValues: values,
      }),
    );
  }

  return {
    async begin(attempt) {
      // An SDK retry adds the id again (a set: no change) and counts one more begin (harmless: a
      // recount only checks that the counter did not move).
      await update('ADD started :attempt, begins :one', { ':attempt': new Set([attempt]), ':one': 1 });
    },
    async apply(attempt, delta) {
      const found = chunksOf(Object.entries(delta));
      // An empty delta still marks the attempt applied.
      const chunks = found.length > 0 ? found : [[]];
      for (const [i, entries] of chunks.entries()) {
        const mark = chunkMarker(attempt, i);
        await addChunk(attempt, entries, i === chunks.length - 1 ? [mark, attempt] : [mark]);
      }
    },
    async abandon(attempt) {
      await update('ADD abandoned :attempt', { ':attempt': new Set([attempt]) });
    },
    read,
    load: async () => trustedCellsOf(await read()),
    async replace(cells, basis) {
      const { verdict, markers } = basis;
      if (verdict.live.length > 0) return false;
      const item = {
        ...Object.fromEntries(Object.entries(cells).map(([name, value]) => [storedCellName(name), value])),
        ...key,
        ready: true,
        ...(basis.begins === undefined ? {} : { begins: basis.begins }),
        ...setOf('started', markers.started),
        ...setOf('applied', [...new Set([...markers.applied, ...verdict.dead])]),
        ...setOf('abandoned', markers.abandoned),
      };
      const put = new PutCommand({ TableName: tableName, Item: item, ...unchangedSince(basis) });
      return (await conditionalWrite(ddb.send(put))) !== undefined;
    },
    async forget(markers, expired = []) {
      const removals = chunksOf(expired.map(storedCellName)).map(removeCells);
      const deletion = deleteMarkers(markers);
      // One update on a usual night: the markers go with the first removal.
      const updates = deletion ? [withRemoval(deletion, removals[0]), ...removals.slice(1)] : removals;
      for (const update of updates) {
        await ddb.send(new UpdateCommand({ TableName: tableName, Key: key, ...update }));
      }
    },
  };
}
