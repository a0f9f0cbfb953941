/**
 * The answer key: what recon's matcher must conclude for a movement period, computed straight from the
 * clean records (malformed entries belong to no receivable), independently of any parsing.
 *
 * Tolerance rule (the matcher must use the same): with forecast F and settled S (centavos),
 *   allowed = max(absoluteCents, floor(F * round(percent * 100) / 10000))
 * i.e. percent is taken to two decimals and the relative part is computed in integers. |S - F| <= allowed
 * is SETTLED; otherwise S < F is UNDERPAID and S > F is OVERPAID. A forecast without settlement is OPEN
 * while asOf <= dueDate + graceDays, OVERDUE after; a settlement without forecast is UNEXPECTED.
 *
 * Corrected amounts (`corrections.ts`): while a correction knob is on, the latest reports show the
 * corrected amounts and a later report's amount supersedes an earlier one, so the key uses them.
 */
import { fromEpochDay, toEpochDay } from '../../../lambdas/core/calendar';
import type { ExpectedReceivable, GroundTruthQuery, ReceivableStatus } from '../types';
import { type Corrections, correctedRecord, NO_CORRECTIONS } from '../universe/corrections';
import {
  type DataRecord,
  dayRange,
  type KindRecords,
  type Receivable,
  type Universe,
} from '../universe/dataset';
import { matchKeyFieldsOf } from '../universe/dataset-records';

interface Entry {
  receivable: Receivable;
  forecast: number | null;
  settled: number;
  settlements: number;
  dueDay: number;
}

export function keyOf(r: Receivable): string {
  const { sale } = r;
  return [sale.acquirer, sale.merchant, sale.saleDay, sale.nsu, sale.authorization, r.installment].join('|');
}

function* recordsOf(kind: KindRecords, code: string, fromDay: number, toDay: number): Generator<DataRecord> {
  const [start, end] = dayRange(kind, fromDay, toDay);
  for (let i = start; i < end; i++) {
    const record = kind.records[i] as DataRecord;
    if (record.code === code) yield record;
  }
}

export function allowedDifference(
  forecast: number,
  tolerance: { absoluteCents: number; percent: number },
): number {
  return Math.max(
    tolerance.absoluteCents,
    Math.floor((forecast * Math.round(tolerance.percent * 100)) / 10_000),
  );
}

function statusOf(entry: Entry, query: GroundTruthQuery): ReceivableStatus {
  if (entry.forecast === null) return 'UNEXPECTED';
  if (entry.settlements === 0) {
    return toEpochDay(query.asOf) <= entry.dueDay + query.graceDays ? 'OPEN' : 'OVERDUE';
  }
  const diff = entry.settled - entry.forecast;
  if (
    Math.abs(diff) <= allowedDifference(entry.forecast, query.tolerance ?? { absoluteCents: 0, percent: 0 })
  ) {
    return 'SETTLED';
  }
  return diff < 0 ? 'UNDERPAID' : 'OVERPAID';
}

export function computeGroundTruth(
  universe: Universe,
  query: GroundTruthQuery,
  latest: { readonly seed: number; readonly corrections: Corrections } = {
    seed: 0,
    corrections: NO_CORRECTIONS,
  },
): ExpectedReceivable[] {
  const fromDay = toEpochDay(query.from);
  const toDay = toEpochDay(query.to);
  const entries = new Map<string, Entry>();
  const shown = (record: DataRecord) => correctedRecord(universe, latest.seed, record, latest.corrections);
  for (const stored of recordsOf(universe.sales, 'A1', fromDay, toDay)) {
    const a1 = shown(stored);
    const r = a1.receivable;
    entries.set(keyOf(r), {
      receivable: r,
      forecast: a1.netCents,
      settled: 0,
      settlements: 0,
      dueDay: r.dueDay,
    });
  }
  for (const stored of recordsOf(universe.financial, 'D1', fromDay, toDay)) {
    const d1 = shown(stored);
    const key = keyOf(d1.receivable);
    const entry = entries.get(key) ?? {
      receivable: d1.receivable,
      forecast: null,
      settled: 0,
      settlements: 0,
      dueDay: d1.receivable.dueDay,
    };
    entry.settled += d1.netCents;
    entry.settlements += 1;
    entries.set(key, entry);
  }
  return [...entries.keys()].sort().map((key) => {
    const entry = entries.get(key) as Entry;
    return {
      ...matchKeyFieldsOf(entry.receivable),
      status: statusOf(entry, query),
      forecastNetCents: entry.forecast,
      settledNetCents: entry.settled,
      dueDate: fromEpochDay(entry.dueDay),
    };
  });
}
