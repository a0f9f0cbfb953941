/**
 * The book totals as ONE DynamoDB item (`TOTALS`/`TOTALS`), one numeric attribute per cell (see
 * cells.ts), kept by atomic ADD. DynamoDB has no transaction between a receivable and this item here
 * (dynalite has none), so exactness rests on two marker sets on the item instead:
 * - `started`: an attempt id, added BEFORE the attempt's first receivable write;
 * - `applied`: a marker per delta chunk, added in the same conditional update as the chunk's cells
 *   (a request the SDK retries finds its marker and adds nothing), and the bare attempt id with the
 *   last chunk.
 * An attempt started and never applied (a Lambda killed between its writes and its ADD) makes the
 * totals untrusted: {@link TotalsStore.load} says so and the caller recounts from the table. Totals
 * are never guessed, and a crash costs one recount, not a wrong report.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../store/conditional';
import type { Cells } from './cells';

export const TOTALS_KEY = { pk: 'TOTALS', sk: 'TOTALS' } as const;

/**
 * Cells per UpdateItem. Every update of the item costs a write unit per KB of the WHOLE item (tens of
 * KB), so a batch's delta goes in as few updates as DynamoDB's 4 KB expression limit allows: with
 * base-36 placeholders a cell takes at most 10 characters (`#c6y :v6y, `), 250 cells 2.5 KB.
 */
const CHUNK_CELLS = 250;

export interface TotalsMarkers {
  readonly started: readonly string[];
  readonly applied: readonly string[];
}

export interface TotalsStore {
  /** Registers an attempt; call before its first receivable write. */
  begin(attempt: string): Promise<void>;
  /** Adds an attempt's delta, each chunk at most once, and marks the attempt applied. */
  apply(attempt: string, delta: Cells): Promise<void>;
  /** The cells, or undefined when never recounted or an attempt started without applying. */
  load(): Promise<{ cells: Cells; markers: TotalsMarkers } | undefined>;
  /** Replaces the totals with recounted cells (markers cleared, trusted from now on). */
  replace(cells: Cells): Promise<void>;
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
}

const isCell = (name: string) => name.includes(':');

const asStrings = (value: unknown): string[] => (value instanceof Set ? [...value].map(String) : []);

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
function deleteMarkers({ started, applied }: TotalsMarkers): Update | undefined {
  const sets = Object.entries({ started, applied }).filter(([, ids]) => ids.length > 0);
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

export function buildTotalsStore({ ddb, tableName }: TotalsStoreDeps): TotalsStore {
  async function addChunk(entries: [string, number][], marks: string[]): Promise<void> {
    const names: Record<string, string> = { '#applied': 'applied' };
    const values: Record<string, unknown> = { ':marks': new Set(marks), ':mark': marks[0] };
    const adds = entries.map(([name, value], i) => {
      const id = i.toString(36);
      names[`#c${id}`] = name;
      values[`:v${id}`] = value;
      return `#c${id} :v${id}`;
    });
    try {
      await ddb.send(
        new UpdateCommand({
          TableName: tableName,
          Key: TOTALS_KEY,
          UpdateExpression: `ADD ${[...adds, '#applied :marks'].join(', ')}`,
          ConditionExpression: 'NOT contains(#applied, :mark)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      // Our own earlier request got through (the SDK retried it): the chunk is in already.
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }

  return {
    async begin(attempt) {
      await ddb.send(
        new UpdateCommand({
          TableName: tableName,
          Key: TOTALS_KEY,
          UpdateExpression: 'ADD started :attempt',
          ExpressionAttributeValues: { ':attempt': new Set([attempt]) },
        }),
      );
    },
    async apply(attempt, delta) {
      const found = chunksOf(Object.entries(delta));
      // An empty delta still marks the attempt applied.
      const chunks = found.length > 0 ? found : [[]];
      for (const [i, entries] of chunks.entries()) {
        const mark = `${attempt}#${i}`;
        await addChunk(entries, i === chunks.length - 1 ? [mark, attempt] : [mark]);
      }
    },
    async load() {
      const { Item } = await ddb.send(
        new GetCommand({ TableName: tableName, Key: TOTALS_KEY, ConsistentRead: true }),
      );
      if (Item?.ready !== true) return undefined;
      const markers = { started: asStrings(Item.started), applied: asStrings(Item.applied) };
      const applied = new Set(markers.applied);
      if (markers.started.some((attempt) => !applied.has(attempt))) return undefined;
      const cells = Object.fromEntries(
        Object.entries(Item).filter(([name, value]) => isCell(name) && Number(value) !== 0),
      );
      return { cells: cells as Cells, markers };
    },
    async replace(cells) {
      await ddb.send(
        new PutCommand({ TableName: tableName, Item: { ...cells, ...TOTALS_KEY, ready: true } }),
      );
    },
    async forget(markers, expired = []) {
      const removals = chunksOf(expired).map(removeCells);
      const deletion = deleteMarkers(markers);
      // One update on a usual night: the markers go with the first removal.
      const updates = deletion ? [withRemoval(deletion, removals[0]), ...removals.slice(1)] : removals;
      for (const update of updates) {
        await ddb.send(new UpdateCommand({ TableName: tableName, Key: TOTALS_KEY, ...update }));
      }
    },
  };
}
