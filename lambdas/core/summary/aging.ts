/**
 * Aging buckets of money still unpaid (OPEN and OVERDUE forecasts), by days past the due date as of
 * the run's business date: the "how late is what we are owed" view finance asks for every morning.
 */
import { daysBetween, type IsoDate } from '../calendar';
import type { AgingBucket, SummaryReceivable } from './types';

const BUCKETS: readonly Pick<AgingBucket, 'minDays' | 'maxDays'>[] = [
  { minDays: null, maxDays: 0 },
  { minDays: 1, maxDays: 30 },
  { minDays: 31, maxDays: 60 },
  { minDays: 61, maxDays: 90 },
  { minDays: 91, maxDays: null },
];

const UNPAID_STATES = new Set(['OPEN', 'OVERDUE']);

/** Index into the bucket list for a number of days past due (zero or negative = not yet due). */
export function agingBucketIndex(daysPastDue: number): number {
  return BUCKETS.findIndex(
    (b) =>
      (b.minDays === null || daysPastDue >= b.minDays) && (b.maxDays === null || daysPastDue <= b.maxDays),
  );
}

/** Unpaid money due on one date (null: no due date, counted as not yet due). */
export interface UnpaidOnDate {
  readonly dueDate: IsoDate | null;
  readonly count: number;
  readonly amountCents: number;
}

/** Accumulates unpaid money by due date into buckets as of `asOf`. */
export function bucketsOf(unpaid: Iterable<UnpaidOnDate>, asOf: IsoDate): AgingBucket[] {
  const counts = BUCKETS.map(() => ({ count: 0, amountCents: 0 }));
  for (const u of unpaid) {
    const late = u.dueDate === null ? 0 : daysBetween(u.dueDate, asOf);
    const slot = counts[agingBucketIndex(late)];
    if (!slot) continue;
    slot.count += u.count;
    slot.amountCents += u.amountCents;
  }
  return BUCKETS.map((b, i) => ({
    ...b,
    count: counts[i]?.count ?? 0,
    amountCents: counts[i]?.amountCents ?? 0,
  }));
}

/** Accumulates unpaid receivables into buckets; receivables without a due date count as not yet due. */
export function buildAgingBuckets(receivables: Iterable<SummaryReceivable>, asOf: IsoDate): AgingBucket[] {
  return bucketsOf(unpaidOf(receivables), asOf);
}

function* unpaidOf(receivables: Iterable<SummaryReceivable>): Generator<UnpaidOnDate> {
  for (const r of receivables) {
    if (UNPAID_STATES.has(r.status)) {
      yield { dueDate: r.dueDate, count: 1, amountCents: r.forecastNetCents ?? 0 };
    }
  }
}
