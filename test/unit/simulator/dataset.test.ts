import { describe, expect, it } from 'vitest';
import { generateUniverse } from '../../../local/simulator/universe/dataset';

const universe = generateUniverse({ seed: 42, sales: 400, from: '2025-01-01', to: '2025-03-31' });
const a1 = universe.sales.records.filter((r) => r.code === 'A1');
const d1 = universe.financial.records.filter((r) => r.code === 'D1');
const keyOf = (r: (typeof a1)[number]['receivable']) =>
  [r.sale.acquirer, r.sale.merchant, r.sale.saleDay, r.sale.nsu, r.sale.authorization, r.installment].join(
    '|',
  );

describe('simulated dataset', () => {
  it('pays some receivables in equal twins: two D1s alike in every field, on one day', () => {
    const byRecord = new Map<string, number>();
    for (const r of d1) {
      const key = [keyOf(r.receivable), r.netCents, r.feeCents, r.grossCents, r.paymentDay].join('|');
      byRecord.set(key, (byRecord.get(key) ?? 0) + 1);
    }
    const twins = [...byRecord.values()].filter((n) => n === 2).length;
    expect(twins).toBeGreaterThan(10);
    expect([...byRecord.values()].every((n) => n <= 2)).toBe(true);
  });

  it('keeps the full match key unique while NSU and authorization repeat', () => {
    expect(new Set(a1.map((r) => keyOf(r.receivable))).size).toBe(a1.length);
    const sales = [...new Set(a1.map((r) => r.receivable.sale))];
    const byNsu = new Map<string, Set<string>>();
    for (const s of sales)
      byNsu.set(s.nsu, (byNsu.get(s.nsu) ?? new Set()).add(`${s.acquirer}|${s.saleDay}`));
    expect([...byNsu.values()].some((set) => set.size > 1)).toBe(true);
    const pairs = new Set(sales.map((s) => `${s.nsu}|${s.authorization}`));
    expect(pairs.size).toBeLessThan(sales.length);
  });

  it('splits each sale into installments due 30 days apart, remainder on the first, net = gross - fee', () => {
    for (const { receivable: r } of a1) {
      expect(r.netCents).toBe(r.grossCents - r.feeCents);
      expect(r.dueDay).toBe(r.sale.saleDay + 30 * r.installment);
      expect(r.installment).toBeLessThanOrEqual(r.sale.installments);
    }
    const multi = a1.find((r) => r.receivable.sale.installments > 1 && r.receivable.installment === 2);
    const first = a1.find(
      (r) => r.receivable.sale === multi?.receivable.sale && r.receivable.installment === 1,
    );
    expect(first?.grossCents).toBeGreaterThanOrEqual(multi?.grossCents ?? Number.POSITIVE_INFINITY);
  });

  it('settles with the documented mix: exact, short, over, split, missing and unexpected', () => {
    const settledBy = new Map<string, number[]>();
    for (const r of d1)
      settledBy.set(keyOf(r.receivable), [...(settledBy.get(keyOf(r.receivable)) ?? []), r.netCents]);
    const kinds = { exact: 0, short: 0, over: 0, split: 0, missing: 0 };
    for (const { receivable: r } of a1) {
      const nets = settledBy.get(keyOf(r));
      const sum = nets?.reduce((a, b) => a + b, 0);
      if (!nets) kinds.missing++;
      else if (nets.length > 1) {
        expect(sum).toBe(r.netCents);
        kinds.split++;
      } else if (sum === r.netCents) kinds.exact++;
      else if ((sum as number) < r.netCents) kinds.short++;
      else kinds.over++;
    }
    expect(kinds.exact / a1.length).toBeGreaterThan(0.6);
    for (const count of Object.values(kinds)) expect(count).toBeGreaterThan(0);
    const forecast = new Set(a1.map((r) => keyOf(r.receivable)));
    expect(d1.filter((r) => !forecast.has(keyOf(r.receivable))).length).toBeGreaterThan(0);
    for (const r of d1) expect((r.paymentDay ?? -1) - r.receivable.dueDay).toBeGreaterThanOrEqual(0);
  });

  it('includes the other record codes and sorts each kind by reporting day', () => {
    const codes = (records: typeof a1) => new Set(records.map((r) => r.code));
    expect(codes([...universe.sales.records])).toEqual(new Set(['A1', 'A2', 'A3']));
    expect(codes([...universe.financial.records])).toEqual(new Set(['D1', 'E1', 'F1', 'G1']));
    const days = [...universe.financial.days];
    expect(days).toEqual([...days].sort((a, b) => a - b));
  });

  it('is the same for the same seed', () => {
    const again = generateUniverse({ seed: 42, sales: 400, from: '2025-01-01', to: '2025-03-31' });
    expect(again.financial.records.map((r) => r.netCents)).toEqual(
      universe.financial.records.map((r) => r.netCents),
    );
  });
});
