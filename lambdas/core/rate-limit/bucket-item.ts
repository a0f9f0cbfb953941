/**
 * The shared bucket item as one limiter instance sees it (see dynamo.ts for the design): its belief
 * about the stored item, conditional writes that replace it only if it is still the one believed,
 * and the repair of an item that cannot be trusted (absent after being seen, malformed, going
 * backwards, or further ahead than any limiter writes): rewritten so that no slot is free until a
 * full window after every slot that could still be outstanding.
 */
import { randomUUID } from 'node:crypto';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '../store/conditional';
import { TABLE } from '../store/table';
import { rateBucket } from './bucket';
import { CLAIM_HORIZON_MS } from './pacing';
import { type Recent, type WindowShape, withFloor } from './window';

/** The bucket item outlives its last slot by this much, then DynamoDB's TTL removes it. */
const TTL_SECONDS = 3_600;

/** The item as read: `exists` false when absent; a field is `undefined` when missing or malformed. */
export interface Seen {
  readonly exists: boolean;
  readonly token?: string;
  readonly recent?: Recent;
}

export interface BucketItemDeps {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly account: string;
  readonly shape: WindowShape;
  /** The latest entry any limiter can have written, from now; a later one is damage. */
  readonly farthestMs: number;
  readonly now: () => number;
}

export interface BucketItem {
  /** The item as believed (read when never seen) and its entries, `undefined` when it cannot be trusted. */
  current(): Promise<{ seen: Seen; recent: Recent | undefined }>;
  /** The item as believed and the entries to build on, repairing a damaged item first. */
  usable(): Promise<{ seen: Seen; recent: Recent }>;
  /** Replaces the item by `recent` if it is still the one believed; false when another writer got there first. */
  write(seen: Seen, recent: Recent): Promise<boolean>;
}

export function buildBucketItem(deps: BucketItemDeps): BucketItem {
  const { shape, farthestMs, now } = deps;
  const key = rateBucket.key(deps.account);
  /** Our belief about the stored item: `null` = never seen (must read). */
  let believed: Seen | null = null;
  /**
   * The latest entry this instance has seen or written. Entries only ever grow, so a stored latest
   * entry below this means the item was deleted or overwritten; it also keeps this instance from
   * ever sending before a window has passed since what it saw.
   */
  let highWater: number | undefined;

  function believe(seen: Seen): void {
    believed = seen;
    const latest = seen.recent?.at(-1);
    if (latest !== undefined) highWater = Math.max(highWater ?? latest, latest);
  }

  async function read(): Promise<Seen> {
    const { Item } = await deps.ddb.send(
      new GetCommand({ TableName: deps.tableName, Key: key, ConsistentRead: true }),
    );
    const { token, recent } = rateBucket.parse(Item ?? {}, key);
    believe({ exists: Item !== undefined, token, recent: recent && plausible(recent) ? recent : undefined });
    return believed as Seen;
  }

  function plausible(recent: Recent): boolean {
    return (recent.at(-1) ?? Number.NEGATIVE_INFINITY) <= now() + farthestMs;
  }

  /** Replaces the item by `recent` if it is still the one believed; false when another writer got there first. */
  async function write(seen: Seen, recent: Recent): Promise<boolean> {
    const token = randomUUID();
    const [condition, values] =
      seen.token === undefined
        ? ['attribute_not_exists(#token) OR NOT attribute_type(#token, :string)', { ':string': 'S' }]
        : ['#token = :seen', { ':seen': seen.token }];
    const written = await conditionalWrite(
      deps.ddb.send(
        new PutCommand({
          TableName: deps.tableName,
          Item: rateBucket.item(key, {
            recent,
            token,
            [TABLE.ttlAttribute]: Math.ceil((recent.at(-1) ?? now()) / 1000) + TTL_SECONDS,
          }),
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: values,
        }),
      ),
    );
    if (written) believe({ exists: true, token, recent });
    else await read();
    return written !== undefined;
  }

  /** The entries to build on, or `undefined` when the item cannot be trusted (see the header). */
  function trusted(seen: Seen): Recent | undefined {
    if (!seen.exists) return highWater === undefined ? [] : undefined;
    if (seen.token === undefined || seen.recent === undefined) return undefined;
    const latest = seen.recent.at(-1) ?? Number.NEGATIVE_INFINITY;
    return highWater !== undefined && latest < highWater ? undefined : seen.recent;
  }

  /** Entries past every slot that could be outstanding when the item was found damaged at `at`. */
  function repaired(at: number): Recent {
    const outstanding = Math.max(at + CLAIM_HORIZON_MS, highWater ?? Number.NEGATIVE_INFINITY);
    return withFloor([], outstanding + shape.spanMs, shape);
  }

  /** The item as believed and the entries to build on, repairing a damaged item first. */
  async function usable(): Promise<{ seen: Seen; recent: Recent }> {
    for (;;) {
      const seen = believed ?? (await read());
      const recent = trusted(seen);
      if (recent !== undefined) return { seen, recent };
      await write(seen, repaired(now()));
    }
  }

  return {
    async current() {
      const seen = believed ?? (await read());
      return { seen, recent: trusted(seen) };
    },
    usable,
    write,
  };
}
