/**
 * Optimistic single-item writes of receivables. Every write is ONE conditional PutItem guarded by
 * the version the writer read (`attribute_not_exists(pk)` for a new item), so concurrent Lambdas
 * never lose each other's contributions and no transaction is needed (DynamoDB's transactions cost
 * double and dynalite, the local stand-in, has none). A writer that loses the race re-reads the item
 * and re-applies its change, a bounded number of times. An optional observer hears of every write
 * (the book totals keep their delta from it, see totals/recorder.ts).
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { isConditionalCheckFailed } from '../store/conditional';
import { TABLE } from '../store/table';
import type { WriteObserver } from '../totals/recorder';
import { expiresAtOf } from './horizon';
import { fromItem, itemKey, type Receivable, toItem } from './item';
import type { ReceivableContent } from './matcher';
import { explain } from './status';

export interface WriterDeps {
  /** Only `send` is used; a wrapper that delays or counts calls is enough. */
  readonly ddb: Pick<DynamoDBDocumentClient, 'send'>;
  readonly tableName: string;
  readonly config: ReconConfig;
  readonly now: () => Date;
  /** Attempts per item before giving up under contention (each lost race costs one). @default 10 */
  readonly maxAttempts?: number;
}

export interface WriteOutcome {
  readonly written: boolean;
  /** The item as it stands after the call: as written, or as last read when nothing was written. */
  readonly receivable: Receivable | undefined;
  /** PutItem requests sent, including the ones the condition rejected (they cost a write unit too). */
  readonly writes: number;
  readonly conflicts: number;
}

/**
 * Given the current item (undefined when absent): the content to write, or undefined when there is
 * nothing to write. Called again with the fresh item after every lost race, so it must be pure.
 */
export type Decide = (current: Receivable | undefined) => ReceivableContent | undefined;

export interface ReceivableWriter {
  read(key: string): Promise<Receivable | undefined>;
  /** Decides on `seen`; writes; on a lost race re-reads and decides again. */
  update(
    key: string,
    seen: Receivable | undefined,
    asOf: IsoDate,
    decide: Decide,
    observer?: WriteObserver,
  ): Promise<WriteOutcome>;
}

export function buildReceivableWriter(deps: WriterDeps): ReceivableWriter {
  const { ddb, tableName, config, now } = deps;
  const maxAttempts = deps.maxAttempts ?? 10;

  async function read(key: string): Promise<Receivable | undefined> {
    const { Item } = await ddb.send(
      new GetCommand({ TableName: tableName, Key: itemKey(key), ConsistentRead: true }),
    );
    return Item ? fromItem(Item) : undefined;
  }

  /** Stamps status (derived as of `asOf`) and bookkeeping onto new content. */
  function stamp(content: ReceivableContent, previous: Receivable | undefined, asOf: IsoDate): Receivable {
    const { status, reason } = explain(content, asOf, config);
    return {
      ...content,
      status,
      reason,
      version: (previous?.version ?? 0) + 1,
      changedOn: asOf,
      updatedAt: now().toISOString(),
    };
  }

  async function putIfUnchanged(next: Receivable, seen: Receivable | undefined): Promise<boolean> {
    const condition = seen
      ? { ConditionExpression: 'version = :seen', ExpressionAttributeValues: { ':seen': seen.version } }
      : { ConditionExpression: `attribute_not_exists(${TABLE.partitionKey})` };
    try {
      const expiresAt = expiresAtOf(next, config);
      const item =
        expiresAt === undefined ? toItem(next) : { ...toItem(next), [TABLE.ttlAttribute]: expiresAt };
      await ddb.send(new PutCommand({ TableName: tableName, Item: item, ...condition }));
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  async function update(
    key: string,
    seen: Receivable | undefined,
    asOf: IsoDate,
    decide: Decide,
    observer?: WriteObserver,
  ): Promise<WriteOutcome> {
    let current = seen;
    let writes = 0;
    let conflicts = 0;
    for (;;) {
      const content = decide(current);
      if (!content) return { written: false, receivable: current, writes, conflicts };
      writes += 1;
      const next = stamp(content, current, asOf);
      await observer?.beforeWrite();
      if (await putIfUnchanged(next, current)) {
        observer?.written(current, next);
        return { written: true, receivable: next, writes, conflicts };
      }
      conflicts += 1;
      if (conflicts >= maxAttempts) {
        throw new Error(`receivable ${key}: still contended after ${conflicts} conditional writes`);
      }
      current = await read(key);
    }
  }

  return { read, update };
}
