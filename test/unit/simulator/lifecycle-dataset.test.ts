import { describe, expect, it } from 'vitest';
import { generateUniverse } from '../../../local/simulator/universe/dataset';
import type { DataRecord, Receivable } from '../../../local/simulator/universe/dataset-records';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator/universe/roles';

const spec = { seed: 42, sales: 400, from: '2025-01-01', to: '2025-03-31' };
const plain = generateUniverse(spec);
const universe = generateUniverse({ ...spec, lifecycle: true });
const all = [...universe.sales.records, ...universe.financial.records];
const keyOf = (r: Receivable) =>
  [r.sale.acquirer, r.sale.merchant, r.sale.saleDay, r.sale.nsu, r.sale.authorization, r.installment].join(
    '|',
  );
const byKey = new Map<string, DataRecord[]>();
for (const record of all) {
  if (!record.role?.accountLevel)
    byKey.set(keyOf(record.receivable), [...(byKey.get(keyOf(record.receivable)) ?? []), record]);
}
const recordsOf = (record: DataRecord, code: string) =>
  (byKey.get(keyOf(record.receivable)) ?? []).filter((r) => r.code === code);
const entries = (entryType: string) => all.filter((r) => r.code === 'E1' && r.role?.entryType === entryType);

/** A small reading of the simulator's code assignment: codes, then the column rule (numbers without zeros). */
function roleOf(record: DataRecord): string {
  const rule = SIMULATOR_RECORD_ROLES[record.code as keyof typeof SIMULATOR_RECORD_ROLES];
  if (typeof rule === 'string') return rule;
  const value = String(Number(record.role?.entryType));
  const named = Object.entries(rule.values).find(([key]) => String(Number(key)) === value);
  return named ? named[1] : rule.default;
}

describe('lifecycle dataset (option lifecycle)', () => {
  it('leaves every A1 as it is and only re-amounts or removes the D1s of the receivables it chose', () => {
    const a1 = (u: typeof plain) => u.sales.records.filter((r) => r.code === 'A1');
    expect(a1(universe)).toEqual(a1(plain));
    const id = (r: DataRecord) => JSON.stringify([keyOf(r.receivable), r.netCents, r.feeCents, r.day]);
    const kept = new Map<string, number>();
    for (const d1 of universe.financial.records.filter((r) => r.code === 'D1'))
      kept.set(id(d1), (kept.get(id(d1)) ?? 0) + 1);
    const changed = plain.financial.records.filter((r) => {
      if (r.code !== 'D1') return false;
      const left = kept.get(id(r)) ?? 0;
      kept.set(id(r), left - 1);
      return left === 0;
    });
    expect(changed.length).toBeGreaterThan(0);
    for (const d1 of changed) {
      const roles = recordsOf(d1, 'A2').length + recordsOf(d1, 'E1').length + recordsOf(d1, 'F1').length;
      expect(roles).toBeGreaterThan(0);
    }
    const moved = [...kept.values()].filter((n) => n > 0).length;
    expect(moved).toBe(changed.filter((d1) => recordsOf(d1, 'F1').length === 0).length);
  });

  it('gives every record of A2, A3, E1, F1 and G1 the role the code assignment gives it', () => {
    const roleRecords = all.filter((r) => r.code !== 'A1' && r.code !== 'D1');
    expect(roleRecords.every((r) => r.role !== undefined)).toBe(true);
    for (const record of roleRecords) expect(roleOf(record)).toBe(record.role?.role);
    expect(new Set(roleRecords.map((r) => r.role?.role))).toEqual(
      new Set([
        'CANCELLATION',
        'CHARGEBACK',
        'CHARGEBACK_REVERSAL',
        'ADVANCE',
        'ADJUSTMENT',
        'FEE',
        'IGNORE',
      ]),
    );
  });

  it('cancels with A2 in full (never paid) and in part (the rest paid), some reported before their A1', () => {
    const a2 = all.filter((r) => r.code === 'A2');
    const full = a2.filter((r) => r.netCents === r.receivable.netCents && recordsOf(r, 'A1').length === 1);
    expect(full.length).toBeGreaterThan(5);
    for (const r of full) expect(recordsOf(r, 'D1')).toEqual([]);
    const partial = a2.filter((r) => r.netCents < r.receivable.netCents);
    expect(partial.length).toBeGreaterThan(5);
    for (const r of partial)
      expect(recordsOf(r, 'D1').map((d) => d.netCents)).toEqual([r.receivable.netCents - r.netCents]);
    const early = a2.filter((r) => recordsOf(r, 'A1').some((a1) => a1.day > r.day));
    const sameDay = a2.filter((r) => recordsOf(r, 'A1').some((a1) => a1.day === r.day));
    expect(early.length).toBeGreaterThan(0);
    expect(sameDay.length).toBeGreaterThan(0);
  });

  it('cancels after payment (E1 06), charges back (08) and reverses some chargebacks (09) later', () => {
    for (const cancel of entries('06')) {
      const [paid] = recordsOf(cancel, 'D1');
      expect(cancel.role?.cents).toBe(paid?.netCents);
      expect(cancel.day).toBeGreaterThan(paid?.day as number);
    }
    const chargebacks = entries('08').filter((r) => recordsOf(r, 'D1').length === 1);
    const reversed = chargebacks.filter((r) => recordsOf(r, 'E1').some((e) => e.role?.entryType === '09'));
    expect(entries('06').length).toBeGreaterThan(5);
    expect(reversed.length).toBeGreaterThan(0);
    expect(chargebacks.length - reversed.length).toBeGreaterThan(0);
    for (const charged of reversed) {
      const reversal = recordsOf(charged, 'E1').find((e) => e.role?.entryType === '09') as DataRecord;
      expect(reversal.day).toBeGreaterThan(charged.day);
      expect(reversal.role?.cents).toBe(charged.role?.cents);
    }
    expect(entries('08').some((r) => r.netCents < 0)).toBe(true);
    const orphan = entries('08').filter(
      (r) => recordsOf(r, 'A1').length === 0 && recordsOf(r, 'D1').length === 0,
    );
    expect(orphan.length).toBeGreaterThan(0);
  });

  it('advances an installment with F1: paid before its due date, the fee in VLTAXA, instead of its D1', () => {
    const advances = all.filter((r) => r.code === 'F1');
    expect(advances.length).toBeGreaterThan(5);
    for (const f1 of advances) {
      expect(f1.paymentDay as number).toBeLessThan(f1.receivable.dueDay);
      expect(f1.feeCents).toBeGreaterThan(0);
      expect(f1.netCents + f1.feeCents).toBe(f1.receivable.netCents);
      expect(recordsOf(f1, 'D1')).toEqual([]);
    }
  });

  it('adjusts with unsigned amounts, the direction in SINAL and a reason; some without a sale key', () => {
    const adjustments = all.filter((r) => r.role?.role === 'ADJUSTMENT');
    const negative = new Set<string>(SIMULATOR_RECORD_SIGN.negative);
    for (const r of adjustments) {
      expect(r.netCents).toBeGreaterThan(0);
      expect(r.role?.cents).toBe(negative.has(r.role?.sign as string) ? -r.netCents : r.netCents);
      expect(r.role?.reason).toMatch(/AJUSTE|DIFERENCA/);
    }
    expect(new Set(adjustments.map((r) => r.role?.sign))).toEqual(new Set(['C', 'D', '+', '-']));
    const keyless = adjustments.filter((r) => r.role?.accountLevel);
    expect(keyless.length).toBeGreaterThan(0);
    for (const r of adjustments.filter((a) => !a.role?.accountLevel)) {
      const [paid] = recordsOf(r, 'D1');
      expect(paid?.netCents).toBe(r.receivable.netCents + (r.role?.cents as number));
    }
  });

  it('charges POS rent and service fees as negative G1s without a sale key, some twice on one day', () => {
    const fees = all.filter((r) => r.code === 'G1');
    for (const fee of fees) {
      expect(fee.role).toMatchObject({ role: 'FEE', accountLevel: true });
      expect(fee.netCents).toBe(-(fee.role?.cents as number));
      expect(fee.netCents).toBeLessThan(0);
    }
    expect(fees.filter((f) => f.role?.reason === 'ALUGUEL POS').length).toBeGreaterThan(5);
    const seen = new Map<string, number>();
    for (const f of fees) {
      const id = JSON.stringify({ ...f, receivable: f.receivable.sale });
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    expect([...seen.values()].some((n) => n === 2)).toBe(true);
  });

  it('is the same for the same seed and another for another seed', () => {
    const again = generateUniverse({ ...spec, lifecycle: true });
    const shape = (u: typeof universe) => u.financial.records.map((r) => [r.code, r.netCents, r.day, r.role]);
    expect(shape(again)).toEqual(shape(universe));
    expect(shape(generateUniverse({ ...spec, seed: 43, lifecycle: true }))).not.toEqual(shape(universe));
  });
});
