/**
 * The fee-audit answer key (dataset option `feeAudit`): every receivable charged above the contract
 * among the records of a movement period, and by how much, per sale (its MDR) and per advance (its
 * fee against the contracted monthly rate), with the totals per acquirer and per acquirer and brand.
 * Sales come from what the generator meant (`overchargeCents`); advances from their own terms.
 */
import { toEpochDay } from '../../../lambdas/core/calendar';
import {
  type DataRecord,
  dayRange,
  type KindRecords,
  type Receivable,
  type Universe,
} from '../universe/dataset';
import { matchKeyFieldsOf } from '../universe/dataset-records';
import { contractAdvanceFee } from '../universe/fee-audit';

export interface FeeAuditTruthItem {
  readonly acquirer: string;
  readonly merchant: string;
  readonly saleDate: string;
  readonly nsu: string;
  readonly authorization: string;
  readonly installment: number;
  readonly brand: string;
  readonly kind: 'SALE' | 'ADVANCE';
  readonly overchargedCents: number;
}

export interface FeeAuditTruth {
  /** In match-key order, a sale before its advance. */
  readonly items: readonly FeeAuditTruthItem[];
  readonly byAcquirer: Readonly<Record<string, number>>;
  /** Keyed `acquirer|brand`. */
  readonly byAcquirerBrand: Readonly<Record<string, number>>;
}

function inRange(kind: KindRecords, fromDay: number, toDay: number): DataRecord[] {
  const [start, end] = dayRange(kind, fromDay, toDay);
  return kind.records.slice(start, end) as DataRecord[];
}

/** `toleranceCents`: overcharges up to it are no finding (recon's `feeToleranceCents`). */
export function computeFeeAuditTruth(
  universe: Universe,
  query: { readonly from: string; readonly to: string },
  toleranceCents = 1,
): FeeAuditTruth {
  const fromDay = toEpochDay(query.from);
  const toDay = toEpochDay(query.to);
  const forecast = new Set<Receivable>(
    inRange(universe.sales, fromDay, toDay).flatMap((r) => (r.code === 'A1' ? [r.receivable] : [])),
  );
  const items: FeeAuditTruthItem[] = [];
  const item = (record: DataRecord, kind: FeeAuditTruthItem['kind'], overchargedCents: number) => {
    items.push({
      ...matchKeyFieldsOf(record.receivable),
      brand: record.receivable.sale.brand,
      kind,
      overchargedCents,
    });
  };
  for (const record of inRange(universe.sales, fromDay, toDay)) {
    const over = record.receivable.overchargeCents ?? 0;
    if (record.code === 'A1' && over > toleranceCents) item(record, 'SALE', over);
  }
  for (const record of inRange(universe.financial, fromDay, toDay)) {
    // An advance is audited against its sale's contract: only with its forecast in the period.
    if (record.role?.role !== 'ADVANCE' || record.paymentDay === null || !forecast.has(record.receivable))
      continue;
    const days = record.receivable.dueDay - record.paymentDay;
    const over = record.feeCents - contractAdvanceFee(record.netCents + record.feeCents, days);
    if (over > toleranceCents) item(record, 'ADVANCE', over);
  }
  items.sort((a, b) => compareKeys(a, b) || a.kind.localeCompare(b.kind) * -1);
  const byAcquirer: Record<string, number> = {};
  const byAcquirerBrand: Record<string, number> = {};
  for (const { acquirer, brand, overchargedCents } of items) {
    byAcquirer[acquirer] = (byAcquirer[acquirer] ?? 0) + overchargedCents;
    byAcquirerBrand[`${acquirer}|${brand}`] =
      (byAcquirerBrand[`${acquirer}|${brand}`] ?? 0) + overchargedCents;
  }
  return { items, byAcquirer, byAcquirerBrand };
}

function compareKeys(a: FeeAuditTruthItem, b: FeeAuditTruthItem): number {
  const ka = JSON.stringify([a.acquirer, a.merchant, a.saleDate, a.nsu, a.authorization, a.installment]);
  const kb = JSON.stringify([b.acquirer, b.merchant, b.saleDate, b.nsu, b.authorization, b.installment]);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
