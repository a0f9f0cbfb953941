/**
 * Paginated reads of receivables: one partition of the byWork index (the receivables of an action
 * state, see INDEXED_STATUSES, by money at stake: listings and the largest items), and parallel-Scan
 * segments of the whole table (listings, the recount). Generators of pages, so a caller can act page
 * by page or collect everything (listings).
 */
import { type DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { IsoDate } from '../calendar';
import { queryPages } from '../store/query-pages';
import { TABLE } from '../store/table';
import { fromItem, type Receivable } from './item';
import { receivable } from './receivable-entity';
import type { ReconStatus } from './status';
import { INDEXED_STATUSES, isIndexed, stakePartition } from './work-index';

export interface TableDeps {
  readonly ddb: Pick<DynamoDBDocumentClient, 'send'>;
  readonly tableName: string;
}

export interface StatusQueryOptions {
  /** Only receivables due strictly before this date (receivables without a due date are left out). */
  readonly dueBefore?: IsoDate;
}

export interface ScanOptions {
  readonly segment?: number;
  readonly totalSegments?: number;
}

/**
 * Receivables whose stored status is `status`, through its byWork partition (ordered by money at
 * stake, largest last), `dueBefore` applied per page: a listing for the states somebody acts on.
 */
export async function* pagesByStatus(
  deps: TableDeps,
  status: ReconStatus,
  options: StatusQueryOptions = {},
): AsyncGenerator<Receivable[]> {
  if (!isIndexed(status)) {
    throw new RangeError(
      `${status} receivables are not indexed (the index holds ${INDEXED_STATUSES.join(', ')}); ` +
        'list them from the change log in Athena, or scan.',
    );
  }
  const due = options.dueBefore;
  for await (const page of workPages(deps, stakePartition(status))) {
    yield due === undefined ? page : page.filter((r) => r.dueDate !== null && r.dueDate < due);
  }
}

/** One byWork partition (see TABLE.workIndex), in sort-key order or, `descending`, the reverse. */
export async function* workPages(
  { ddb, tableName }: TableDeps,
  partition: string,
  options: { readonly descending?: boolean; readonly pageSize?: number } = {},
): AsyncGenerator<Receivable[]> {
  const pages = queryPages(ddb, {
    TableName: tableName,
    IndexName: TABLE.workIndex.name,
    KeyConditionExpression: '#pk = :partition',
    ExpressionAttributeNames: { '#pk': TABLE.workIndex.partitionKey },
    ExpressionAttributeValues: { ':partition': partition },
    ScanIndexForward: options.descending !== true,
    Limit: options.pageSize,
  });
  for await (const items of pages) yield items.map(fromItem);
}

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
        ...RECEIVABLES_FILTER,
      }),
    );
    yield (page.Items ?? []).map(fromItem);
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
}

export async function collect(pages: AsyncGenerator<Receivable[]>): Promise<Receivable[]> {
  const all: Receivable[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

/** The table holds other item types (rate buckets, waits, totals): keep only receivables. */
const RECEIVABLES_FILTER = {
  FilterExpression: 'begins_with(#pk, :prefix) AND #sk = :sk',
  ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
  ExpressionAttributeValues: { ':prefix': receivable.pkPrefix, ':sk': receivable.sk() },
};
