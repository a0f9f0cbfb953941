/**
 * Counting what recon asks of AWS, on the local stand-ins: SDK middleware on the DynamoDB and S3
 * clients (requests per operation, consumed capacity as dynalite computes it), and a wrapper that
 * times every workflow step (one Lambda invocation each). The cost estimate multiplies these counts
 * by list prices; nothing here is estimated from code reading.
 */
import { appendFileSync } from 'node:fs';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import { receivable } from '../lambdas/core/receivables/receivable-entity';
import type { WorkflowSteps } from '../lambdas/core/workflow/build-steps';
import { attributeWrites, type WriteAttribution } from './write-attribution';

export interface DynamoCounts {
  /** Requests per operation (`PutItem`, `UpdateItem`, `BatchGetItem`...), failed conditional writes included. */
  readonly requests: Record<string, number>;
  /** Write requests on receivable items (`RCV#`): the cost of matching. */
  matchingWrites: number;
  matchingWcu: number;
  /** Every write request and its WCU, limiter, waits and run markers included. */
  writes: number;
  wcu: number;
  rcu: number;
  conditionalFailures: number;
  /** Where the write units went: by item type, by reason, and the items' sizes. */
  attribution?: WriteAttribution;
}

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand']);
const READS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'ScanCommand']);

type Capacity = { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
const unitsOf = (capacity: Capacity): number =>
  (Array.isArray(capacity) ? capacity : capacity ? [capacity] : []).reduce(
    (sum, c) => sum + (c.CapacityUnits ?? 0),
    0,
  );

/** A string attribute of a command input, marshalled (`{ S }`) or not. */
function stringAttribute(item: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = item?.[name];
  if (typeof value === 'string') return value;
  return (value as { S?: string } | undefined)?.S;
}

const noDynamoCounts = (): DynamoCounts => ({
  requests: {},
  matchingWrites: 0,
  matchingWcu: 0,
  writes: 0,
  wcu: 0,
  rcu: 0,
  conditionalFailures: 0,
});

/**
 * Counts DynamoDB requests and capacity from the moment it is installed (on an empty table): the
 * table has no secondary index, so dynalite's units are all DynamoDB bills. `restart()` zeroes the
 * counts (what the attribution knows of each item is kept).
 */
export function countDynamo(client: DynamoDBClient): { counts: DynamoCounts; restart(): void } {
  const attribution = attributeWrites();
  let counts = noDynamoCounts();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName as string;
      const input = args.input as Record<string, unknown>;
      if (WRITES.has(name) || READS.has(name)) input.ReturnConsumedCapacity = 'TOTAL';
      counts.requests[name.replace(/Command$/, '')] =
        (counts.requests[name.replace(/Command$/, '')] ?? 0) + 1;
      const item = (input.Item ?? input.Key) as Record<string, unknown> | undefined;
      const pk = stringAttribute(item, 'pk') ?? '';
      const matching = pk.startsWith(receivable.pkPrefix);
      const record = (units: number, succeeded: boolean) => {
        if (!WRITES.has(name)) return;
        if (name !== 'PutItemCommand' && matching)
          throw new Error(`bench: ${name} on a receivable is not counted`);
        const asNew = String(input.ConditionExpression ?? '').startsWith('attribute_not_exists');
        attribution.write(pk, units, name === 'PutItemCommand' ? item : undefined, succeeded, asNew);
        counts.writes += 1;
        counts.wcu += units;
        if (matching) {
          counts.matchingWrites += 1;
          counts.matchingWcu += units;
        }
      };
      try {
        const result = await next(args);
        const units = unitsOf((result.output as { ConsumedCapacity?: Capacity }).ConsumedCapacity);
        if (READS.has(name)) counts.rcu += units;
        record(units, true);
        return result;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') {
          counts.conditionalFailures += 1;
          record(1, false);
        }
        throw error;
      }
    },
    { step: 'initialize', name: 'benchDynamoCounter', priority: 'low' },
  );
  return {
    get counts() {
      return { ...counts, attribution: attribution.result() };
    },
    restart() {
      counts = noDynamoCounts();
      attribution.restart();
    },
  };
}

/** S3 requests per operation (`PutObject`, `GetObject`, `DeleteObject`, `ListObjectsV2`...). */
export function countS3(client: S3Client): Record<string, number> {
  return countS3ByPrefix(client).byOperation;
}

/**
 * The key's prefix as a breakdown label: its first path segment and the `kind=` partition when the
 * key has one (`records-by-month/kind=sales`), so the figures say which part of the lake the requests go to.
 */
export function s3PrefixOf(key: string | undefined): string {
  if (key === undefined) return '(bucket)';
  const [top, second] = key.split('/');
  // The exports prefix holds the lake's change log and the ERP's lines: the cost tells them apart.
  return second?.startsWith('kind=') || (top === 'exports' && second !== undefined)
    ? `${top}/${second}`
    : (top ?? key);
}

/** S3 requests per operation, and per `operation prefix` ({@link s3PrefixOf}). */
export function countS3ByPrefix(client: S3Client): {
  byOperation: Record<string, number>;
  byPrefix: Record<string, number>;
} {
  const byOperation: Record<string, number> = {};
  const byPrefix: Record<string, number> = {};
  const keysLog = process.env.BENCH_S3_KEYS_LOG;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = (context.commandName as string).replace(/Command$/, '');
      const key =
        (args.input as { Key?: string; Prefix?: string }).Key ?? (args.input as { Prefix?: string }).Prefix;
      byOperation[name] = (byOperation[name] ?? 0) + 1;
      const label = `${name} ${s3PrefixOf(key)}`;
      byPrefix[label] = (byPrefix[label] ?? 0) + 1;
      if (keysLog) appendFileSync(keysLog, `${name} ${key ?? ''}\n`);
      return next(args);
    },
    { step: 'initialize', name: 'benchS3Counter' },
  );
  return { byOperation, byPrefix };
}

export interface StepTimings {
  /** Invocations and summed wall milliseconds per step (one Lambda invocation per call). */
  readonly byStep: Record<string, { invocations: number; ms: number }>;
}

/** Wraps every step to count its invocations and time them (wall clock, this machine). */
export function timeSteps(steps: WorkflowSteps): { steps: WorkflowSteps; timings: StepTimings } {
  const timings: StepTimings = { byStep: {} };
  const wrapped: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [name, step] of Object.entries(steps) as [string, (input: unknown) => Promise<unknown>][]) {
    wrapped[name] = async (input) => {
      const started = performance.now();
      try {
        return await step(input);
      } finally {
        const entry = timings.byStep[name] ?? { invocations: 0, ms: 0 };
        entry.invocations += 1;
        entry.ms += performance.now() - started;
        timings.byStep[name] = entry;
      }
    };
  }
  return { steps: wrapped as unknown as WorkflowSteps, timings };
}
