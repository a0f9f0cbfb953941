/**
 * The bank transactions taken in (docs/deposits.md): one item per (posted date, account, shard)
 * holding a map identity → transaction (bank-entity.ts). Applying is a union by identity, written
 * with a version check, so importing a file again, an overlapping file, or files in any order leaves
 * the same set; `new` counts the identities stored for the first time.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, type IsoDate } from '../../calendar';
import { mapWithConcurrency } from '../../concurrency';
import { conditionalWrite } from '../../store/conditional';
import { queryPages } from '../../store/query-pages';
import {
  bankTransactions,
  fromStored,
  keptOf,
  placeOf,
  type StoredTransaction,
  toStored,
} from './bank-entity';
import type { IdentifiedTransaction } from './identity';

export interface BankStoreDeps {
  readonly ddb: Pick<DynamoDBDocumentClient, 'send'>;
  readonly tableName: string;
  readonly now: () => Date;
  /** Attempts per item under contention. @default 10 */
  readonly maxAttempts?: number;
  /** Items written side by side. @default 8 */
  readonly concurrency?: number;
}

export interface BankStore {
  /** Adds transactions not stored yet; `new` counts them. */
  apply(transactions: readonly IdentifiedTransaction[]): Promise<{ new: number }>;
  /** Every stored transaction posted from `from` through `to` (one Query per date), debits included. */
  list(from: IsoDate, to: IsoDate): Promise<IdentifiedTransaction[]>;
}

export function buildBankStore(deps: BankStoreDeps): BankStore {
  const { ddb, tableName } = deps;

  async function applyOne(group: readonly IdentifiedTransaction[]): Promise<number> {
    const place = placeOf(group[0] as IdentifiedTransaction);
    const Key = bankTransactions.key(place.postedDate, place);
    for (let attempt = 1; ; attempt += 1) {
      const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }));
      const current = Item ? bankTransactions.parse(Item, Key) : undefined;
      const map: Record<string, StoredTransaction> = { ...(current?.t ?? {}) };
      let added = 0;
      let changed = false;
      for (const t of group) {
        const stored = toStored(t);
        const existing = map[t.identity];
        const kept = existing ? keptOf(existing, stored) : stored;
        if (!existing) added += 1;
        if (kept !== existing) {
          map[t.identity] = kept;
          changed = true;
        }
      }
      if (!changed) return 0;
      const version = (current?.version ?? 0) + 1;
      const condition = current
        ? { ConditionExpression: 'version = :seen', ExpressionAttributeValues: { ':seen': current.version } }
        : { ConditionExpression: 'attribute_not_exists(pk)' };
      const item = bankTransactions.item(Key, {
        bankAccount: place.bankAccount,
        postedDate: place.postedDate,
        t: map,
        version,
        updatedAt: deps.now().toISOString(),
      });
      const put = new PutCommand({ TableName: tableName, Item: item, ...condition });
      if ((await conditionalWrite(ddb.send(put))) !== undefined) return added;
      if (attempt >= (deps.maxAttempts ?? 10))
        throw new Error(`bank transactions ${Key.pk} ${Key.sk}: too much contention`);
    }
  }

  return {
    async apply(transactions) {
      const groups = new Map<string, IdentifiedTransaction[]>();
      for (const t of transactions) {
        const { pk, sk } = bankTransactions.key(t.postedDate, placeOf(t));
        const id = `${pk}\n${sk}`;
        groups.set(id, [...(groups.get(id) ?? []), t]);
      }
      const added = await mapWithConcurrency([...groups.values()], deps.concurrency ?? 8, applyOne);
      return { new: added.reduce((a, b) => a + b, 0) };
    },
    async list(from, to) {
      const found: IdentifiedTransaction[] = [];
      for (let date = from; date <= to; date = addDays(date, 1)) {
        const pages = queryPages(ddb, {
          TableName: tableName,
          ConsistentRead: true,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': bankTransactions.pk(date) },
        });
        for await (const page of pages) {
          for (const raw of page) {
            const item = bankTransactions.parse(raw);
            for (const [identity, s] of Object.entries(item.t))
              found.push(
                fromStored({ postedDate: item.postedDate, bankAccount: item.bankAccount }, identity, s),
              );
          }
        }
      }
      return found.sort(
        (a, b) =>
          a.postedDate.localeCompare(b.postedDate) ||
          a.bankAccount.localeCompare(b.bankAccount) ||
          a.identity.localeCompare(b.identity),
      );
    },
  };
}
