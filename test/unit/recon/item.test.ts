import { describe, expect, it } from 'vitest';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import {
  fromItem,
  type Receivable,
  type ReceivableItem,
  toItem,
} from '../../../lambdas/core/receivables/item';
import { applyRecords, pruneContent } from '../../../lambdas/core/receivables/matcher';
import { explain } from '../../../lambdas/core/receivables/status';
import { itemBytes } from '../../support/item-bytes';
import { canonical, forecast, hexHash, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig();

function stored(...records: CanonicalRecord[]): Receivable {
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

describe('receivable item', () => {
  it('round-trips every field of a state somebody acts on, and writes no index key for any state', () => {
    const key = saleKey(5, 2);
    const receivable = stored(
      forecast(key, hexHash('a1'), 12_345, '2025-04-01'),
      settlement(key, hexHash('d1'), 10_000, '2025-04-02'),
    );
    const open = stored(forecast(saleKey(5, 3), hexHash('a1'), 12_345, '2099-04-01'));
    expect([receivable.status, open.status]).toEqual(['UNDERPAID', 'OPEN']);
    const item = toItem(receivable);
    expect(item).toMatchObject({ pk: `RCV#${receivable.key}`, sk: 'RCV' });
    for (const written of [item, toItem(open)]) {
      expect(['gsi2pk' in written, 'gsi2sk' in written]).toEqual([false, false]);
    }
    expect(fromItem(JSON.parse(JSON.stringify(item)) as ReceivableItem)).toEqual(receivable);
  });

  it('reads an item written while the byWork index existed, its index keys ignored', () => {
    const receivable = stored(
      forecast(saleKey(5, 4), hexHash('a1'), 12_345, '2025-04-01'),
      settlement(saleKey(5, 4), hexHash('d1'), 10_000, '2025-04-02'),
    );
    const old = {
      ...toItem(receivable),
      gsi2pk: 'STAKE#UNDERPAID',
      gsi2sk: `0000000000002345#${receivable.key}`,
    };
    expect(fromItem(JSON.parse(JSON.stringify(old)) as ReceivableItem)).toEqual(receivable);
    // Its next write leaves the keys out.
    expect('gsi2pk' in toItem(fromItem(old))).toBe(false);
  });

  it('keeps null fields out of the item', () => {
    const receivable = stored(
      canonical({ type: 'D1', key: saleKey(1), hash: 'h', dueDate: null, paymentDate: null }),
    );
    const item = toItem(receivable);
    expect('dueDate' in item).toBe(false);
    expect(fromItem(item)).toEqual(receivable);
  });

  it('round-trips movement dates, seam marks and the first report once its page counts are pruned', () => {
    const key = saleKey(6);
    const at = (page: number, line: number) => ({
      reportId: 'R1',
      generatedOn: '2025-03-01' as const,
      page,
      line,
      lines: 5,
    });
    const receivable = stored(
      canonical({ type: 'A1', key, hash: hexHash('a'), movementDate: '2025-02-27', at: at(1, 0) }),
      canonical({ type: 'D1', key, hash: hexHash('d'), at: at(1, 4) }),
      canonical({ type: 'D1', key, hash: hexHash('d'), at: at(2, 0) }),
    );
    const pruned = { ...receivable, ...pruneContent(receivable, '2025-05-01') };
    expect(pruned.settlements[0]?.occurrences).toMatchObject({
      pages: {},
      seam: true,
      firstReport: '2025-03-01|R1',
    });
    for (const r of [receivable, pruned]) {
      expect(fromItem(JSON.parse(JSON.stringify(toItem(r))) as ReceivableItem)).toEqual(r);
    }
  });

  it('stays under one write unit (1 KB) for one forecast and a few settlements', () => {
    const key = saleKey(99_999, 12);
    const common = stored(forecast(key, hexHash('f'), 1_234_567), settlement(key, hexHash('s'), 1_234_567));
    expect(itemBytes(toItem(common))).toBeLessThan(700);
    const split = stored(
      forecast(key, hexHash('f'), 1_234_567),
      ...[1, 2, 3, 4].map((n) => settlement(key, hexHash(`s${n}`), 300_000)),
    );
    expect(itemBytes(toItem(split))).toBeLessThan(1024);
  });
});
