/**
 * BatchGet of many receivables, 100 keys per call, unprocessed keys retried with backoff. Eventually
 * consistent (half the read units): the matcher never writes a stale item back (its put checks the
 * version and a lost race re-reads consistently), and the export writes the version it read, so an
 * older row simply loses to the newer one in the lake (see RECEIVABLE_CHANGES_TABLE).
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { fromItem, itemKey, type Receivable } from '../receivables/item';
import type { TableDeps } from '../receivables/queries';

const BATCH_GET_LIMIT = 100;
const BATCH_GET_ATTEMPTS = 8;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The receivables of `keys` that exist, by key. */
export async function readReceivables(
  { ddb, tableName }: TableDeps,
  keys: readonly string[],
): Promise<Map<string, Receivable>> {
  const found = new Map<string, Receivable>();
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    let pending = keys.slice(start, start + BATCH_GET_LIMIT).map(itemKey);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= BATCH_GET_ATTEMPTS) throw new Error(`BatchGet: ${pending.length} keys unprocessed`);
      if (attempt > 0) await delay(25 * 2 ** attempt);
      const response = await ddb.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending } } }),
      );
      for (const item of response.Responses?.[tableName] ?? []) {
        const receivable = fromItem(item);
        found.set(receivable.key, receivable);
      }
      pending = (response.UnprocessedKeys?.[tableName]?.Keys ?? []) as typeof pending;
    }
  }
  return found;
}
