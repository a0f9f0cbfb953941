/**
 * Decisions as audit events with their projection, in single-item conditional writes (dynalite, the
 * local DynamoDB, has no TransactWriteItems; and a transaction would not remove the need to check
 * a version). The event is written first, keyed by the break's next version, so two people deciding
 * at once cannot both write it; then the projection (`breakHead`), conditioned on the version it
 * replaces. A process that stops between the two leaves an event ahead of the projection: whoever
 * reads the break next (a decision, `show`, `verify`) finds it and brings the projection up to it,
 * so neither a decision without its event nor an event without its decision can stay.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TableDeps } from '../receivables/queries';
import { conditionalWrite } from '../store/conditional';
import { queryPages } from '../store/query-pages';
import { breakEvent, breakHead } from './break-entities';
import { type BreakEvent, GENESIS, seal, type UnsealedEvent } from './chain';
import type { Decision } from './decision';
import { movesReceivables } from './match-writes';

export interface Head {
  readonly breakId: string;
  readonly version: number;
  readonly hash: string;
  readonly decision: Decision | null;
  /** The highest version whose event is known to be in the lake's copy of the audit log. */
  readonly copied: number;
  /**
   * The highest version whose receivable writes are done (a manual match or its undo,
   * manual-match.ts); below `version`, the next reader does them.
   */
  readonly linked: number;
}

/** The break changed since the caller read it (another decision came first): nothing was written. */
export class DecisionConflictError extends Error {
  constructor(
    readonly breakId: string,
    readonly expected: number,
    readonly found: number,
  ) {
    super(
      `break ${breakId} changed since it was read (version ${expected}, now ${found}): nothing was changed`,
    );
    this.name = 'DecisionConflictError';
  }
}

export interface DecisionStore {
  /** The projection, brought up to its events first. Version 0: never decided. */
  head(breakId: string): Promise<Head>;
  /** Every decided break's projection as stored (one Query). */
  heads(): Promise<Head[]>;
  events(breakId: string): Promise<BreakEvent[]>;
  /** Records that the lake holds the break's events up to `version` (never lowers it). */
  markCopied(breakId: string, version: number): Promise<void>;
  /** Records that the receivables follow the break's decisions up to `version` (never lowers it). */
  markLinked(breakId: string, version: number): Promise<void>;
  /** Appends the event of version `expected + 1` and projects it; {@link DecisionConflictError} otherwise. */
  append(
    draft: Omit<UnsealedEvent, 'version' | 'prevHash'>,
    expected: number,
    now: Date,
  ): Promise<BreakEvent>;
}

const NONE = (breakId: string): Head => ({
  breakId,
  version: 0,
  hash: GENESIS,
  decision: null,
  copied: 0,
  linked: 0,
});

/** A stored projection as a head; `linked` absent: written before manual matches, nothing pending. */
function headOf(
  breakId: string,
  stored: { version: number; hash: string; decision: Decision | null; copied?: number; linked?: number },
): Head {
  const { version, hash, decision, copied, linked } = stored;
  return { breakId, version, hash, decision, copied: copied ?? 0, linked: linked ?? version };
}

/** Plain data for DynamoDB: no undefined anywhere. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function buildDecisionStore({ ddb, tableName }: TableDeps): DecisionStore {
  async function storedHead(breakId: string): Promise<Head> {
    const key = breakHead.key(undefined, breakId);
    const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    return Item ? headOf(breakId, breakHead.parse(Item, key)) : NONE(breakId);
  }

  async function eventAt(breakId: string, version: number): Promise<BreakEvent | undefined> {
    const key = breakEvent.key(breakId, version);
    const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    return Item ? (breakEvent.parse(Item, key) as BreakEvent) : undefined;
  }

  /**
   * Writes the projection of `event` over `previous`, the one at `event.version - 1` (keeping what
   * it said was copied to the lake, and leaving a receivable write pending); false when it had moved.
   */
  async function project(event: BreakEvent, now: Date, previous: Head): Promise<boolean> {
    const done = previous.linked >= previous.version && !movesReceivables(event);
    const item = breakHead.item(breakHead.key(undefined, event.breakId), {
      version: event.version,
      hash: event.hash,
      decision: event.after,
      updatedAt: now.toISOString(),
      copied: previous.copied,
      linked: done ? event.version : previous.linked,
    });
    const condition =
      event.version === 1
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': event.version - 1 } };
    const put = ddb.send(new PutCommand({ TableName: tableName, Item: plain(item), ...condition }));
    return (await conditionalWrite(put)) !== undefined;
  }

  /** Raises a projection's mark to `version`, never lowering it. */
  async function raiseMark(breakId: string, mark: 'copied' | 'linked', version: number): Promise<void> {
    const update = ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: breakHead.key(undefined, breakId),
        UpdateExpression: 'SET #m = :v',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#m) OR #m < :v)',
        ExpressionAttributeNames: { '#m': mark },
        ExpressionAttributeValues: { ':v': version },
      }),
    );
    await conditionalWrite(update);
  }

  async function head(breakId: string): Promise<Head> {
    for (let current = await storedHead(breakId); ; ) {
      const next = await eventAt(breakId, current.version + 1);
      if (!next) return current;
      await project(next, new Date(), current);
      current = await storedHead(breakId);
    }
  }

  return {
    head,
    async heads() {
      const all: Head[] = [];
      const pk = breakHead.pk();
      for await (const page of queryPages(ddb, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      })) {
        for (const item of page) {
          const parsed = breakHead.parse(item);
          all.push(headOf(parsed.sk, parsed));
        }
      }
      return all;
    },
    async events(breakId) {
      const all: BreakEvent[] = [];
      for await (const page of queryPages(ddb, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': breakEvent.pk(breakId) },
        ConsistentRead: true,
      })) {
        all.push(...page.map((item) => breakEvent.parse(item) as BreakEvent));
      }
      return all;
    },
    async append(draft, expected, now) {
      const current = await head(draft.breakId);
      if (current.version !== expected)
        throw new DecisionConflictError(draft.breakId, expected, current.version);
      const event = seal(plain({ ...draft, version: expected + 1, prevHash: current.hash }));
      const written = await conditionalWrite(
        ddb.send(
          new PutCommand({
            TableName: tableName,
            Item: breakEvent.item(breakEvent.key(draft.breakId, event.version), event),
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      if (written === undefined) {
        throw new DecisionConflictError(draft.breakId, expected, (await head(draft.breakId)).version);
      }
      // Refused only when a reader already projected this very event.
      await project(event, now, current);
      return event;
    },
    // A projection written meanwhile may carry an older mark: the events are copied again, to the same keys.
    markCopied: (breakId, version) => raiseMark(breakId, 'copied', version),
    // Likewise the receivable writes are done again: each is a no-op once done.
    markLinked: (breakId, version) => raiseMark(breakId, 'linked', version),
  };
}
