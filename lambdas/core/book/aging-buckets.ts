/**
 * Aging of money still unpaid (OPEN and OVERDUE forecasts) as of the run's business date: the "how
 * late is what we are owed" view finance asks for every morning. Late means past grace, as on the
 * late card: OPEN money already due but within its grace days has its own line, never mixed into
 * the late buckets, which split OVERDUE money by days past the due date.
 */
import { daysBetween, type IsoDate } from '../calendar';
import type { AgingBucket, SummaryReceivable } from './types';

const BUCKETS: readonly Pick<AgingBucket, 'kind' | 'minDays' | 'maxDays'>[] = [
  { kind: 'notDue', minDays: null, maxDays: 0 },
  { kind: 'withinGrace', minDays: 1, maxDays: null },
  { kind: 'late', minDays: 1, maxDays: 30 },
  { kind: 'late', minDays: 31, maxDays: 60 },
  { kind: 'late', minDays: 61, maxDays: 90 },
  { kind: 'late', minDays: 91, maxDays: null },
];

/** The unpaid states; OVERDUE is the late one (past grace). */
const UNPAID_STATES = new Set(['OPEN', 'OVERDUE']);

/**
 * Index into the bucket list for unpaid money in `state` (OPEN or OVERDUE) a number of days past
 * due. OPEN money is not late whatever the days; OVERDUE money is at least in the first late bucket.
 */
export function agingBucketIndex(state: string, daysPastDue: number): number {
  if (state !== 'OVERDUE') return daysPastDue <= 0 ? 0 : 1;
  const days = Math.max(1, daysPastDue);
  return BUCKETS.findIndex(
    (b) =>
      b.kind === 'late' &&
      (b.minDays === null || days >= b.minDays) &&
      (b.maxDays === null || days <= b.maxDays),
  );
}

/** Unpaid money due on one date in one state (dueDate null: no due date, counted as not yet due). */
export interface UnpaidOnDate {
  readonly state: string;
  readonly dueDate: IsoDate | null;
  readonly count: number;
  readonly amountCents: number;
}

/** Accumulates unpaid money by state and due date into buckets as of `asOf`. */
export function bucketsOf(unpaid: Iterable<UnpaidOnDate>, asOf: IsoDate): AgingBucket[] {
  const counts = BUCKETS.map(() => ({ count: 0, amountCents: 0 }));
  for (const u of unpaid) {
    const days = u.dueDate === null ? 0 : daysBetween(u.dueDate, asOf);
    const slot = counts[agingBucketIndex(u.state, days)];
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
      yield { state: r.status, dueDate: r.dueDate, count: 1, amountCents: r.forecastNetCents ?? 0 };
    }
  }
}
