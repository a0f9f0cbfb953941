/**
 * "A second start for the same period does not run twice." Deterministic execution names would only
 * catch starts with the same name (a backfill and the schedule pick different names), so the guard is
 * a run marker item per environment and period, claimed by one conditional single-item write (dynalite
 * has no transactions; one conditional put is enough and faithful locally):
 *
 * - free when absent, FAILED, or RUNNING with an expired lease (its execution died without finishing);
 * - taken when COMPLETED, or RUNNING with a live lease by another execution;
 * - the same execution claiming again (a retried Plan) succeeds;
 * - `force` takes it unconditionally: a backfill that must redo a period, or the local runner after a
 *   killed run (it holds its own lock file, so no second local run is alive).
 *
 * Item: `pk = RUN#<environment>#<from>#<to>`, `sk = RUN`, `status`, `executionId`, `leaseUntil` (ISO),
 * `startedAt`, `finishedAt`.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { IsoDate } from '../calendar';
import { conditionalWrite } from '../store/conditional';
import { defineEntity } from '../store/entity';

const RUN_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export interface RunKey {
  readonly environment: string;
  readonly from: IsoDate;
  readonly to: IsoDate;
}

export type ClaimResult = { readonly claimed: true } | { readonly claimed: false; readonly reason: string };

export interface RunGuard {
  claim(key: RunKey, executionId: string, options?: { force?: boolean }): Promise<ClaimResult>;
  /** Marks the run finished; a no-op when another (forced) execution has taken the marker since. */
  finish(key: RunKey, executionId: string, status: Exclude<RunStatus, 'RUNNING'>): Promise<void>;
}

export interface RunGuardDeps {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly now: () => Date;
  readonly leaseMinutes: number;
}

const runMarker = defineEntity({
  name: 'runMarker',
  partition: ({ environment, from, to }: RunKey) => [environment, from, to],
  sort: () => 'RUN',
  schema: z.object({
    status: z.enum(RUN_STATUSES),
    executionId: z.string(),
    startedAt: z.string(),
    leaseUntil: z.string(),
    finishedAt: z.string().optional(),
  }),
});

export function buildRunGuard(deps: RunGuardDeps): RunGuard {
  const { ddb, tableName, now } = deps;

  async function describeHolder(key: RunKey): Promise<string> {
    const { Item } = await ddb.send(
      new GetCommand({ TableName: tableName, Key: runMarker.key(key), ConsistentRead: true }),
    );
    if (!Item) return 'the run marker changed while claiming it';
    const { status, executionId } = runMarker.parse(Item, runMarker.key(key));
    return `${key.from}..${key.to} is already ${status} (execution ${executionId})`;
  }

  return {
    async claim(key, executionId, options = {}) {
      const at = now();
      const leaseUntil = new Date(at.getTime() + deps.leaseMinutes * 60_000).toISOString();
      const claimed = await conditionalWrite(
        ddb.send(
          new PutCommand({
            TableName: tableName,
            Item: runMarker.item(runMarker.key(key), {
              status: 'RUNNING',
              executionId,
              startedAt: at.toISOString(),
              leaseUntil,
            }),
            ...(options.force
              ? {}
              : {
                  ConditionExpression:
                    'attribute_not_exists(pk) OR #status = :failed OR executionId = :me OR (#status = :running AND leaseUntil < :now)',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':failed': 'FAILED',
                    ':running': 'RUNNING',
                    ':me': executionId,
                    ':now': at.toISOString(),
                  },
                }),
          }),
        ),
      );
      return claimed ? { claimed: true } : { claimed: false, reason: await describeHolder(key) };
    },

    async finish(key, executionId, status) {
      await conditionalWrite(
        ddb.send(
          new UpdateCommand({
            TableName: tableName,
            Key: runMarker.key(key),
            UpdateExpression: 'SET #status = :status, finishedAt = :at',
            ConditionExpression: 'executionId = :me',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': status, ':at': now().toISOString(), ':me': executionId },
          }),
        ),
      );
    },
  };
}
