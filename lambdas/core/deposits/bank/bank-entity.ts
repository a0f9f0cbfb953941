/**
 * The stored bank transactions' key and schema (docs/deposits.md; their use: bank-store.ts).
 *
 * | attribute | holds |
 * |-----------|-------|
 * | `pk` / `sk` | `BANK#<posted date>` / `<bank account>#<shard>`: a day's transactions of every account are one Query |
 * | `t` | map identity → `{ a: centavos (debits negative), m: memo, f?: FITID, y: TRNTYPE }` |
 * | `version` | +1 on every write; the optimistic-lock token |
 *
 * The shard is the identity's first hex digit: one (day, account) spreads over at most 16 items, so a
 * day of thousands of credits (PIX) stays far below DynamoDB's 400 KB per item, and a day's Query
 * reads them all the same.
 */
import { z } from 'zod';
import type { IsoDate } from '../../calendar';
import { defineEntity } from '../../store/entity';
import type { IdentifiedTransaction } from './identity';

const storedTransaction = z.object({
  a: z.number().int(),
  m: z.string(),
  f: z.string().optional(),
  y: z.string(),
});
export type StoredTransaction = z.output<typeof storedTransaction>;

export const bankTransactions = defineEntity({
  name: 'bankTransactions',
  partition: (postedDate: IsoDate) => [postedDate],
  sort: ({ bankAccount, shard }: { bankAccount: string; shard: string }) => `${bankAccount}#${shard}`,
  schema: z.object({
    bankAccount: z.string(),
    postedDate: z.string(),
    t: z.record(z.string(), storedTransaction),
    version: z.number(),
    updatedAt: z.string(),
  }),
});

/** The item a transaction belongs in. */
export function placeOf(t: Pick<IdentifiedTransaction, 'bankAccount' | 'postedDate' | 'identity'>) {
  return { postedDate: t.postedDate, bankAccount: t.bankAccount, shard: t.identity.charAt(1) };
}

export function toStored(t: IdentifiedTransaction): StoredTransaction {
  return { a: t.amountCents, m: t.memo, ...(t.fitid === null ? {} : { f: t.fitid }), y: t.type };
}

export function fromStored(
  place: { postedDate: IsoDate; bankAccount: string },
  identity: string,
  s: StoredTransaction,
): IdentifiedTransaction {
  return { ...place, identity, amountCents: s.a, memo: s.m, fitid: s.f ?? null, type: s.y };
}

/**
 * Of two stored forms of one identity, the one kept: the smaller serialization. A `fitid` identity
 * may come back with another memo in a later export; keeping the smaller one (not the first or the
 * last written) makes the stored set the same whatever order the files are imported in.
 */
export function keptOf(a: StoredTransaction, b: StoredTransaction): StoredTransaction {
  return JSON.stringify(b) < JSON.stringify(a) ? b : a;
}
