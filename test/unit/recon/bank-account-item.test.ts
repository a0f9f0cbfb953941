import { describe, expect, it } from 'vitest';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import {
  fromItem,
  type Receivable,
  type ReceivableItem,
  toItem,
} from '../../../lambdas/core/receivables/item';
import { applyRecords } from '../../../lambdas/core/receivables/matcher';
import { explain } from '../../../lambdas/core/receivables/status';
import { itemBytes } from '../../support/item-bytes';
import { canonical, hexHash, reconConfig, saleKey } from '../../support/recon-records';

const config = reconConfig({ recordRoles: { E1: 'CHARGEBACK', F1: 'ADVANCE' } });
const key = saleKey(99_999, 12);
const BANK = { code: '0341', branch: '1234-5', account: '0012345-6' };

function stored(records: readonly CanonicalRecord[]): Receivable {
  const { receivable } = applyRecords(undefined, records, config);
  if (!receivable) throw new Error('no receivable');
  const { status, reason } = explain(receivable, '2025-04-10', config);
  return {
    ...receivable,
    status,
    reason,
    version: 3,
    changedOn: '2025-04-10',
    updatedAt: '2025-04-10T09:00:00.000Z',
  };
}

const a1 = canonical({ type: 'A1', key, hash: hexHash('f'), netCents: 1_234_567, dueDate: '2025-04-01' });
const d1 = (bank?: typeof BANK) =>
  canonical({ type: 'D1', key, hash: hexHash('s'), netCents: 1_234_567, paymentDate: '2025-04-01', bank });
const e1 = (bank?: typeof BANK) =>
  canonical({ type: 'E1', key, hash: hexHash('k'), netCents: 5_000, paymentDate: '2025-04-08', bank });

/** The item with every `a` removed: what the same records made before bank accounts were kept. */
function withoutAccounts(item: ReceivableItem): ReceivableItem {
  return JSON.parse(JSON.stringify(item, (name, value) => (name === 'a' ? undefined : value)));
}

describe('bank account on a receivable item', () => {
  it('stores `a` on the settlement and on a money-moving event, and reads it back', () => {
    const receivable = stored([a1, d1(BANK), e1(BANK)]);
    const item = toItem(receivable);
    expect((item.s as Record<string, { a?: string }>)[hexHash('s')]?.a).toBe('341/1234/123456');
    expect((item.k as Record<string, { a?: string }>)[hexHash('k')]?.a).toBe('341/1234/123456');
    expect((item.f as Record<string, { a?: string }>)[hexHash('f')]?.a).toBeUndefined();
    expect(fromItem(JSON.parse(JSON.stringify(item)) as ReceivableItem)).toEqual(receivable);
  });

  it('leaves an item whose records name no account byte for byte as before', () => {
    const plain = toItem(stored([a1, d1(), e1()]));
    expect(JSON.stringify(plain)).not.toMatch(/"a":/);
    expect(JSON.stringify(plain)).toBe(
      JSON.stringify(withoutAccounts(toItem(stored([a1, d1(BANK), e1(BANK)])))),
    );
  });

  it('keeps one account per identity whatever order two deliveries naming different accounts arrive in', () => {
    const other = { ...BANK, account: '99' };
    const oneWay = applyRecords(
      applyRecords(undefined, [a1, d1(other)], config).receivable,
      [d1(BANK)],
      config,
    );
    const otherWay = applyRecords(
      applyRecords(undefined, [a1, d1(BANK)], config).receivable,
      [d1(other)],
      config,
    );
    expect(oneWay.receivable).toEqual(otherWay.receivable);
    expect(oneWay.receivable?.settlements[0]?.bankAccount).toBe('341/1234/123456');
    // A later delivery naming the account of a settlement stored without one adds it (no copy counted).
    const late = applyRecords(applyRecords(undefined, [a1, d1()], config).receivable, [d1(BANK)], config);
    expect(late.changed).toBe(0);
    expect(late.receivable?.settlements[0]?.bankAccount).toBe('341/1234/123456');
  });

  it('costs a few bytes: an A1 + D1 receivable with bank fields stays far under one write unit', () => {
    const before = itemBytes(toItem(stored([a1, d1()])));
    const after = itemBytes(toItem(stored([a1, d1(BANK)])));
    // `a` + "341/1234/123456": 1 + 15 + 1 bytes.
    expect(after - before).toBe(17);
    expect(after).toBeLessThan(700);
  });
});
