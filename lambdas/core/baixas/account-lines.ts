/**
 * The ERP export's account-level lines (docs/erp-export.md, "Account fees and adjustments"): what an
 * acquirer debited or credited to the account and not to a sale, rent and service fees (`ACCOUNT_FEE`,
 * a debit, positive) and adjustments no sale claims (`ACCOUNT_ADJUSTMENT`, signed). Their items are
 * written by the matcher without a posted baseline and never reach the touched log, so the summary,
 * which reads the run's acquirers' items over the run's period for its fees section anyway, posts
 * them against a dated ledger (dated-ledger.ts), as the deposits are: NEW once, REVERSAL and NEW when
 * an amount changes (a copy found, a correction), REVERSAL alone when an item is gone. An item filed
 * outside the run's period waits for a run that covers its date; an item without a date is not posted.
 */
import type { FeeItem } from '../account-items/period-fees';
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';
import { buildDatedLedger, type PostedAmounts, postedOf } from './dated-ledger';
import { type BaixaLine, type LineComponent, type LineKind, lineId, movementLines } from './lines';
import { type BaixasStoreDeps, buildBaixasStore } from './store';

export const ACCOUNT_LEDGER_PREFIX = 'exports/baixas-ledger/account-items/';

const COMPONENT: Record<FeeItem['role'], LineComponent> = {
  FEE: 'ACCOUNT_FEE',
  ADJUSTMENT: 'ACCOUNT_ADJUSTMENT',
};

/** What a line is of: the acquirer, its date, the merchant, the role and the acquirer's reason. */
const identityOf = (i: FeeItem) => [i.acquirer, i.date, i.merchant, i.role, i.reasonText ?? ''].join('|');
const acquirerOf = (identity: string) => identity.split('|')[0] ?? '';

/** The items' amounts by identity (copies and twins of one identity summed). */
function amountsOf(items: readonly FeeItem[]): Record<string, Cents> {
  const sums: Record<string, Cents> = {};
  for (const i of items) sums[identityOf(i)] = (sums[identityOf(i)] ?? 0) + i.amountCents;
  return Object.fromEntries(Object.entries(sums).filter(([, cents]) => cents !== 0));
}

/** The lines of `night` for one date: per identity, what its amount moved from `posted`. */
export function accountLinesOf(
  night: IsoDate,
  posted: PostedAmounts,
  items: readonly FeeItem[],
): BaixaLine[] {
  const now = amountsOf(items);
  const byIdentity = new Map(items.map((i) => [identityOf(i), i]));
  const identities = [...new Set([...Object.keys(posted), ...Object.keys(now)])].sort();
  return identities.flatMap((identity) => {
    const [acquirer, date, merchant, role, reason] = identity.split('|') as [
      string,
      string,
      string,
      string,
      string,
    ];
    const old = posted[identity] ?? 0;
    const amount = now[identity] ?? 0;
    const component = COMPONENT[(byIdentity.get(identity)?.role ?? role) as FeeItem['role']];
    const line = (kind: LineKind, amountCents: Cents): BaixaLine => ({
      id: lineId(identity, component, night, kind),
      night,
      kind,
      component,
      amountCents,
      receivableKey: null,
      depositKey: null,
      bankAccount: null,
      acquirer,
      merchant,
      saleDate: null,
      nsu: null,
      authorization: null,
      installment: null,
      brand: null,
      dueDate: date,
      paymentDate: date,
      status: null,
      reason: reason === '' ? null : reason,
      breakId: null,
      breakKind: null,
      matchedWith: null,
    });
    return movementLines(old, amount, line);
  });
}

/** What the summary read: the run's acquirers' items over its period. */
export interface AccountNight {
  readonly night: IsoDate;
  readonly acquirers: readonly string[];
  readonly range: { readonly from: IsoDate; readonly to: IsoDate };
  readonly items: readonly FeeItem[];
}

/**
 * Writes the night's account lines (`part-account-items.jsonl`), then the ledger of every date with
 * anything posted or to post. Only the acquirers read are compared: another acquirer's posted amounts
 * are carried over as they are, and the night's lines of dates or acquirers outside what was read
 * (an earlier run of the same night) are kept. The part goes first, as the deposits' does.
 */
export function buildAccountLinesExport(deps: BaixasStoreDeps) {
  const store = buildBaixasStore(deps);
  const ledger = buildDatedLedger(deps, ACCOUNT_LEDGER_PREFIX);
  return async ({ night, acquirers, range, items }: AccountNight): Promise<number> => {
    const read = new Set(acquirers);
    const entries = await ledger.readRange(range);
    const byDate = new Map<IsoDate, FeeItem[]>();
    for (const i of items) if (i.date !== '') byDate.set(i.date, [...(byDate.get(i.date) ?? []), i]);
    const dates = [...new Set([...entries.keys(), ...byDate.keys()])].sort();
    const ledgers = dates.map((date) => {
      const entry = entries.get(date);
      const posted = postedOf(entry, night);
      const ours = Object.fromEntries(Object.entries(posted).filter(([id]) => read.has(acquirerOf(id))));
      // An acquirer not read tonight stands as the last export left it (an earlier run of this night included).
      const others = Object.entries(entry?.after ?? {}).filter(([id]) => !read.has(acquirerOf(id)));
      const dated = byDate.get(date) ?? [];
      const after = { ...Object.fromEntries(others), ...amountsOf(dated) };
      return { date, entry: { night, before: posted, after }, lines: accountLinesOf(night, ours, dated) };
    });
    const outside = (line: BaixaLine) =>
      !read.has(line.acquirer ?? '') || (line.dueDate ?? '') < range.from || (line.dueDate ?? '') > range.to;
    const kept = (await store.partLines(night, 'account-items')).filter(outside);
    const fresh = ledgers.flatMap((l) => l.lines);
    await store.write(night, 'account-items', [...kept, ...fresh]);
    await ledger.write(ledgers);
    return fresh.length;
  };
}
