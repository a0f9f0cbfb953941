import { describe, expect, it } from 'vitest';
import type { CanonicalRecord, RecordCode } from '../../../lambdas/core/ingest/records/canonical';
import { fromItem, toItem } from '../../../lambdas/core/receivables/item';
import { applyRecords, linkedRoleOf } from '../../../lambdas/core/receivables/matcher';
import { explain } from '../../../lambdas/core/receivables/status';
import { canonical, forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig({
  recordRoles: {
    A2: 'CANCELLATION',
    E1: { column: 'TIPO', values: { '8': 'CHARGEBACK', '9': 'CHARGEBACK_REVERSAL' }, default: 'ADJUSTMENT' },
    F1: 'ADVANCE',
    G1: 'FEE',
  },
  recordSign: { columns: ['SINAL'] },
});
const key = saleKey(1);
const record = (type: RecordCode, hash: string, netCents: number, extra: Record<string, unknown> = {}) => ({
  ...canonical({ type, key, hash, netCents, paymentDate: '2025-04-05' }),
  extra,
});

describe('linking', () => {
  it('links keyed roles to the receivable; fees and placeholder-keyed adjustments stay account-level', () => {
    expect(linkedRoleOf(record('A2', 'c', -500), config)).toEqual({ role: 'CANCELLATION', sign: 1 });
    expect(linkedRoleOf(record('E1', 'j', 500, { SINAL: 'D' }), config)).toEqual({
      role: 'ADJUSTMENT',
      sign: -1,
    });
    expect(linkedRoleOf(record('G1', 'g', -990), config)).toBeUndefined();
    const placeholder = { ...record('E1', 'p', 500), nsu: '0' };
    expect(linkedRoleOf(placeholder, config)).toBeUndefined();
    // Without roles configured only A1 and D1 take part, as before.
    expect(linkedRoleOf(record('A2', 'c', 500), reconConfig())).toBeUndefined();
  });
});

function content(records: readonly CanonicalRecord[]) {
  const { receivable } = applyRecords(undefined, records, config);
  if (!receivable) throw new Error('no receivable');
  return receivable;
}

describe('states', () => {
  const asOf = '2025-04-20';

  it('lists records without a sale with their own reason: chargeback before cancellation before adjustment', () => {
    const reasonOf = (records: CanonicalRecord[]) => explain(content(records), asOf, config);
    expect(reasonOf([record('E1', 'j', 500), record('A2', 'c', 500)])).toMatchObject({
      status: 'UNLINKED',
      reason: 'CANCELLATION_WITHOUT_SALE',
    });
    expect(reasonOf([record('A2', 'c', 500), record('E1', 'r', 500, { TIPO: '09' })]).reason).toBe(
      'CHARGEBACK_WITHOUT_SALE',
    );
    expect(reasonOf([record('E1', 'j', 500)]).reason).toBe('ADJUSTMENT_WITHOUT_SALE');
  });

  it('shows a chargeback with its date, and goes back to what the payments say once reversed', () => {
    const paid = [forecast(key, 'f', 10_000), settlement(key, 's', 10_000)];
    const chargeback = record('E1', 'k', -10_000, { TIPO: '08' });
    expect(explain(content([...paid, chargeback]), asOf, config)).toMatchObject({
      status: 'CHARGED_BACK',
      reason: 'CHARGEBACK',
      chargedBackNetCents: 10_000,
      receivedNetCents: 0,
      lastChargebackDate: '2025-04-05',
    });
    const reversal = record('E1', 'r', 10_000, { TIPO: '9' });
    expect(explain(content([...paid, chargeback, reversal]), asOf, config)).toMatchObject({
      status: 'SETTLED',
      reason: 'EXACT',
      chargedBackNetCents: 0,
    });
  });

  it('cancelled in full after payment is CANCELLED, the acquirer owing a debit', () => {
    const records = [forecast(key, 'f', 10_000), settlement(key, 's', 10_000), record('A2', 'c', 10_000)];
    expect(explain(content(records), asOf, config)).toMatchObject({
      status: 'CANCELLED',
      reason: 'CANCELLED_AFTER_PAYMENT',
      expectedNetCents: 0,
      differenceCents: 10_000,
    });
  });
});

describe('item', () => {
  it('stores lifecycle records in their own maps and reads them back', () => {
    const advance = { ...record('F1', 'v', 9_700), feeCents: 300 };
    const receivable = content([forecast(key, 'f', 10_000), advance, record('A2', 'c', 100)]);
    const stamped = {
      ...receivable,
      status: 'ADVANCED',
      reason: 'ADVANCE',
      version: 1,
      changedOn: '2025-04-20',
      updatedAt: 'now',
    } as const;
    const item = toItem(stamped);
    expect(item.v).toEqual({ v: expect.objectContaining({ n: 9_700, t: 300, p: '2025-04-05' }) });
    expect(item.x).toEqual({ c: expect.objectContaining({ n: 100 }) });
    expect(fromItem(item)).toEqual(stamped);
  });

  it('writes no lifecycle attribute for a receivable of forecasts and payments', () => {
    const receivable = content([forecast(key, 'f', 10_000), settlement(key, 's', 10_000)]);
    const item = toItem({
      ...receivable,
      status: 'SETTLED',
      reason: 'EXACT',
      version: 1,
      changedOn: '2025-04-20',
      updatedAt: 'now',
    });
    expect(Object.keys(item).sort()).toEqual(
      [
        'pk',
        'sk',
        'acquirer',
        'merchant',
        'saleDate',
        'nsu',
        'authorization',
        'installment',
        'brand',
        'dueDate',
        'f',
        's',
        'status',
        'reason',
        'version',
        'changedOn',
        'updatedAt',
      ].sort(),
    );
    expect(fromItem(item).events).toBeUndefined();
  });
});
