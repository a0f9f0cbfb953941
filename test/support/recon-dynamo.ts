/**
 * recon's store tests share one dynalite per file and take a fresh table per test, so tests
 * cannot see each other's receivables.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ReconConfig } from '../../lambdas/core/config';
import type { Receivable } from '../../lambdas/core/recon/item';
import { buildReceivableStore, type ReceivableStore } from '../../lambdas/core/recon/store';
import { ensureTable, type LocalDynamo } from '../../local/aws/dynamodb';

let tables = 0;

export async function freshTable(dynamo: LocalDynamo): Promise<string> {
  tables += 1;
  const name = `recon-${process.pid}-${tables}`;
  await ensureTable(dynamo.client, name);
  return name;
}

/** A store whose business date is whatever `clock.asOf` holds when it writes (a fake clock). */
export function storeFor(
  ddb: Pick<DynamoDBDocumentClient, 'send'>,
  tableName: string,
  config: ReconConfig,
  clock: { asOf: string },
): ReceivableStore {
  return buildReceivableStore({
    ddb,
    tableName,
    config,
    asOf: () => clock.asOf,
    now: () => new Date(`${clock.asOf}T12:00:00.000Z`),
  });
}

/** A receivable without its write history (version, updatedAt): what must not depend on order. */
export function withoutHistory({ version: _v, updatedAt: _u, ...rest }: Receivable) {
  return rest;
}

export function byKey<T extends { key: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
