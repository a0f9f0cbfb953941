/**
 * Corrected amounts (faults `correctedForecasts`, `correctedPayments`, `correctedTwins`,
 * `correctedChargebacks`): a report generated while the knob is on shows a seeded fifth of the
 * receivables with an amount corrected by {@link CORRECTION_CENTS} less than earlier reports showed:
 * their A1, or their D1 when it is the only one (a payment re-sent with another amount); the second of
 * every pair of equal twin payments (two payments of one report, one of them restated: no report ever
 * holds "35,00 twice and 34,00"); and every chargeback (a lifecycle record restated). The later
 * report's amount is the right one, so the answer keys use the corrected amounts while the knob is on.
 */

import type { SimulatorFaults } from '../types';
import type { DataRecord, Receivable, Universe } from './dataset';
import { rngFor } from './random';

const CORRECTION_CENTS = 100;

/** Share of receivables whose amounts a correcting report changes. */
const CORRECTED_SHARE = 0.2;

export interface Corrections {
  readonly forecasts: boolean;
  readonly payments: boolean;
  readonly twins: boolean;
  readonly chargebacks: boolean;
}

export const NO_CORRECTIONS: Corrections = {
  forecasts: false,
  payments: false,
  twins: false,
  chargebacks: false,
};

/** The corrections the knobs ask for now. */
export function correctionsOf(
  faults: Pick<
    SimulatorFaults,
    'correctedForecasts' | 'correctedPayments' | 'correctedTwins' | 'correctedChargebacks'
  >,
): Corrections {
  return {
    forecasts: faults.correctedForecasts,
    payments: faults.correctedPayments,
    twins: faults.correctedTwins,
    chargebacks: faults.correctedChargebacks,
  };
}

/** The records a correcting report changes, each with the knob that changes it, found once per universe. */
const plans = new WeakMap<Universe, ReadonlyMap<DataRecord, keyof Corrections>>();

/** Two payments of one receivable alike in amount and day: equal twins. */
const areTwins = (records: readonly DataRecord[]): boolean =>
  records.length === 2 &&
  records[0]?.netCents === records[1]?.netCents &&
  records[0]?.day === records[1]?.day;

function correctable(universe: Universe, seed: number): ReadonlyMap<DataRecord, keyof Corrections> {
  const known = plans.get(universe);
  if (known) return known;
  const payments = new Map<Receivable, DataRecord[]>();
  for (const record of universe.financial.records) {
    if (record.code === 'D1')
      payments.set(record.receivable, [...(payments.get(record.receivable) ?? []), record]);
  }
  const chosen = (record: DataRecord, kind: string) => {
    const { sale, installment } = record.receivable;
    const dice = rngFor(
      seed,
      'correction',
      kind,
      sale.acquirer,
      sale.merchant,
      sale.saleDay,
      sale.nsu,
      installment,
    );
    return record.netCents > CORRECTION_CENTS && dice() < CORRECTED_SHARE;
  };
  const plan = new Map<DataRecord, keyof Corrections>();
  for (const record of universe.sales.records)
    if (record.code === 'A1' && chosen(record, 'A1')) plan.set(record, 'forecasts');
  // Chargebacks and twins are few: every one is restated, so any period that holds one shows the case.
  for (const record of universe.financial.records)
    if (record.role?.role === 'CHARGEBACK' && record.role.cents > CORRECTION_CENTS)
      plan.set(record, 'chargebacks');
  for (const [, records] of payments) {
    const only = records[0] as DataRecord;
    if (records.length === 1 && chosen(only, 'D1')) plan.set(only, 'payments');
    const second = records[1] as DataRecord;
    if (areTwins(records) && second.netCents > CORRECTION_CENTS) plan.set(second, 'twins');
  }
  plans.set(universe, plan);
  return plan;
}

/** The record as a report under `corrections` shows it. */
export function correctedRecord(
  universe: Universe,
  seed: number,
  record: DataRecord,
  corrections: Corrections,
): DataRecord {
  const knob = correctable(universe, seed).get(record);
  if (knob === undefined || !corrections[knob]) return record;
  // A chargeback is a magnitude, written negative now and then: its written amount moves toward zero.
  const less = record.netCents < 0 ? -CORRECTION_CENTS : CORRECTION_CENTS;
  return {
    ...record,
    netCents: record.netCents - less,
    grossCents: record.grossCents - less,
    ...(record.role ? { role: { ...record.role, cents: record.role.cents - CORRECTION_CENTS } } : {}),
  };
}
