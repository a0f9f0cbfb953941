/**
 * Corrected amounts (faults `correctedForecasts`, `correctedPayments`, `correctedChargebacks`): a
 * report generated while the knob is on shows a seeded fifth of the receivables with an amount
 * corrected by {@link CORRECTION_CENTS} less than earlier reports showed: their A1, or their D1 when
 * it is the only one (a payment re-sent with another amount); and every chargeback (a lifecycle
 * record restated). The later report's amount is the right one, so the answer keys use the corrected
 * amounts while the knob is on.
 */
import type { DataRecord, Receivable, Universe } from './dataset';
import { rngFor } from './random';
import type { SimulatorFaults } from './types';

const CORRECTION_CENTS = 100;

/** Share of receivables whose amounts a correcting report changes. */
const CORRECTED_SHARE = 0.2;

export interface Corrections {
  readonly forecasts: boolean;
  readonly payments: boolean;
  readonly chargebacks: boolean;
}

export const NO_CORRECTIONS: Corrections = { forecasts: false, payments: false, chargebacks: false };

/** The corrections the knobs ask for now. */
export function correctionsOf(
  faults: Pick<SimulatorFaults, 'correctedForecasts' | 'correctedPayments' | 'correctedChargebacks'>,
): Corrections {
  return {
    forecasts: faults.correctedForecasts,
    payments: faults.correctedPayments,
    chargebacks: faults.correctedChargebacks,
  };
}

/** The records a correcting report changes, found once per universe. */
const plans = new WeakMap<Universe, ReadonlySet<DataRecord>>();

function correctable(universe: Universe, seed: number): ReadonlySet<DataRecord> {
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
  const set = new Set<DataRecord>();
  for (const record of universe.sales.records)
    if (record.code === 'A1' && chosen(record, 'A1')) set.add(record);
  // Chargebacks are few: every one is restated, so any period that holds one shows the case.
  for (const record of universe.financial.records)
    if (record.role?.role === 'CHARGEBACK' && record.role.cents > CORRECTION_CENTS) set.add(record);
  for (const [, records] of payments) {
    const only = records[0] as DataRecord;
    if (records.length === 1 && chosen(only, 'D1')) set.add(only);
  }
  plans.set(universe, set);
  return set;
}

/** The record as a report under `corrections` shows it. */
export function correctedRecord(
  universe: Universe,
  seed: number,
  record: DataRecord,
  corrections: Corrections,
): DataRecord {
  const applies =
    record.code === 'A1'
      ? corrections.forecasts
      : record.code === 'D1'
        ? corrections.payments
        : record.role?.role === 'CHARGEBACK' && corrections.chargebacks;
  if (!applies || !correctable(universe, seed).has(record)) return record;
  // A chargeback is a magnitude, written negative now and then: its written amount moves toward zero.
  const less = record.netCents < 0 ? -CORRECTION_CENTS : CORRECTION_CENTS;
  return {
    ...record,
    netCents: record.netCents - less,
    grossCents: record.grossCents - less,
    ...(record.role ? { role: { ...record.role, cents: record.role.cents - CORRECTION_CENTS } } : {}),
  };
}
