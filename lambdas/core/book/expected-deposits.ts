/**
 * The expected deposits of a range of payment dates (docs/deposits.md, "Expected deposits"), read
 * at a cost independent of the book: the live deposit cells of the totals item (book/deposit-cells.ts,
 * the same trusted read as the summary's, book/recount.ts) and, per acquirer seen in those cells,
 * one Query of its account-level items in the range (fees, unlinked adjustments). No Scan, unless
 * the kept totals cannot be trusted and are recounted, as the summary would.
 *
 * An account-level amount (FEE deducted, ADJUSTMENT − its sign; roles in `deductedRoles` only) goes
 * to the deposit of its own account that day; without one, to the acquirer's single deposit that day
 * (of the item's merchant when grouping by merchant) when there is exactly one. Otherwise, and for
 * receivable amounts whose account is '', it is returned apart, "without account", for the report.
 */

import type { AccountItem, AccountStore } from '../account-items/account-items';
import type { IsoDate } from '../calendar';
import type { DepositsConfig } from '../deposits/config';
import type { DepositPlace, ExpectedDeposits } from '../deposits/types';

export type { ExpectedDeposits, UnplacedAmount } from '../deposits/types';

import type { Cents } from '../money';
import { parseCell } from './cells';
import { DEDUCTED_KIND, depositBucket, depositPlaceOf, isDepositKind } from './deposit-cells';
import { liveCells } from './expiry';
import { type RecountDeps, trustedTotals } from './recount';

export interface ExpectedDepositsDeps extends RecountDeps {
  readonly accounts: Pick<AccountStore, 'list'>;
  readonly config: RecountDeps['config'] & { readonly deposits: DepositsConfig };
}

export interface ExpectedDepositsQuery {
  /** The business date the totals are read as of (buckets expired by then are out). */
  readonly asOf: IsoDate;
  /** Payment dates from `from` through `to`. */
  readonly from: IsoDate;
  readonly to: IsoDate;
}

interface Sums {
  readonly place: DepositPlace;
  readonly groupValues: readonly string[];
  paid: Cents;
  deducted: Cents;
}

export async function readExpectedDeposits(
  deps: ExpectedDepositsDeps,
  { asOf, from, to }: ExpectedDepositsQuery,
): Promise<ExpectedDeposits> {
  const { deposits: settings } = deps.config;
  const cells = liveCells((await trustedTotals(deps, asOf)).cells, asOf);
  const places = new Map<string, Sums>();
  const acquirers = new Set<string>();
  const sumsAt = (bucket: string): Sums => {
    let sums = places.get(bucket);
    if (sums === undefined) {
      const { groupValues, ...place } = depositPlaceOf(bucket);
      sums = { place, groupValues, paid: 0, deducted: 0 };
      places.set(bucket, sums);
    }
    return sums;
  };
  for (const [name, cents] of Object.entries(cells)) {
    const { kind, bucket } = parseCell(name);
    if (!isDepositKind(kind)) continue;
    const sums = sumsAt(bucket);
    acquirers.add(sums.place.acquirer);
    if (sums.place.paymentDate < from || sums.place.paymentDate > to) continue;
    if (kind === DEDUCTED_KIND) sums.deducted += cents;
    else sums.paid += cents;
  }
  for (const acquirer of [...acquirers].sort()) {
    for (const item of await deps.accounts.list(acquirer, from, to)) {
      placeAccountItem(item, settings, [...places.values()], sumsAt);
    }
  }
  const inRange = [...places.values()]
    .filter((s) => s.place.paymentDate >= from && s.place.paymentDate <= to)
    .filter((s) => s.paid !== 0 || s.deducted !== 0)
    .sort((a, b) => compare(a.place, b.place));
  return {
    deposits: inRange
      .filter((s) => s.place.bankAccount !== '')
      .map((s) => ({
        ...s.place,
        paidCents: s.paid,
        deductedCents: s.deducted,
        expectedCents: s.paid - s.deducted,
      })),
    withoutAccount: inRange
      .filter((s) => s.place.bankAccount === '')
      .map(({ place: { acquirer, paymentDate, group }, paid, deducted }) => ({
        acquirer,
        paymentDate,
        group,
        paidCents: paid,
        deductedCents: deducted,
      })),
  };
}

/** Each deducted entry of an account-level item onto the one deposit it can belong to, else without account. */
function placeAccountItem(
  item: AccountItem,
  settings: Pick<DepositsConfig, 'groupBy' | 'deductedRoles'>,
  known: readonly Sums[],
  sumsAt: (bucket: string) => Sums,
): void {
  const merchantAt = settings.groupBy.indexOf('merchant');
  const sameDay = known.filter(
    (s) =>
      s.place.acquirer === item.acquirer &&
      s.place.paymentDate === item.date &&
      s.place.bankAccount !== '' &&
      (merchantAt < 0 || s.groupValues[merchantAt] === item.merchant),
  );
  // The group an entry's own account makes, when an account-level item can tell it (it has no brand).
  const ownGroup = settings.groupBy.includes('brand') ? undefined : settings.groupBy.map(() => item.merchant);
  for (const entry of item.entries) {
    if (!settings.deductedRoles.includes(entry.role)) continue;
    const cents = entry.netCents * entry.occurrences.copies;
    const deducted = entry.role === 'FEE' ? cents : -cents;
    const candidates = sameDay.filter(
      (s) => entry.bankAccount === undefined || s.place.bankAccount === entry.bankAccount,
    );
    const place = { paymentDate: item.date, acquirer: item.acquirer };
    const target =
      candidates.length === 1
        ? (candidates[0] as Sums)
        : candidates.length === 0 && entry.bankAccount !== undefined && ownGroup !== undefined
          ? sumsAt(depositBucket({ ...place, bankAccount: entry.bankAccount }, ownGroup))
          : sumsAt(
              depositBucket(
                { ...place, bankAccount: '' },
                settings.groupBy.map((f) => (f === 'merchant' ? item.merchant : '')),
              ),
            );
    target.deducted += deducted;
  }
}

function compare(a: DepositPlace, b: DepositPlace): number {
  const key = (p: DepositPlace) => [p.paymentDate, p.acquirer, p.bankAccount, p.group];
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < x.length; i++) {
    if ((x[i] as string) < (y[i] as string)) return -1;
    if ((x[i] as string) > (y[i] as string)) return 1;
  }
  return 0;
}
