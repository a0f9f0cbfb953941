/**
 * Account-level items (issue 23, docs/lifecycle.md): FEE records (POS rent, service fees) and
 * ADJUSTMENT records without a complete match key belong to no receivable. They are kept per
 * (acquirer, merchant, date) in one DynamoDB item each, under the same identity and exactly-once rule
 * as receivables: a contribution per record identity, counted as often as it occurs in one report
 * (`occurrences.ts`), so a re-delivered record or a re-ingested page changes nothing.
 *
 * | attribute | holds |
 * |-----------|-------|
 * | `pk` / `sk` | see {@link accountItemKey} |
 * | `acquirer`, `merchant`, `date` | the item's account and day (the record's payment, else movement date) |
 * | `i` | map identity → `{ r: role, n: centavos (a FEE's magnitude, an ADJUSTMENT signed), t?: reason text, c?, o?, e?, sd?, g? }` |
 * | `version` | +1 on every write; the optimistic-lock token |
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';
import { countPages, mergeOccurrences, type Occurrences, pruneOccurrences } from '../receivable/occurrences';
import type { CanonicalRecord } from '../records/canonical';
import { reasonTextOf } from '../records/linking';
import { directedCents } from '../records/roles';
import { isConditionalCheckFailed } from '../store/conditional';
import { queryPages } from '../store/query-pages';

export type AccountRole = 'FEE' | 'ADJUSTMENT';

export interface AccountEntry {
  readonly hash: string;
  readonly role: AccountRole;
  /** A FEE's magnitude (a debit); an ADJUSTMENT's signed amount. */
  readonly netCents: Cents;
  /** The source's reason text (`recordReasonColumns`), when it gives one. */
  readonly reasonText: string | null;
  readonly occurrences: Occurrences;
}

export interface AccountItem {
  readonly acquirer: string;
  readonly merchant: string;
  /** '' when the record carries no date at all. */
  readonly date: IsoDate | '';
  readonly entries: readonly AccountEntry[];
  readonly version: number;
}

/** A record routed to the account level, with its role and sign already read. */
export interface AccountRecord {
  readonly record: CanonicalRecord;
  readonly role: AccountRole;
  readonly sign: 1 | -1;
}

const ACCOUNT_PK_PREFIX = 'ACCT#';

/**
 * The item's key: one partition per acquirer, sorted by date then merchant (a period of one acquirer
 * is one Query). The one place that builds it, so it can move with the other key builders.
 */
export function accountItemKey(acquirer: string, merchant: string, date: string): { pk: string; sk: string } {
  return { pk: `${ACCOUNT_PK_PREFIX}${acquirer}`, sk: `${date}#${merchant}` };
}

function placeOf(record: CanonicalRecord) {
  return {
    acquirer: record.acquirer ?? '',
    merchant: record.merchant ?? '',
    date: record.paymentDate ?? record.movementDate ?? record.dueDate ?? record.saleDate ?? '',
  };
}

/** One item with a batch's records merged in (same object when nothing changed). */
function mergeAccountItem(
  current: AccountItem,
  records: readonly AccountRecord[],
  reasonColumns: readonly string[],
  asOf: IsoDate,
): { item: AccountItem; changed: number } {
  const byHash = new Map<string, AccountRecord[]>();
  for (const routed of records) {
    byHash.set(routed.record.recordHash, [...(byHash.get(routed.record.recordHash) ?? []), routed]);
  }
  let entries = [...current.entries];
  let changed = 0;
  for (const [hash, group] of byHash) {
    const { record, role, sign } = group[0] as AccountRecord;
    const existing = entries.find((e) => e.hash === hash);
    const merged = mergeOccurrences(existing?.occurrences, countPages(group.map((g) => g.record)));
    if (existing && merged === existing.occurrences) continue;
    if (!existing || merged.copies > existing.occurrences.copies) changed += group.length;
    const entry: AccountEntry = {
      hash,
      role,
      netCents: directedCents(role, record.netCents, sign),
      reasonText: existing?.reasonText ?? reasonTextOf(record, reasonColumns),
      occurrences: pruneOccurrences(merged, asOf),
    };
    entries = [...entries.filter((e) => e.hash !== hash), entry].sort((a, b) => (a.hash < b.hash ? -1 : 1));
  }
  const same = entries.length === current.entries.length && entries.every((e, i) => e === current.entries[i]);
  return { item: same ? current : { ...current, entries }, changed };
}

/** Totals of account-level items per acquirer and date: fees (debits, positive) and net adjustments. */
export interface AccountTotal {
  readonly acquirer: string;
  readonly date: string;
  readonly feeCents: Cents;
  readonly adjustmentNetCents: Cents;
  readonly count: number;
}

export function accountTotals(items: readonly AccountItem[]): AccountTotal[] {
  const totals = new Map<string, AccountTotal>();
  for (const item of items) {
    const id = `${item.acquirer}|${item.date}`;
    let total = totals.get(id) ?? {
      acquirer: item.acquirer,
      date: item.date,
      feeCents: 0,
      adjustmentNetCents: 0,
      count: 0,
    };
    for (const e of item.entries) {
      const cents = e.netCents * e.occurrences.copies;
      total = {
        ...total,
        feeCents: total.feeCents + (e.role === 'FEE' ? cents : 0),
        adjustmentNetCents: total.adjustmentNetCents + (e.role === 'ADJUSTMENT' ? cents : 0),
        count: total.count + e.occurrences.copies,
      };
    }
    totals.set(id, total);
  }
  return [...totals.values()].sort(
    (a, b) => a.acquirer.localeCompare(b.acquirer) || a.date.localeCompare(b.date),
  );
}

export interface AccountStoreDeps {
  readonly ddb: Pick<DynamoDBDocumentClient, 'send'>;
  readonly tableName: string;
  readonly reasonColumns: readonly string[];
  readonly now: () => Date;
  /** Attempts per item under contention. @default 10 */
  readonly maxAttempts?: number;
}

export interface AccountStore {
  /** Applies routed records; `changed` counts the records that added or raised a contribution. */
  apply(records: readonly AccountRecord[], asOf: IsoDate): Promise<{ changed: number; writes: number }>;
  /** The items of one acquirer from `from` through `to` (dates). */
  list(acquirer: string, from: IsoDate, to: IsoDate): Promise<AccountItem[]>;
}

export function buildAccountStore(deps: AccountStoreDeps): AccountStore {
  const { ddb, tableName } = deps;

  async function applyOne(records: readonly AccountRecord[], asOf: IsoDate) {
    const place = placeOf((records[0] as AccountRecord).record);
    const Key = accountItemKey(place.acquirer, place.merchant, place.date);
    for (let attempt = 1; ; attempt += 1) {
      const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }));
      const current = Item ? fromAccountItem(Item) : { ...place, entries: [], version: 0 };
      const { item, changed } = mergeAccountItem(current, records, deps.reasonColumns, asOf);
      if (item === current) return { changed, writes: 0 };
      const condition = Item
        ? { ConditionExpression: 'version = :seen', ExpressionAttributeValues: { ':seen': current.version } }
        : { ConditionExpression: 'attribute_not_exists(pk)' };
      const next = { ...item, version: current.version + 1 };
      try {
        const stored = { ...Key, ...toAccountItem(next), updatedAt: deps.now().toISOString() };
        await ddb.send(new PutCommand({ TableName: tableName, Item: stored, ...condition }));
        return { changed, writes: attempt };
      } catch (error) {
        if (!isConditionalCheckFailed(error) || attempt >= (deps.maxAttempts ?? 10)) throw error;
      }
    }
  }

  return {
    async apply(records, asOf) {
      const groups = new Map<string, AccountRecord[]>();
      for (const routed of records) {
        const place = placeOf(routed.record);
        const id = JSON.stringify(accountItemKey(place.acquirer, place.merchant, place.date));
        groups.set(id, [...(groups.get(id) ?? []), routed]);
      }
      let changed = 0;
      let writes = 0;
      for (const group of groups.values()) {
        const result = await applyOne(group, asOf);
        changed += result.changed;
        writes += result.writes;
      }
      return { changed, writes };
    },
    async list(acquirer, from, to) {
      const items: AccountItem[] = [];
      const pages = queryPages(ddb, {
        TableName: tableName,
        ConsistentRead: true,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': accountItemKey(acquirer, '', '').pk,
          ':from': from,
          ':to': `${to}#\uffff`,
        },
      });
      for await (const page of pages) items.push(...page.map(fromAccountItem));
      return items;
    },
  };
}

interface StoredEntry {
  readonly r: AccountRole;
  readonly n: number;
  readonly t?: string;
  readonly c?: number;
  readonly o?: Record<string, number>;
  readonly e?: Record<string, string>;
  readonly sd?: boolean;
  readonly g?: string;
}

function toAccountItem(item: AccountItem): Record<string, unknown> {
  const entries = item.entries.map((e): [string, StoredEntry] => {
    const { copies, pages, edges, seam, firstReport } = e.occurrences;
    return [
      e.hash,
      {
        r: e.role,
        n: e.netCents,
        ...(e.reasonText === null ? {} : { t: e.reasonText }),
        ...(copies > 1 ? { c: copies } : {}),
        ...(Object.keys(pages).length > 0 ? { o: pages } : {}),
        ...(Object.keys(edges).length > 0 ? { e: edges } : {}),
        ...(seam ? { sd: true } : {}),
        g: firstReport,
      },
    ];
  });
  return {
    acquirer: item.acquirer,
    merchant: item.merchant,
    date: item.date,
    i: Object.fromEntries(entries),
    version: item.version,
  };
}

function fromAccountItem(stored: Record<string, unknown>): AccountItem {
  const entries = Object.entries((stored.i ?? {}) as Record<string, StoredEntry>).map(([hash, e]) => ({
    hash,
    role: e.r,
    netCents: Number(e.n),
    reasonText: e.t ?? null,
    occurrences: {
      copies: Number(e.c ?? 1),
      pages: Object.fromEntries(Object.entries(e.o ?? {}).map(([k, v]) => [k, Number(v)])),
      edges: { ...(e.e ?? {}) },
      seam: e.sd === true,
      firstReport: e.g ?? '',
    },
  }));
  return {
    acquirer: String(stored.acquirer),
    merchant: String(stored.merchant),
    date: String(stored.date),
    entries: entries.sort((a, b) => (a.hash < b.hash ? -1 : 1)),
    version: Number(stored.version),
  };
}
