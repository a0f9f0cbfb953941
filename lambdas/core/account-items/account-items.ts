/**
 * Account-level items (docs/lifecycle.md): FEE records (POS rent, service fees) and
 * ADJUSTMENT records without a complete match key belong to no receivable. They are kept per
 * (acquirer, merchant, date) in one DynamoDB item each (layout: account-item-entity.ts), under the
 * same identity and exactly-once rule as receivables: a contribution per record identity, counted as
 * often as it occurs in one report (`occurrences.ts`), so a re-delivered record or a re-ingested page
 * changes nothing, whatever order the records come in.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { IsoDate } from '../calendar';
import { mapWithConcurrency } from '../concurrency';
import { mergedAccount, recordAccount, withAccount } from '../deposits/bank/record-account';
import type { CanonicalRecord } from '../ingest/records/canonical';
import { reasonTextOf } from '../ingest/records/linking';
import { directedCents } from '../ingest/records/roles';
import type { Cents } from '../money';
import { countPages, mergeOccurrences, pruneOccurrences } from '../receivables/occurrences';
import { isEarlierReadingOf } from '../receivables/reclassify';
import { conditionalWrite } from '../store/conditional';
import { queryPages } from '../store/query-pages';
import {
  type AccountEntry,
  type AccountItem,
  type AccountRole,
  accountItem,
  accountKeyOf,
  fromStoredAccountItem,
  toStoredAccountItem,
} from './account-item-entity';

export type { AccountEntry, AccountItem, AccountRole } from './account-item-entity';

/** A record routed to the account level, with its role and sign already read. */
export interface AccountRecord {
  readonly record: CanonicalRecord;
  readonly role: AccountRole;
  readonly sign: 1 | -1;
}

/** The date an account-level record is filed under; null when it has none. */
function dateOf(record: CanonicalRecord): IsoDate | null {
  return record.paymentDate ?? record.movementDate ?? record.dueDate ?? record.saleDate;
}

function placeOf(record: CanonicalRecord) {
  const date = dateOf(record);
  // The normalizer quarantines such a record (MISSING_DATE): under an empty date no period reads it.
  if (date === null) throw new Error(`account-level record ${record.recordHash} has no date`);
  return { acquirer: record.acquirer ?? '', merchant: record.merchant ?? '', date };
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
    // Stored under the identity an earlier version gave the record: the same record (ingest/records/identity.ts).
    const former = entries.find((e) => e.hash === record.formerHash);
    const merged = mergeOccurrences(existing?.occurrences, countPages(group.map((g) => g.record)));
    // The account is outside the identity: kept by a rule that ignores the order (record-account.ts).
    const account = group.map((g) => recordAccount(g.record)).reduce(mergedAccount, existing?.bankAccount);
    const netCents = directedCents(role, record.netCents, sign);
    // A changed role or sign (the settings changed, then a re-run) re-reads the entry in place.
    const reread = existing !== undefined && (existing.role !== role || existing.netCents !== netCents);
    const same = existing && !reread && merged === existing.occurrences && account === existing.bankAccount;
    if (same && former === undefined) continue;
    if (!existing || reread || merged.copies > existing.occurrences.copies) changed += group.length;
    const entry: AccountEntry = {
      hash,
      role,
      netCents,
      reasonText: existing?.reasonText ?? reasonTextOf(record, reasonColumns),
      occurrences: pruneOccurrences(merged, asOf),
      ...withAccount(account),
    };
    entries = [...entries.filter((e) => e.hash !== hash && e !== former), entry].sort((a, b) =>
      a.hash < b.hash ? -1 : 1,
    );
  }
  const same = entries.length === current.entries.length && entries.every((e, i) => e === current.entries[i]);
  return { item: same ? current : { ...current, entries }, changed };
}

/**
 * The item without the entries of records the settings now read elsewhere (a receivable's role, or
 * IGNORE): each entry of the record's identity (or former identity) that another report brought.
 * Within the record's own report, an entry of the same identity is another record, never this one.
 */
function releasedAccountItem(current: AccountItem, records: readonly AccountRecord[]) {
  const entries = current.entries.filter((e) => !records.some(({ record }) => isEarlierReadingOf(record, e)));
  return { item: entries.length === current.entries.length ? current : { ...current, entries }, changed: 0 };
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
  /** Items written side by side (each item's records stay one read-merge-write). @default 16 */
  readonly concurrency?: number;
}

export interface AccountStore {
  /** Applies routed records; `changed` counts the records that added or raised a contribution. */
  apply(records: readonly AccountRecord[], asOf: IsoDate): Promise<{ changed: number; writes: number }>;
  /**
   * Takes out of their items the records the settings no longer read at the account level (a
   * change of roles, then a re-run): counted by their receivable now, or by nothing. Records
   * without a date never had an item and are left alone.
   */
  release(records: readonly CanonicalRecord[]): Promise<{ writes: number }>;
  /** The items of one acquirer from `from` through `to` (dates). */
  list(acquirer: string, from: IsoDate, to: IsoDate): Promise<AccountItem[]>;
}

export function buildAccountStore(deps: AccountStoreDeps): AccountStore {
  const { ddb, tableName } = deps;

  type Change = (current: AccountItem) => { item: AccountItem; changed: number };

  /** One item's read-change-write, retried when another writer got there first. */
  async function updateOne(records: readonly AccountRecord[], change: Change) {
    const place = placeOf((records[0] as AccountRecord).record);
    const Key = accountKeyOf(place);
    for (let attempt = 1; ; attempt += 1) {
      const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }));
      const current = Item ? fromStoredAccountItem(Item) : { ...place, entries: [], version: 0 };
      const { item, changed } = change(current);
      if (item === current) return { changed, writes: 0 };
      const condition = Item
        ? { ConditionExpression: 'version = :seen', ExpressionAttributeValues: { ':seen': current.version } }
        : { ConditionExpression: 'attribute_not_exists(pk)' };
      const stored = toStoredAccountItem({ ...item, version: current.version + 1 }, deps.now().toISOString());
      const put = new PutCommand({ TableName: tableName, Item: stored, ...condition });
      if ((await conditionalWrite(ddb.send(put))) !== undefined) return { changed, writes: attempt };
      if (attempt >= (deps.maxAttempts ?? 10))
        throw new Error(`account item ${Key.pk} ${Key.sk}: too much contention`);
    }
  }

  /** Each item's records through `change`, items side by side. */
  async function updateEach(records: readonly AccountRecord[], change: (group: AccountRecord[]) => Change) {
    const groups = new Map<string, AccountRecord[]>();
    for (const routed of records) {
      const { pk, sk } = accountKeyOf(placeOf(routed.record));
      const id = `${pk}\n${sk}`;
      groups.set(id, [...(groups.get(id) ?? []), routed]);
    }
    const results = await mapWithConcurrency([...groups.values()], deps.concurrency ?? 16, (group) =>
      updateOne(group, change(group)),
    );
    return results.reduce((sum, r) => ({ changed: sum.changed + r.changed, writes: sum.writes + r.writes }), {
      changed: 0,
      writes: 0,
    });
  }

  return {
    apply: (records, asOf) =>
      updateEach(records, (group) => (current) => mergeAccountItem(current, group, deps.reasonColumns, asOf)),
    async release(records) {
      const dated = records.filter((record) => dateOf(record) !== null);
      // The role is not read by a release: only the record's identity and place are.
      const routed = dated.map((record): AccountRecord => ({ record, role: 'FEE', sign: 1 }));
      const { writes } = await updateEach(
        routed,
        (group) => (current) => releasedAccountItem(current, group),
      );
      return { writes };
    },
    async list(acquirer, from, to) {
      const items: AccountItem[] = [];
      const pages = queryPages(ddb, {
        TableName: tableName,
        ConsistentRead: true,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': accountItem.pk(acquirer), ':from': from, ':to': `${to}#\uffff` },
      });
      for await (const page of pages) items.push(...page.map(fromStoredAccountItem));
      return items;
    },
  };
}
