/**
 * The lifecycle answer key (dataset option `lifecycle`): every receivable's state, reason and amounts
 * under LIFECYCLE semantics, and the account-level totals, for the records reported in a
 * movement period. It reads what the generator meant each record to be (its `role`), never the
 * rendered text. A1 and D1 count as in `ground-truth.ts` (corrected amounts included); records
 * without a role (the meaningless codes of a dataset without `lifecycle`) count nowhere, so there the
 * states are exactly the A1/D1 answer key's.
 */
import { fromEpochDay, toEpochDay } from '../../../lambdas/core/calendar';
import type {
  AccountTotals,
  GroundTruthQuery,
  LifecycleReason,
  LifecycleState,
  LifecycleTruth,
} from '../types';
import { type Corrections, correctedRecord, NO_CORRECTIONS } from '../universe/corrections';
import { type DataRecord, dayRange, type Receivable, type Universe } from '../universe/dataset';
import { matchKeyFieldsOf } from '../universe/dataset-records';
import { allowedDifference, keyOf } from './ground-truth';

interface Life {
  receivable: Receivable;
  forecast: number | null;
  /** What D1s paid. */
  paid: number;
  /** What advances paid early. */
  advanced: number;
  payments: number;
  advances: number;
  cancelled: number;
  chargebacks: number;
  reversals: number;
  adjustment: number;
  advanceFee: number;
  latestChargebackDay: number | null;
}

const newLife = (receivable: Receivable): Life => ({
  receivable,
  forecast: null,
  paid: 0,
  advanced: 0,
  payments: 0,
  advances: 0,
  cancelled: 0,
  chargebacks: 0,
  reversals: 0,
  adjustment: 0,
  advanceFee: 0,
  latestChargebackDay: null,
});

type Verdict = { state: LifecycleState; reason: LifecycleReason };

/** docs/lifecycle.md's states, evaluated in its order. */
function verdictOf(
  life: Life,
  amounts: { expected: number; received: number; paidTwice: boolean },
  query: GroundTruthQuery,
): Verdict {
  const tolerance = query.tolerance ?? { absoluteCents: 0, percent: 0 };
  const money = life.payments + life.advances > 0;
  const chargedBack = life.chargebacks - life.reversals;
  if (life.forecast === null && chargedBack > 0)
    return { state: 'CHARGED_BACK', reason: 'CHARGEBACK_WITHOUT_SALE' };
  if (life.forecast === null && !money) {
    if (life.chargebacks + life.reversals > 0)
      return { state: 'UNLINKED', reason: 'CHARGEBACK_WITHOUT_SALE' };
    if (life.cancelled > 0) return { state: 'UNLINKED', reason: 'CANCELLATION_WITHOUT_SALE' };
    return { state: 'UNLINKED', reason: 'ADJUSTMENT_WITHOUT_SALE' };
  }
  if (life.forecast === null) return { state: 'UNEXPECTED', reason: 'NO_FORECAST' };
  if (chargedBack > 0) return { state: 'CHARGED_BACK', reason: 'CHARGEBACK' };
  const allowed = allowedDifference(amounts.expected, tolerance);
  if (life.cancelled > 0 && amounts.expected <= allowed) {
    return { state: 'CANCELLED', reason: money ? 'CANCELLED_AFTER_PAYMENT' : 'CANCELLED_BEFORE_PAYMENT' };
  }
  if (money) {
    const difference = amounts.received + life.advanceFee - amounts.expected;
    if (Math.abs(difference) <= allowed) {
      if (life.advances > 0)
        return { state: 'ADVANCED', reason: amounts.paidTwice ? 'ADVANCE_AND_PAYMENT' : 'ADVANCE' };
      if (life.cancelled > 0) return { state: 'SETTLED', reason: 'PARTLY_CANCELLED' };
      if (difference !== 0) return { state: 'SETTLED', reason: 'WITHIN_TOLERANCE' };
      return { state: 'SETTLED', reason: life.payments > 1 ? 'PARTIAL_PAYMENTS' : 'EXACT' };
    }
    const review = amounts.paidTwice ? 'ADVANCE_AND_PAYMENT' : undefined;
    return difference < 0
      ? { state: 'UNDERPAID', reason: review ?? 'SHORT_PAYMENT' }
      : { state: 'OVERPAID', reason: review ?? 'OVER_PAYMENT' };
  }
  return toEpochDay(query.asOf) <= life.receivable.dueDay + query.graceDays
    ? { state: 'OPEN', reason: 'AWAITING_PAYMENT' }
    : { state: 'OVERDUE', reason: 'PAST_DUE' };
}

/** Adds one record's meaning to its receivable's life (a keyless one goes to `account`). */
function apply(life: Life, record: DataRecord): void {
  if (record.code === 'A1') life.forecast = record.netCents;
  else if (record.code === 'D1') {
    life.paid += record.netCents;
    life.payments++;
  }
  const role = record.role;
  if (!role) return;
  if (role.role === 'CANCELLATION') life.cancelled += role.cents;
  else if (role.role === 'CHARGEBACK_REVERSAL') life.reversals += role.cents;
  else if (role.role === 'ADJUSTMENT') life.adjustment += role.cents;
  else if (role.role === 'CHARGEBACK') {
    life.chargebacks += role.cents;
    life.latestChargebackDay = Math.max(life.latestChargebackDay ?? 0, record.paymentDay as number);
  } else if (role.role === 'ADVANCE') {
    life.advanced += role.cents;
    life.advanceFee += record.feeCents;
    life.advances++;
  }
}

function addTo(totals: AccountTotals, record: DataRecord): void {
  const cents = record.role?.cents ?? 0;
  if (record.role?.role === 'FEE') totals.feeCents += cents;
  else totals.adjustmentCents += cents;
  totals.netCents = totals.adjustmentCents - totals.feeCents;
  totals.items++;
}

const emptyTotals = (): AccountTotals => ({ feeCents: 0, adjustmentCents: 0, netCents: 0, items: 0 });

function accountTotalsOf(
  items: readonly DataRecord[],
): Pick<LifecycleTruth, 'accountTotals' | 'acquirerTotals'> {
  const byDay = new Map<string, AccountTotals & { acquirer: string; merchant: string; date: string }>();
  const byAcquirer = new Map<string, AccountTotals & { acquirer: string }>();
  for (const item of items) {
    const { acquirer, merchant } = item.receivable.sale;
    const date = fromEpochDay(item.paymentDay as number);
    const key = `${acquirer}|${merchant}|${date}`;
    const day = byDay.get(key) ?? { acquirer, merchant, date, ...emptyTotals() };
    const whole = byAcquirer.get(acquirer) ?? { acquirer, ...emptyTotals() };
    addTo(day, item);
    addTo(whole, item);
    byDay.set(key, day);
    byAcquirer.set(acquirer, whole);
  }
  const sorted = <T>(map: Map<string, T>) => [...map.keys()].sort().map((key) => map.get(key) as T);
  return { accountTotals: sorted(byDay), acquirerTotals: sorted(byAcquirer) };
}

export function computeLifecycleTruth(
  universe: Universe,
  query: GroundTruthQuery,
  latest: { readonly seed: number; readonly corrections: Corrections } = {
    seed: 0,
    corrections: NO_CORRECTIONS,
  },
): LifecycleTruth {
  const lives = new Map<string, Life>();
  const items: DataRecord[] = [];
  for (const kind of ['sales', 'financial'] as const) {
    const [start, end] = dayRange(universe[kind], toEpochDay(query.from), toEpochDay(query.to));
    for (let i = start; i < end; i++) {
      const record = correctedRecord(
        universe,
        latest.seed,
        universe[kind].records[i] as DataRecord,
        latest.corrections,
      );
      // An account-level item without any date is quarantined (MISSING_DATE): in no total.
      if (record.role?.accountLevel) {
        if (record.paymentDay !== null) items.push(record);
      } else if (
        record.code === 'A1' ||
        record.code === 'D1' ||
        (record.role && record.role.role !== 'IGNORE')
      ) {
        const key = keyOf(record.receivable);
        const life = lives.get(key) ?? newLife(record.receivable);
        apply(life, record);
        lives.set(key, life);
      }
    }
  }
  const receivables = [...lives.keys()].sort().map((key) => {
    const life = lives.get(key) as Life;
    const chargedBack = life.chargebacks - life.reversals;
    // An advance that covers the whole installment leaves nothing for its D1 to pay: set aside.
    const owed = (life.forecast ?? 0) - life.cancelled + life.adjustment;
    const paidTwice =
      life.forecast !== null &&
      life.payments > 0 &&
      life.advances > 0 &&
      life.advanced + life.advanceFee >= owed;
    const settled = (paidTwice ? 0 : life.paid) + life.advanced;
    // Charged back on a sale never seen: what was paid stands for the unknown forecast.
    const basis = life.forecast ?? (chargedBack > 0 ? settled : 0);
    const expected = basis - life.cancelled + life.adjustment;
    const received = settled - chargedBack;
    return {
      ...matchKeyFieldsOf(life.receivable),
      ...verdictOf(life, { expected, received, paidTwice }, query),
      forecastNetCents: life.forecast,
      cancelledNetCents: life.cancelled,
      chargedBackNetCents: chargedBack,
      adjustmentNetCents: life.adjustment,
      advanceFeeCents: life.advanceFee,
      expectedNetCents: expected,
      receivedNetCents: received,
      settledNetCents: settled,
      differenceCents: received + life.advanceFee - expected,
      dueDate: fromEpochDay(life.receivable.dueDay),
      latestChargebackDate: life.latestChargebackDay === null ? null : fromEpochDay(life.latestChargebackDay),
    };
  });
  return { receivables, ...accountTotalsOf(items) };
}
