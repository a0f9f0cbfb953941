/**
 * Aging's work lists: which receivables were stored OPEN with a given due date. Every matching batch
 * logs the keys it left OPEN, by due date, in the touched log (touched.ts); once a night the aging
 * step gathers the nights logged since it last did into one list per due date and night, stored as
 * items `DUE#<due date>` / `<night>#<chunk>`. On the night a due date's grace ends, aging reads that
 * date's items (one Query) and then only those receivables.
 *
 * Why not an index entry per OPEN receivable (as earlier versions did): a sparse-index entry costs a write
 * unit when the receivable enters OPEN and another when its settlement takes it out, about one unit
 * per ingested record, more than half of a night's DynamoDB bill. A list costs a write unit per KB
 * of gzipped keys (about 40 keys) per due date and night, and DynamoDB's TTL drops it for free.
 *
 * A list may name a receivable that is no longer OPEN or no longer due that day: aging re-reads every
 * listed receivable and decides on what is stored, so a stale entry costs one read and changes
 * nothing. Gathering again (a re-run of a night) rewrites the night's items with the superset.
 *
 * The keys are stored gzipped (`kz`, one binary attribute: the sorted keys, a line each): a put is
 * billed per KB of the item, and sorted match keys of one due date share most of their text
 * (acquirer, merchant, sale dates), so the list costs about a third of the plain `keys` of earlier
 * versions, which are still read.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { addDays, type IsoDate, isoDateSchema, toEpochDay } from '../calendar';
import { mapWithConcurrency } from '../concurrency';
import type { TouchedLog } from '../receivable-store/touched';
import { defineEntity } from '../store/entity';
import { queryPages } from '../store/query-pages';
import { TABLE } from '../store/table';

export interface DueListsDeps {
  readonly ddb: Pick<DynamoDBDocumentClient, 'send'>;
  readonly tableName: string;
  readonly touched: Pick<TouchedLog, 'openByDueOf' | 'datesBetween'>;
  /** Days after due date + grace a list is kept (then TTL removes it). */
  readonly retentionDays: number;
}

export interface DueLists {
  /** Gathers the nights logged since the last gathering, and `asOf` itself, into lists. */
  gather(asOf: IsoDate, graceDays: number): Promise<void>;
  /** Every key listed under `dueDate`, each once. */
  keysDue(dueDate: IsoDate): Promise<Set<string>>;
}

/** How long after due date + grace a list outlives its night: aging may be weeks behind after an outage. */
export const DUE_LIST_RETENTION_DAYS = 90;

/** Keys per list item: about 100 KB of keys, far below DynamoDB's 400 KB item limit. */
const KEYS_PER_ITEM = 1_500;
const WRITE_CONCURRENCY = 8;

const dueList = defineEntity({
  name: 'dueList',
  partition: (dueDate: IsoDate) => [dueDate],
  sort: ({ night, chunk }: { night: IsoDate; chunk: number }) => `${night}#${String(chunk).padStart(4, '0')}`,
  schema: z
    .object({
      /** Earlier versions: the keys as a list of strings. */
      keys: z.array(z.string()).optional(),
      kz: z.custom<Uint8Array>((value) => value instanceof Uint8Array).optional(),
      [TABLE.ttlAttribute]: z.number(),
    })
    .refine((item) => (item.keys === undefined) !== (item.kz === undefined), 'exactly one of keys and kz'),
});

export const packKeys = (keys: readonly string[]): Uint8Array => gzipSync(keys.join('\n'), { level: 9 });

function keysOf(item: { keys?: string[] | undefined; kz?: Uint8Array | undefined }): string[] {
  if (item.keys) return item.keys;
  const text = gunzipSync(item.kz ?? new Uint8Array()).toString('utf8');
  return text === '' ? [] : text.split('\n');
}

/** How far the nights were gathered. */
const dueListsGathered = defineEntity({
  name: 'dueListsGathered',
  partition: () => [],
  sort: () => 'GATHERED',
  schema: z.object({ through: isoDateSchema }),
});
const MARKER = dueListsGathered.key();

export function buildDueLists({ ddb, tableName, touched, retentionDays }: DueListsDeps): DueLists {
  async function gatherNight(night: IsoDate, graceDays: number): Promise<void> {
    const items = [...(await touched.openByDueOf(night))].flatMap(([dueDate, keys]) => {
      const sorted = [...keys].sort();
      const expiresAt = toEpochDay(addDays(dueDate, graceDays + retentionDays)) * 86_400;
      return Array.from({ length: Math.ceil(sorted.length / KEYS_PER_ITEM) }, (_, chunk) =>
        dueList.item(dueList.key(dueDate, { night, chunk }), {
          kz: packKeys(sorted.slice(chunk * KEYS_PER_ITEM, (chunk + 1) * KEYS_PER_ITEM)),
          [TABLE.ttlAttribute]: expiresAt,
        }),
      );
    });
    await mapWithConcurrency(items, WRITE_CONCURRENCY, (Item) =>
      ddb.send(new PutCommand({ TableName: tableName, Item })),
    );
  }

  return {
    async gather(asOf, graceDays) {
      const { Item } = await ddb.send(
        new GetCommand({ TableName: tableName, Key: MARKER, ConsistentRead: true }),
      );
      const gatheredThrough = Item ? dueListsGathered.parse(Item, MARKER).through : null;
      // The marker's own night again only when it is tonight's: a re-run of the night may have added to it.
      const after = gatheredThrough !== null && gatheredThrough >= asOf ? addDays(asOf, -1) : gatheredThrough;
      const nights = await touched.datesBetween(after, asOf);
      for (const night of nights) await gatherNight(night, graceDays);
      if (gatheredThrough === null || asOf > gatheredThrough) {
        await ddb.send(
          new PutCommand({ TableName: tableName, Item: dueListsGathered.item(MARKER, { through: asOf }) }),
        );
      }
    },
    async keysDue(dueDate) {
      const keys = new Set<string>();
      const pk = dueList.pk(dueDate);
      const pages = queryPages(ddb, {
        TableName: tableName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      });
      for await (const items of pages)
        for (const item of items) for (const key of keysOf(dueList.parse(item, { pk }))) keys.add(key);
      return keys;
    },
  };
}
