import { describe, expect, it } from 'vitest';
import { lineId, linesOf } from '../../../lambdas/core/baixas/lines';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { fromItem, type Receivable, toItem } from '../../../lambdas/core/receivables/item';
import {
  mergedContent,
  unmergedContent,
  withMovedFrom,
  withoutMovedFrom,
} from '../../../lambdas/core/receivables/manual-match';
import { applyRecords, type ReceivableContent } from '../../../lambdas/core/receivables/matcher';
import { postableOf, postedBefore } from '../../../lambdas/core/receivables/postable';
import { explain } from '../../../lambdas/core/receivables/status';
import { itemBytes } from '../../support/item-bytes';
import { canonical, forecast, hexHash, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig({ recordRoles: { A2: 'CHARGEBACK', A3: 'CHARGEBACK_REVERSAL' } });
const key = saleKey(7);
const NIGHT_ONE = '2025-04-01';
const NIGHT_TWO = '2025-04-02';

/** `content` written on `night` over `previous`, stamped as the writer stamps it. */
function stamped(previous: Receivable | undefined, content: ReceivableContent, night: string): Receivable {
  const { status, reason } = explain(content, night, config);
  return {
    ...content,
    status,
    reason,
    version: (previous?.version ?? 0) + 1,
    changedOn: night,
    updatedAt: `${night}T03:00:00.000Z`,
    posted: postedBefore(previous, night),
  };
}

/** The receivable a write of `records` on `night` leaves after `previous`. */
function written(previous: Receivable | undefined, night: string, records: CanonicalRecord[]): Receivable {
  const { receivable } = applyRecords(previous, records, config);
  if (!receivable) throw new Error('nothing written');
  return stamped(previous, receivable, night);
}

const amounts = (receivable: Receivable, night: string) =>
  linesOf(receivable, night, config).map(
    ({ kind, component, amountCents }) => [kind, component, amountCents] as const,
  );

describe('ERP export lines', () => {
  it('posts a new receivable in full, a correction as a reversal and a new line, a re-run as the same lines', () => {
    const first = written(undefined, NIGHT_ONE, [
      forecast(key, hexHash('a'), 10_000),
      settlement(key, hexHash('d'), 9_990),
    ]);
    expect(amounts(first, NIGHT_ONE)).toEqual([
      ['NEW', 'PAYMENT', 9_990],
      ['NEW', 'DIFFERENCE', -10],
    ]);
    // A later batch of the same night keeps the night's baseline: the night posts its end state once.
    const sameNight = written(first, NIGHT_ONE, [settlement(key, hexHash('e'), 10)]);
    expect(sameNight.posted).toEqual(first.posted);
    expect(amounts(sameNight, NIGHT_ONE)).toEqual([['NEW', 'PAYMENT', 10_000]]);
    expect(linesOf(sameNight, NIGHT_ONE, config)[0]?.id).toBe(lineId(first.key, 'PAYMENT', NIGHT_ONE, 'NEW'));

    const chargeback = canonical({ type: 'A2', key, hash: hexHash('k'), netCents: 4_000 });
    const second = written(sameNight, NIGHT_TWO, [chargeback]);
    expect(second.posted).toEqual({ night: NIGHT_TWO, amounts: { p: 10_000 } });
    expect(amounts(second, NIGHT_TWO)).toEqual([
      ['NEW', 'CHARGEBACK', 4_000],
      ['NEW', 'DIFFERENCE', -4_000],
    ]);
    // The item written on night two, logged as read on night three: nothing to post there.
    expect(linesOf(second, '2025-04-03', config)).toEqual([]);
    const reversed = written(second, '2025-04-03', [
      canonical({ type: 'A3', key, hash: hexHash('r'), netCents: 4_000 }),
    ]);
    expect(amounts(reversed, '2025-04-03')).toEqual([
      ['NEW', 'CHARGEBACK_REVERSAL', 4_000],
      ['REVERSAL', 'DIFFERENCE', 4_000],
    ]);
    expect(postableOf(reversed)).toEqual({ p: 10_000, k: 4_000, r: 4_000 });
  });

  it('takes an item written before baselines were kept as posted, unless that night created it', () => {
    const { posted: _, ...legacy } = written(undefined, NIGHT_ONE, [
      forecast(key, hexHash('a')),
      settlement(key, hexHash('d')),
    ]);
    expect(amounts(legacy, NIGHT_ONE)).toEqual([['NEW', 'PAYMENT', 10_000]]);
    expect(linesOf({ ...legacy, version: 2 }, NIGHT_ONE, config)).toEqual([]);
    // Its next write takes its state as posted: only the change goes out.
    const next = written({ ...legacy, version: 2 }, NIGHT_TWO, [settlement(key, hexHash('e'), 5)]);
    expect(amounts(next, NIGHT_TWO)).toEqual([
      ['REVERSAL', 'PAYMENT', -10_000],
      ['NEW', 'PAYMENT', 10_005],
      ['NEW', 'DIFFERENCE', 5],
    ]);
  });

  it('moves a payment matched by hand to the forecast it pays, and back on undo: posted once, each side says the other', () => {
    const payment = written(undefined, NIGHT_ONE, [settlement(saleKey(8), hexHash('u'), 10_000)]);
    const open = written(undefined, NIGHT_ONE, [forecast(key, hexHash('a'), 10_000)]);
    expect(amounts(payment, NIGHT_ONE)).toContainEqual(['NEW', 'PAYMENT', 10_000]);
    expect(amounts(open, NIGHT_ONE)).toEqual([]);

    const merged = stamped(payment, mergedContent(payment, open.key), NIGHT_TWO);
    const matched = stamped(open, withMovedFrom(open, merged), NIGHT_TWO);
    expect(amounts(merged, NIGHT_TWO)).toEqual(
      amounts(payment, NIGHT_ONE).map(([, component, cents]) => ['REVERSAL', component, -cents]),
    );
    expect(amounts(matched, NIGHT_TWO)).toEqual([['NEW', 'PAYMENT', 10_000]]);
    expect(linesOf(matched, NIGHT_TWO, config)[0]?.matchedWith).toBe(payment.key);
    expect(linesOf(merged, NIGHT_TWO, config)[0]).toMatchObject({ matchedWith: open.key, status: 'MERGED' });

    const undone = stamped(matched, withoutMovedFrom(matched, payment.key), '2025-04-03');
    const alone = stamped(merged, unmergedContent(merged), '2025-04-03');
    expect(amounts(undone, '2025-04-03')).toEqual([['REVERSAL', 'PAYMENT', -10_000]]);
    expect(amounts(alone, '2025-04-03')).toEqual(amounts(payment, NIGHT_ONE));
    expect(linesOf(alone, '2025-04-03', config)[0]?.matchedWith).toBeNull();
  });

  it('round-trips the baseline through the item and says what it costs in bytes', () => {
    const paid = written(undefined, NIGHT_ONE, [
      forecast(key, hexHash('a'), 1_234_567),
      settlement(key, hexHash('d'), 1_234_567),
    ]);
    const later = written(paid, NIGHT_TWO, [settlement(key, hexHash('e'), 1)]);
    expect(fromItem(toItem(later))).toEqual(later);
    const { posted: __, ...without } = later;
    const added = itemBytes(toItem(later)) - itemBytes(toItem(without));
    // `xn` with the night and one posted component.
    expect(added).toBe(25);
    expect(itemBytes(toItem(later))).toBeLessThan(1024);
    // A receivable created by the write (nothing posted before): the night alone.
    const { posted: ___, ...unposted } = paid;
    expect(itemBytes(toItem(paid)) - itemBytes(toItem(unposted))).toBe(18);
  });
});
