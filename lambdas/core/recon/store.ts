/**
 * The receivables store over recon's single DynamoDB table. One page of records costs: one
 * BatchGet per 100 distinct keys, then at most ONE conditional PutItem per key whose contribution
 * set grew (a re-ingested page writes nothing). Lost races are retried by {@link buildReceivableWriter}.
 */
import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IsoDate } from '../calendar';
import type { MatchKeyField, ReconConfig } from '../config';
import type { CanonicalRecord } from '../records/canonical';
import { fromItem, itemKey, type Receivable } from './item';
import { forEachLimited } from './limit';
import { applyRecords as applyToContent, isMatchable, matchKeyOf, pruneContent } from './matcher';
import { collect, pagesByStatus, type ScanOptions, type StatusQueryOptions, scanPages } from './queries';
import type { ReconStatus } from './status';
import { buildReceivableWriter } from './writer';

export interface ReceivableStoreDeps {
  readonly ddb: Pick<DynamoDBDocumentClient, 'send'>;
  readonly tableName: string;
  readonly config: ReconConfig;
  /** Business date the written status is derived for. */
  readonly asOf: () => IsoDate;
  readonly now: () => Date;
  /** Conditional writes in flight at once per call. @default 16 */
  readonly concurrency?: number;
  /** @default 10 */
  readonly maxAttempts?: number;
}

export interface ApplyCounts {
  /** Records that added a contribution to their receivable. */
  readonly changed: number;
  /** A1/D1 records already present (re-ingested). */
  readonly unchanged: number;
  /** Records the matcher leaves out: codes other than A1/D1, or an incomplete match key. */
  readonly ignored: number;
  /** PutItem requests sent, rejected ones included. */
  readonly writes: number;
  /** Conditional writes rejected because another writer got there first (then retried). */
  readonly conflicts: number;
  /** Records refused because their receivable is full: the caller quarantines them (TOO_MANY_CONTRIBUTIONS). */
  readonly refused: readonly CanonicalRecord[];
}

export interface ReceivableStore {
  applyRecords(records: readonly CanonicalRecord[]): Promise<ApplyCounts>;
  /**
   * Receivables whose STORED status is `status` (as of their last write or aging sweep), through the
   * byStatus index: only the states it holds (INDEXED_STATUSES); OPEN and SETTLED throw a RangeError.
   */
  listByStatus(status: ReconStatus, options?: StatusQueryOptions): Promise<Receivable[]>;
  get(keyFields: Partial<Pick<CanonicalRecord, MatchKeyField>>): Promise<Receivable | undefined>;
  scanAll(options?: ScanOptions): Promise<Receivable[]>;
}

const BATCH_GET_LIMIT = 100;
const BATCH_GET_ATTEMPTS = 8;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function groupByKey(records: readonly CanonicalRecord[], config: ReconConfig) {
  const groups = new Map<string, CanonicalRecord[]>();
  let ignored = 0;
  for (const record of records) {
    const key = matchKeyOf(record, config);
    if (!isMatchable(record) || key === null) {
      ignored += 1;
      continue;
    }
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  return { groups, ignored };
}

export function buildReceivableStore(deps: ReceivableStoreDeps): ReceivableStore {
  const { ddb, tableName, config } = deps;
  const writer = buildReceivableWriter(deps);

  /**
   * BatchGet of many keys, 100 per call, unprocessed keys retried with backoff. Eventually
   * consistent (half the read units): a stale item is never written back, because the conditional
   * put checks the version and a lost race re-reads consistently; and a record hash seen in a stale
   * item is in every newer one too (contributions only accumulate), so "already applied" stays true.
   */
  async function readMany(keys: readonly string[]): Promise<Map<string, Receivable>> {
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

  async function applyRecords(records: readonly CanonicalRecord[]): Promise<ApplyCounts> {
    const { groups, ignored } = groupByKey(records, config);
    const seen = await readMany([...groups.keys()]);
    const asOf = deps.asOf();
    let changed = 0;
    let writes = 0;
    let conflicts = 0;
    const refused: CanonicalRecord[] = [];
    await forEachLimited([...groups], deps.concurrency ?? 16, async ([key, group]) => {
      let result: ReturnType<typeof applyToContent> | undefined;
      const outcome = await writer.update(key, seen.get(key), asOf, (current) => {
        result = applyToContent(current, group, config);
        const next = result.receivable;
        return next === undefined || next === current ? undefined : pruneContent(next, asOf);
      });
      changed += result?.changed ?? 0;
      refused.push(...(result?.refused ?? []));
      writes += outcome.writes;
      conflicts += outcome.conflicts;
    });
    const unchanged = records.length - ignored - changed - refused.length;
    return { changed, unchanged, ignored, writes, conflicts, refused };
  }

  return {
    applyRecords,
    listByStatus: (status, options) => collect(pagesByStatus(deps, status, options)),
    async get(keyFields) {
      const key = matchKeyOf(keyFields, config);
      return key === null ? undefined : writer.read(key);
    },
    scanAll: (options) => collect(scanPages(deps, options)),
  };
}
