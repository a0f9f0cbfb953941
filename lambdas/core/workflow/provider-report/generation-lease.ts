/**
 * "A job only ever reads its own report": the provider has no idempotency key, so after a POST with an
 * unknown outcome recon recognises its report as the one new report of that type since its snapshot.
 * That is only sound when no other generation of the same configuration runs in the same account
 * between the snapshot and the moment the new id is recorded: two jobs of one execution, a backfill
 * beside the nightly run, a retried step. This lease serializes them, per environment and
 * configuration, with single-item conditional writes only (dynalite has no transactions).
 *
 * The item also persists the attempt's snapshot, so a retried step (same holder) continues the same
 * creation instead of taking a fresh snapshot that would already contain its own landed report.
 *
 * Item: `pk = GENLEASE#<environment>`, `sk = <configurationId>`, `holder`, `leaseUntil` (epoch ms),
 * `snapshotDay`, `snapshotIds`, `expiresAt` (TTL, epoch s). One partition per environment, so the
 * environment's leases are one Query away (`releaseAll`).
 */
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { isoDateSchema } from '../../calendar';
import type { GenerationSnapshot } from '../../provider/port';
import { conditionalWrite } from '../../store/conditional';
import { defineEntity } from '../../store/entity';
import { TransientStepError } from '../errors';

export interface GenerationLeaseDeps {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly environment: string;
  /** Epoch ms. */
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** How long a holder that stopped answering keeps others out (covers one generation's retries). */
  readonly leaseMs: number;
  /** How long `acquire` waits for another holder before giving up (the state machine retries it). */
  readonly waitMs: number;
}

export interface GenerationLease {
  /** Holds the lease for `holder`; returns the snapshot an earlier try of the same holder persisted. */
  acquire(configurationId: number, holder: string): Promise<{ snapshot?: GenerationSnapshot }>;
  saveSnapshot(configurationId: number, holder: string, snapshot: GenerationSnapshot): Promise<void>;
  /** Lets the next generation in; a no-op when `holder` no longer holds it. */
  release(configurationId: number, holder: string): Promise<void>;
  /**
   * Drops every lease of the environment, whoever holds it. Only for an owner that knows every
   * holder is gone: a local run owns its data directory (lock file), so any lease there is a killed
   * run's, which would otherwise keep the next run waiting for the whole lease time.
   */
  releaseAll(): Promise<number>;
}

/** Polling while another generation holds the lease: short, since a generation takes seconds. */
const POLL_MS = 250;

const generationLease = defineEntity({
  name: 'generationLease',
  partition: (environment: string) => [environment],
  sort: (configurationId: number) => String(configurationId),
  schema: z.object({
    holder: z.string(),
    leaseUntil: z.number(),
    expiresAt: z.number(),
    snapshotDay: isoDateSchema.optional(),
    snapshotIds: z.array(z.string()).optional(),
  }),
});

export function buildGenerationLease(deps: GenerationLeaseDeps): GenerationLease {
  const { ddb, tableName } = deps;
  const partition = generationLease.pk(deps.environment);
  const key = (configurationId: number) => generationLease.key(deps.environment, configurationId);
  const expiresAt = (until: number) => Math.ceil(until / 1000) + 24 * 3600;

  /** Extends our own lease, keeping its snapshot; undefined when someone else (or nobody) holds it. */
  async function renew(configurationId: number, holder: string) {
    const until = deps.now() + deps.leaseMs;
    const renewed = await conditionalWrite(
      ddb.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(configurationId),
          UpdateExpression: 'SET leaseUntil = :until, expiresAt = :expires',
          ConditionExpression: 'holder = :me',
          ExpressionAttributeValues: { ':me': holder, ':until': until, ':expires': expiresAt(until) },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    if (renewed === undefined) return undefined;
    const { snapshotDay: day, snapshotIds: ids } = generationLease.parse(
      renewed.Attributes ?? {},
      key(configurationId),
    );
    return { snapshot: day && ids ? { day, ids } : undefined };
  }

  /** Takes a free or expired lease afresh (an expired holder's snapshot is not ours: dropped). */
  async function take(configurationId: number, holder: string): Promise<boolean> {
    const at = deps.now();
    const taken = await conditionalWrite(
      ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: generationLease.item(key(configurationId), {
            holder,
            leaseUntil: at + deps.leaseMs,
            expiresAt: expiresAt(at + deps.leaseMs),
          }),
          ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now',
          ExpressionAttributeValues: { ':now': at },
        }),
      ),
    );
    return taken !== undefined;
  }

  return {
    async acquire(configurationId, holder) {
      const giveUpAt = deps.now() + deps.waitMs;
      for (;;) {
        const renewed = await renew(configurationId, holder);
        if (renewed) return renewed;
        if (await take(configurationId, holder)) return {};
        if (deps.now() >= giveUpAt) {
          throw new TransientStepError(
            `another generation of configuration ${configurationId} is in progress (lease busy)`,
          );
        }
        await deps.sleep(POLL_MS);
      }
    },

    async saveSnapshot(configurationId, holder, snapshot) {
      await ddb.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(configurationId),
          UpdateExpression: 'SET snapshotDay = :day, snapshotIds = :ids',
          ConditionExpression: 'holder = :me',
          ExpressionAttributeValues: { ':me': holder, ':day': snapshot.day, ':ids': [...snapshot.ids] },
        }),
      );
    },

    async release(configurationId, holder) {
      await conditionalWrite(
        ddb.send(
          new DeleteCommand({
            TableName: tableName,
            Key: key(configurationId),
            ConditionExpression: 'holder = :me',
            ExpressionAttributeValues: { ':me': holder },
          }),
        ),
      );
    },

    async releaseAll() {
      const { Items = [] } = await ddb.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          ProjectionExpression: 'pk, sk',
        }),
      );
      for (const item of Items) {
        await ddb.send(new DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
      }
      return Items.length;
    },
  };
}
