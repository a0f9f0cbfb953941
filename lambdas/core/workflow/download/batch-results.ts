/**
 * Page batches without growing the execution's state. A report of N page batches must not put N of
 * anything in the state (256 KB limit, about 8,000 batch results): batches are addressed by index,
 * grouped in chunks the definition expands with `States.ArrayRange` (at most 1,000 items each), and
 * each batch's counts go to DynamoDB instead of the Map's result, keyed by job and batch so a retried
 * batch overwrites its own item (counted once). Finish job adds them up.
 *
 * Item: `pk = BATCHES#<executionId>#<configurationId>#<from>#<to>`, `sk = B#<batch index>`, `result`,
 * `expiresAt` (TTL, a week: the job result has the totals by then).
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { emptyIngestCounts, mergeIngestCounts } from '../../ingest/lake/counts';
import { defineEntity } from '../../store/entity';
import { queryPages } from '../../store/query-pages';
import { type BatchResult, batchResultSchema, type Job, type ReceivableChanges } from '../contracts';

/** `States.ArrayRange` returns at most this many items. */
const ARRAY_RANGE_LIMIT = 1_000;
const WEEK_SECONDS = 7 * 24 * 3600;

/**
 * Splits `batchCount` batches into chunks of equal size (the last may run past the end by fewer than
 * one item per chunk: those indexes are no-ops). The definition expands chunk starts with
 * `ArrayRange(0, lastChunkStart, chunkSize)` and each chunk with `ArrayRange(start, start + chunkSpan, 1)`.
 */
export function chunkPlan(batchCount: number, maxPerChunk: number) {
  const perChunk = Math.min(maxPerChunk, ARRAY_RANGE_LIMIT);
  const chunks = Math.max(1, Math.ceil(batchCount / perChunk));
  const chunkSize = Math.max(1, Math.ceil(batchCount / chunks));
  return { chunkSize, chunkSpan: chunkSize - 1, lastChunkStart: (chunks - 1) * chunkSize };
}

const batchResult = defineEntity({
  name: 'batchResult',
  partition: ({ executionId, job }: { executionId: string; job: Job }) => [
    executionId,
    job.configurationId,
    job.from,
    job.to,
  ],
  sort: (batchIndex: number) => `B#${batchIndex}`,
  // `list` projects `result` alone, so `expiresAt` may be absent from what it reads.
  schema: z.object({ result: batchResultSchema, expiresAt: z.number().optional() }),
});

const noChanges: ReceivableChanges = { changed: 0, unchanged: 0, conflicts: 0 };

const EMPTY_BATCH: BatchResult = {
  pages: 0,
  pastLastPage: false,
  counts: emptyIngestCounts(),
  providerRequests: 0,
  receivables: noChanges,
};

export function mergeBatches(results: readonly BatchResult[]): BatchResult {
  return results.reduce<BatchResult>(
    (total, r) => ({
      pages: total.pages + r.pages,
      pastLastPage: total.pastLastPage || r.pastLastPage,
      counts: mergeIngestCounts(total.counts, r.counts),
      providerRequests: total.providerRequests + r.providerRequests,
      receivables: {
        changed: total.receivables.changed + r.receivables.changed,
        unchanged: total.receivables.unchanged + r.receivables.unchanged,
        conflicts: total.receivables.conflicts + r.receivables.conflicts,
      },
    }),
    EMPTY_BATCH,
  );
}

export interface BatchResultStore {
  save(executionId: string, job: Job, batchIndex: number, result: BatchResult): Promise<void>;
  /** Every saved batch result of the job in this execution. */
  list(executionId: string, job: Job): Promise<BatchResult[]>;
  /** One batch's saved result, undefined when none was saved. */
  get(executionId: string, job: Job, batchIndex: number): Promise<BatchResult | undefined>;
}

export function buildBatchResultStore(deps: {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly now: () => Date;
}): BatchResultStore {
  const { ddb, tableName } = deps;
  return {
    async save(executionId, job, batchIndex, result) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: batchResult.item(batchResult.key({ executionId, job }, batchIndex), {
            result,
            expiresAt: Math.floor(deps.now().getTime() / 1000) + WEEK_SECONDS,
          }),
        }),
      );
    },
    async list(executionId, job) {
      const results: BatchResult[] = [];
      const pk = batchResult.pk({ executionId, job });
      const pages = queryPages(ddb, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: '#result',
        ExpressionAttributeNames: { '#result': 'result' },
        ConsistentRead: true,
      });
      for await (const items of pages)
        for (const item of items) results.push(batchResult.parse(item, { pk }).result);
      return results;
    },
    async get(executionId, job, batchIndex) {
      const key = batchResult.key({ executionId, job }, batchIndex);
      const { Item } = await ddb.send(
        new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
      );
      return Item ? batchResult.parse(Item, key).result : undefined;
    },
  };
}
