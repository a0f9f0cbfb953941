/**
 * The account-level item's key and schema (docs/lifecycle.md; its use: account-items.ts).
 *
 * | attribute | holds |
 * |-----------|-------|
 * | `pk` / `sk` | `ACCT#<acquirer>` / `<date>#<merchant>`: one partition per acquirer, sorted by date then merchant (a period of one acquirer is one Query) |
 * | `acquirer`, `merchant`, `date` | the item's account and day (the record's payment, else movement date) |
 * | `i` | map identity → `{ r: role, n: centavos (a FEE's magnitude, an ADJUSTMENT signed), t?: reason text, c?, o?, e?, sd?, g?, a?: bank account id (deposits/bank/record-account.ts) }` |
 * | `version` | +1 on every write; the optimistic-lock token |
 */
import { z } from 'zod';
import type { IsoDate } from '../calendar';
import { withAccount } from '../deposits/bank/record-account';
import type { Cents } from '../money';
import type { Occurrences } from '../receivables/occurrences';
import { defineEntity } from '../store/entity';

export type AccountRole = 'FEE' | 'ADJUSTMENT';

export interface AccountEntry {
  readonly hash: string;
  readonly role: AccountRole;
  /** A FEE's magnitude (a debit); an ADJUSTMENT's signed amount. */
  readonly netCents: Cents;
  /** The source's reason text (`recordReasonColumns`), when it gives one. */
  readonly reasonText: string | null;
  readonly occurrences: Occurrences;
  /** The bank account the amount is taken from or added to, when the record names one (`a`). */
  readonly bankAccount?: string;
}

export interface AccountItem {
  readonly acquirer: string;
  readonly merchant: string;
  /** '' when the record carries no date at all. */
  readonly date: IsoDate | '';
  readonly entries: readonly AccountEntry[];
  readonly version: number;
}

/** An entry as stored: copies, page counts and edges omitted at their defaults (see occurrences.ts). */
const storedEntry = z.object({
  r: z.enum(['FEE', 'ADJUSTMENT']),
  n: z.number(),
  t: z.string().optional(),
  c: z.number().optional(),
  o: z.record(z.string(), z.number()).optional(),
  e: z.record(z.string(), z.string()).optional(),
  sd: z.boolean().optional(),
  g: z.string().optional(),
  a: z.string().optional(),
});

type StoredEntry = z.input<typeof storedEntry>;

export const accountItem = defineEntity({
  name: 'accountItem',
  partition: (acquirer: string) => [acquirer],
  sort: ({ date, merchant }: { date: string; merchant: string }) => `${date}#${merchant}`,
  schema: z.object({
    acquirer: z.string(),
    merchant: z.string(),
    date: z.string(),
    i: z.record(z.string(), storedEntry),
    version: z.number(),
    updatedAt: z.string(),
  }),
});

/** The key of the item holding `place`'s records. */
export function accountKeyOf(place: { acquirer: string; merchant: string; date: string }) {
  return accountItem.key(place.acquirer, place);
}

export function toStoredAccountItem(item: AccountItem, updatedAt: string) {
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
        ...(e.bankAccount === undefined ? {} : { a: e.bankAccount }),
      },
    ];
  });
  return accountItem.item(accountKeyOf(item), {
    acquirer: item.acquirer,
    merchant: item.merchant,
    date: item.date,
    i: Object.fromEntries(entries),
    version: item.version,
    updatedAt,
  });
}

export function fromStoredAccountItem(stored: Record<string, unknown>): AccountItem {
  const parsed = accountItem.parse(stored);
  const entries = Object.entries(parsed.i).map(([hash, e]) => ({
    hash,
    role: e.r,
    netCents: e.n,
    reasonText: e.t ?? null,
    occurrences: {
      copies: e.c ?? 1,
      pages: { ...(e.o ?? {}) },
      edges: { ...(e.e ?? {}) },
      seam: e.sd === true,
      firstReport: e.g ?? '',
    },
    ...withAccount(e.a),
  }));
  return {
    acquirer: parsed.acquirer,
    merchant: parsed.merchant,
    date: parsed.date as IsoDate | '',
    entries: entries.sort((a, b) => (a.hash < b.hash ? -1 : 1)),
    version: parsed.version,
  };
}
