/**
 * recon's store tests share one dynalite per file and take a fresh table per test, so tests
 * cannot see each other's receivables.
 */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { type Aging, type AgingDeps, buildAging } from '../../lambdas/core/aging/age-receivables';
import { buildDueLists, DUE_LIST_RETENTION_DAYS } from '../../lambdas/core/aging/due-lists';
import type { ReconConfig } from '../../lambdas/core/config';
import {
  buildReceivableStore,
  type ReceivableStore,
} from '../../lambdas/core/receivable-store/apply-records';
import { buildTouchedLog, type TouchedLog } from '../../lambdas/core/receivable-store/touched';
import type { Receivable } from '../../lambdas/core/receivables/item';
import { ensureTable, type LocalDynamo, startLocalDynamo } from '../../local/aws/dynamodb';
import { type LocalS3, startLocalS3 } from '../../local/aws/s3';

let tables = 0;

/** One dynalite and one s3rver for a test file: started before its tests, closed after them. */
export function localStoresPerFile(): { readonly dynamo: LocalDynamo; readonly s3: LocalS3 } {
  const stores = {} as { dynamo: LocalDynamo; s3: LocalS3 };
  beforeAll(async () => {
    [stores.dynamo, stores.s3] = await Promise.all([startLocalDynamo(), startLocalS3()]);
  });
  afterAll(async () => {
    await Promise.all([stores.dynamo.close(), stores.s3.close()]);
  });
  return stores;
}

/** One dynalite for a test file (its default table), started before its tests, closed after them. */
export function localDynamoPerFile(): { readonly dynamo: LocalDynamo } {
  const stores = {} as { dynamo: LocalDynamo };
  beforeAll(async () => {
    stores.dynamo = await startLocalDynamo();
  });
  afterAll(async () => {
    await stores.dynamo?.close();
  });
  return stores;
}

export async function freshTable(dynamo: LocalDynamo): Promise<string> {
  tables += 1;
  const name = `recon-${process.pid}-${tables}`;
  await ensureTable(dynamo.client, name);
  return name;
}

/** A touched log in a bucket of its own, so that tests sharing an s3rver cannot see each other's. */
export async function freshTouchedLog(s3: LocalS3): Promise<TouchedLog> {
  tables += 1;
  const bucket = `touched-${process.pid}-${tables}`;
  await s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return buildTouchedLog({ s3: s3.client, bucket });
}

/**
 * A store whose business date is whatever `clock.asOf` holds when it writes (a fake clock); with a
 * touched log, it logs its batches as the pipeline does (aging's due lists come from it).
 */
export function storeFor(
  ddb: Pick<DynamoDBDocumentClient, 'send'>,
  tableName: string,
  config: ReconConfig,
  clock: { asOf: string },
  touched?: TouchedLog,
): ReceivableStore {
  return buildReceivableStore({
    ddb,
    tableName,
    config,
    asOf: () => clock.asOf,
    now: () => new Date(`${clock.asOf}T12:00:00.000Z`),
    touched,
  });
}

/** The real aging sweep, its due lists gathered from `touched`. */
export function agingFor(
  ddb: Pick<DynamoDBDocumentClient, 'send'>,
  tableName: string,
  config: ReconConfig,
  touched: TouchedLog,
  now: () => Date,
  warn?: AgingDeps['warn'],
): Aging {
  const dueLists = buildDueLists({ ddb, tableName, touched, retentionDays: DUE_LIST_RETENTION_DAYS });
  return buildAging({ ddb, tableName, config, now, dueLists, touched, warn });
}

/** A receivable without its write history (version, updatedAt): what must not depend on order. */
export function withoutHistory({ version: _v, updatedAt: _u, posted: _p, ...rest }: Receivable) {
  return rest;
}

export function byKey<T extends { key: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
