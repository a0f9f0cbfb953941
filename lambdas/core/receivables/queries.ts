/**
 * Reads of the receivables: parallel-Scan segments of the whole table (listings, the recount, the
 * action list when none is kept). Generators of pages, so a caller can act page by page or collect
 * everything (listings).
 */
import { type DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mapWithConcurrency } from '../concurrency';
import { TABLE } from '../store/table';
import { fromItem, type Receivable } from './item';
import { RECEIVABLE_ATTRIBUTES, receivable } from './receivable-entity';
import type { ReconStatus } from './status';

export interface TableDeps {
  readonly ddb: Pick<DynamoDBDocumentClient, 'send'>;
  readonly tableName: string;
}

export interface ScanOptions {
  readonly segment?: number;
  readonly totalSegments?: number;
  /** Only receivables stored in one of these states (the table still reads every item). */
  readonly statuses?: readonly ReconStatus[];
}

/** Scan segments read in parallel when the caller does not say. */
const SCAN_SEGMENTS = 4;

export async function* scanPages(
  { ddb, tableName }: TableDeps,
  options: ScanOptions = {},
): AsyncGenerator<Receivable[]> {
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({
        TableName: tableName,
        Segment: options.segment,
        TotalSegments: options.totalSegments,
        ExclusiveStartKey: exclusiveStartKey,
        ...receivablesOnly(options.statuses),
      }),
    );
    yield (page.Items ?? []).map(fromItem);
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
}

/** Every page of a parallel Scan (`totalSegments` segments at once), each handed to `visit`. */
export async function forEachScannedPage(
  deps: TableDeps,
  options: Omit<ScanOptions, 'segment'>,
  visit: (page: readonly Receivable[]) => void,
): Promise<void> {
  const totalSegments = options.totalSegments ?? SCAN_SEGMENTS;
  const segments = Array.from({ length: totalSegments }, (_, segment) => segment);
  await mapWithConcurrency(segments, totalSegments, async (segment) => {
    for await (const page of scanPages(deps, { ...options, segment, totalSegments })) visit(page);
  });
}

export async function collect(pages: AsyncGenerator<Receivable[]>): Promise<Receivable[]> {
  const all: Receivable[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

/**
 * The table holds other item types (rate buckets, waits, totals): keep only receivables, in
 * `statuses` when given, and only the attributes a receivable is read from (an item written while
 * the byWork index existed still carries its gsi2pk/gsi2sk: nothing reads them, nothing returns them).
 */
function receivablesOnly(statuses: readonly ReconStatus[] | undefined) {
  const names: Record<string, string> = { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey };
  const values: Record<string, unknown> = { ':prefix': receivable.pkPrefix, ':sk': receivable.sk() };
  let filter = 'begins_with(#pk, :prefix) AND #sk = :sk';
  if (statuses !== undefined) {
    names['#status'] = 'status';
    statuses.forEach((status, i) => {
      values[`:s${i}`] = status;
    });
    filter += ` AND #status IN (${statuses.map((_, i) => `:s${i}`).join(', ')})`;
  }
  const projected = RECEIVABLE_ATTRIBUTES.map((name, i) => {
    names[`#a${i}`] = name;
    return `#a${i}`;
  });
  return {
    FilterExpression: filter,
    ProjectionExpression: projected.join(', '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
