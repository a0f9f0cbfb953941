/**
 * Optimistic single-item writes of receivables. Every write is ONE conditional PutItem guarded by
 * the version the writer read (`attribute_not_exists(pk)` for a new item), so concurrent Lambdas
 * never lose each other's contributions and no transaction is needed (DynamoDB's transactions cost
 * double and dynalite, the local stand-in, has none). A writer that loses the race re-reads the item
 * and re-applies its change, a bounded number of times. An optional observer hears of every write
 * (the book totals keep their delta from it, see book/recorder.ts).
 *
 * A put whose answer was lost and that the SDK sent again meets its own earlier write: the condition
 * fails although the write landed. Every put therefore stamps a fresh token on the item, and a
 * refused put that was sent more than once reads the item back: the item at the put's version with
 * the put's token is its own write, reported to the observer once. When the item has moved further
 * (written again since), the writer cannot tell and tells the observer the write is in doubt; so does
 * a put that ends in any other error (it may land all the same).
 */
import { randomBytes } from 'node:crypto';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WriteObserver } from '../book/recorder';
import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { isActionState } from '../receivables/action-states';
import { expiresAtOf } from '../receivables/horizon';
import { fromItem, itemKey, type Receivable, toItem } from '../receivables/item';
import type { ReceivableContent } from '../receivables/matcher';
import { postedBefore } from '../receivables/postable';
import { explain, type ReconStatus } from '../receivables/status';
import { isConditionalCheckFailed } from '../store/conditional';
import { TABLE } from '../store/table';

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

/** The item attribute holding the token of the put that wrote it (not part of the receivable). */
export const WRITE_TOKEN_ATTRIBUTE = 'wt';

const newWriteToken = () => randomBytes(8).toString('base64url');

interface Stored {
  readonly receivable: Receivable | undefined;
  readonly token: unknown;
}

/** How many times the SDK sent a request that ended in `error` (undefined when it does not say). */
const attemptsOf = (error: unknown) => (error as { $metadata?: { attempts?: number } }).$metadata?.attempts;

/**
 * Whose write made the condition of our put `next` (token `token`) fail, from the item read after:
 * `theirs` (ours never landed), `ours` (it landed, its answer was lost and the SDK's retry met it) or
 * `unknown`. Versions go up by one per write, so exactly one write holds `next.version`.
 */
function refusedBy(refusal: unknown, next: Receivable, token: string, stored: Stored) {
  // Sent once: that one request was refused, so ours never landed.
  if (attemptsOf(refusal) === 1) return 'theirs';
  const version = stored.receivable?.version;
  if (version === next.version) return stored.token === token ? 'ours' : 'theirs';
  // Written again since (ours may be underneath), or gone: no way to tell.
  return version === undefined || version > next.version ? 'unknown' : 'theirs';
}

/**
 * When the receivable's break was first seen: kept while it stays in the same action state, today
 * when it enters one, none outside them. Written in the put that changes the state, so knowing it
 * costs no write of its own. An unexpected payment merged by a manual match keeps its date, so that
 * undoing the match gives its break back as it was.
 */
function breakSinceOf(status: ReconStatus, previous: Receivable | undefined, asOf: IsoDate) {
  const kept = previous?.breakSince ?? previous?.changedOn;
  if (status === 'MERGED') return previous?.status === 'UNEXPECTED' ? kept : previous?.breakSince;
  if (!isActionState(status)) return undefined;
  const unmerged = previous?.status === 'MERGED' && status === 'UNEXPECTED' && previous.breakSince;
  return previous?.status === status ? kept : unmerged || asOf;
}

export function buildReceivableWriter(deps: WriterDeps): ReceivableWriter {
  const { ddb, tableName, config, now } = deps;
  const maxAttempts = deps.maxAttempts ?? 10;

  async function readStored(key: string): Promise<Stored> {
    const { Item } = await ddb.send(
      new GetCommand({ TableName: tableName, Key: itemKey(key), ConsistentRead: true }),
    );
    return { receivable: Item ? fromItem(Item) : undefined, token: Item?.[WRITE_TOKEN_ATTRIBUTE] };
  }

  async function read(key: string): Promise<Receivable | undefined> {
    return (await readStored(key)).receivable;
  }

  /** Stamps status (derived as of `asOf`) and bookkeeping onto new content. */
  function stamp(content: ReceivableContent, previous: Receivable | undefined, asOf: IsoDate): Receivable {
    const { status, reason } = explain(content, asOf, config);
    const { breakSince: _, posted: __, ...plain } = content as Partial<Receivable> & ReceivableContent;
    const since = breakSinceOf(status, previous, asOf);
    return {
      ...plain,
      status,
      reason,
      version: (previous?.version ?? 0) + 1,
      changedOn: asOf,
      updatedAt: now().toISOString(),
      ...(since === undefined ? {} : { breakSince: since }),
      posted: postedBefore(previous, asOf),
    };
  }

  /** Undefined when the put landed, else the condition failure. */
  async function putIfUnchanged(
    next: Receivable,
    seen: Receivable | undefined,
    token: string,
    observer: WriteObserver | undefined,
  ): Promise<unknown> {
    const condition = seen
      ? { ConditionExpression: 'version = :seen', ExpressionAttributeValues: { ':seen': seen.version } }
      : { ConditionExpression: `attribute_not_exists(${TABLE.partitionKey})` };
    const expiresAt = expiresAtOf(next, config);
    const item = {
      ...toItem(next),
      ...(expiresAt === undefined ? {} : { [TABLE.ttlAttribute]: expiresAt }),
      [WRITE_TOKEN_ATTRIBUTE]: token,
    };
    try {
      await ddb.send(new PutCommand({ TableName: tableName, Item: item, ...condition }));
      return undefined;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return error;
      // Timed out, throttled past the retries...: the put may land all the same.
      observer?.inDoubt();
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
      const token = newWriteToken();
      await observer?.beforeWrite();
      const refusal = await putIfUnchanged(next, current, token, observer);
      const stored = refusal === undefined ? undefined : await readStored(key);
      const by = stored === undefined ? 'ours' : refusedBy(refusal, next, token, stored);
      if (by === 'ours') {
        observer?.written(current, next);
        return { written: true, receivable: next, writes, conflicts };
      }
      if (by === 'unknown') observer?.inDoubt();
      conflicts += 1;
      if (conflicts >= maxAttempts) {
        throw new Error(`receivable ${key}: still contended after ${conflicts} conditional writes`);
      }
      current = stored?.receivable;
    }
  }

  return { read, update };
}
