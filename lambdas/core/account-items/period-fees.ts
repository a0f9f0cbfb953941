/**
 * The fees and debits of the run's period (docs/lifecycle.md, account-level items): totals per
 * acquirer and the largest items. Read per acquirer over the period's dates (the items are
 * partitioned by acquirer and sorted by date), for the acquirers the run's records named: never the
 * whole book.
 */

import type { IsoDate } from '../calendar';
import type { Cents } from '../money';
import { type AccountItem, accountTotals } from './account-items';

/** One acquirer's account-level items in the run's period. */
export interface AcquirerFees {
  readonly acquirer: string;
  /** Fees (rent, service fees): debits, positive. */
  readonly feeCents: Cents;
  /** Unlinked adjustments, signed (negative = a debit). */
  readonly adjustmentNetCents: Cents;
  /** Records counted (twins count twice). */
  readonly count: number;
}

/** One account-level record (its copies together), as the report names it. */
export interface FeeItem {
  readonly acquirer: string;
  readonly merchant: string;
  readonly date: IsoDate | '';
  readonly role: 'FEE' | 'ADJUSTMENT';
  /** A fee's debit (positive) or an adjustment's signed amount, times its copies. */
  readonly amountCents: Cents;
  readonly reasonText: string | null;
}

/** The fees and debits of the run's period: totals per acquirer and the largest items. */
export interface PeriodFees {
  readonly byAcquirer: readonly AcquirerFees[];
  readonly largest: readonly FeeItem[];
  /**
   * Every entry, ordered as `largest`: the full CSV list beside the report. The period's entries of
   * the run's acquirers, already read to find the largest. Absent in summaries written before it.
   */
  readonly items?: readonly FeeItem[];
}

/** Which account-level items the summary reads: the run's acquirers over its period, on its night. */
export interface FeesQuery {
  readonly acquirers: readonly string[];
  readonly from: IsoDate;
  readonly to: IsoDate;
  /** The run's business date: the night the ERP export posts what the items moved (baixas/account-lines.ts). */
  readonly asOf: IsoDate;
}

/** Largest account-level items named in the report; the rest are in the lake. */
export const TOP_FEE_ITEMS = 5;

/** Largest debit first: a fee's amount, or an adjustment's magnitude; ties in a stable order. */
function compareFeeItems(a: FeeItem, b: FeeItem): number {
  const stake = (i: FeeItem) => (i.role === 'FEE' ? i.amountCents : Math.abs(i.amountCents));
  const id = (i: FeeItem) => `${i.acquirer}|${i.date}|${i.merchant}|${i.role}|${i.reasonText ?? ''}`;
  return stake(b) - stake(a) || id(a).localeCompare(id(b));
}

/** The period's fees from the account items of its acquirers and dates. */
export function periodFees(items: readonly AccountItem[], limit = TOP_FEE_ITEMS): PeriodFees {
  const byAcquirer = new Map<string, AcquirerFees>();
  for (const t of accountTotals(items)) {
    const seen = byAcquirer.get(t.acquirer) ?? {
      acquirer: t.acquirer,
      feeCents: 0,
      adjustmentNetCents: 0,
      count: 0,
    };
    byAcquirer.set(t.acquirer, {
      acquirer: t.acquirer,
      feeCents: seen.feeCents + t.feeCents,
      adjustmentNetCents: seen.adjustmentNetCents + t.adjustmentNetCents,
      count: seen.count + t.count,
    });
  }
  const all = items.flatMap((item) =>
    item.entries.map(
      (e): FeeItem => ({
        acquirer: item.acquirer,
        merchant: item.merchant,
        date: item.date,
        role: e.role,
        amountCents: e.netCents * e.occurrences.copies,
        reasonText: e.reasonText,
      }),
    ),
  );
  return {
    byAcquirer: [...byAcquirer.values()].sort((a, b) => a.acquirer.localeCompare(b.acquirer)),
    largest: all.sort(compareFeeItems).slice(0, limit),
    items: all,
  };
}

/** How the period's account items of one acquirer are read (the account store's `list`). */
export type ListAccountItems = (acquirer: string, from: IsoDate, to: IsoDate) => Promise<AccountItem[]>;

/** Reads the period's items of each acquirer (one Query each) and sums them. */
export function buildFeesReader(list: ListAccountItems): (query: FeesQuery) => Promise<PeriodFees> {
  return async ({ acquirers, from, to }) => {
    const items = await Promise.all(acquirers.map((acquirer) => list(acquirer, from, to)));
    return periodFees(items.flat());
  };
}
