import { describe, expect, it } from 'vitest';
import { lineId } from '../../../lambdas/core/baixas/lines';
import { writeOffLinesOf } from '../../../lambdas/core/baixas/write-offs';
import { breakSnapshotRow } from '../../../lambdas/core/breaks/snapshot-lake';
import type { BreakView } from '../../../lambdas/core/breaks/status';
import { breakViewOf } from '../../support/break-views';

const NIGHT = '2025-04-02';
const SALE = 'r:1|1234|2025-03-01|77||1';
const DEPOSIT = 'd:2025-03-03|CIELO|341/1/1|';

/** What the night before listed, as its snapshot holds it. */
const before = (views: readonly BreakView[]) => views.map(breakSnapshotRow);
const summary = (was: readonly BreakView[], now: readonly BreakView[]) =>
  writeOffLinesOf(NIGHT, before(was), now).map((l) => [l.kind, l.breakId, l.amountCents, l.reason]);

describe('write-off lines', () => {
  it('writes off an accepted break once, with its reason, and says what it is about', () => {
    const accepted = breakViewOf(SALE, 18_78, { reason: 'Tarifa bancária' });
    expect(summary([], [accepted])).toEqual([['NEW', SALE, 18_78, 'Tarifa bancária']]);
    const [line] = writeOffLinesOf(NIGHT, [], [accepted]);
    expect(line).toMatchObject({
      id: lineId(SALE, 'WRITE_OFF', NIGHT, 'NEW'),
      component: 'WRITE_OFF',
      receivableKey: '1|1234|2025-03-01|77||1',
      depositKey: null,
      breakKind: 'PAID_SHORT',
      nsu: '77',
    });
    expect(writeOffLinesOf(NIGHT, [], [breakViewOf(DEPOSIT, 5)])[0]).toMatchObject({
      receivableKey: null,
      depositKey: DEPOSIT,
      breakKind: 'DEPOSIT_DIFFERS',
    });
    // Accepted the night before and still: nothing more.
    expect(summary([accepted], [accepted])).toEqual([]);
  });

  it('posts nothing for a break nobody accepted', () => {
    expect(summary([], [breakViewOf(SALE, 18_78, { status: 'NEW' })])).toEqual([]);
  });

  it('reverses an acceptance undone, reopened by new money or resolved', () => {
    const accepted = breakViewOf(SALE, 18_78);
    for (const now of [
      [breakViewOf(SALE, 18_78, { status: 'PERSISTING' })],
      [breakViewOf(SALE, 18_78, { status: 'REOPENED' })],
      [],
    ]) {
      expect(summary([accepted], now)).toEqual([['REVERSAL', SALE, -18_78, 'Tarifa bancária']]);
    }
  });

  it('reverses and posts again an acceptance whose amount or reason changed', () => {
    const accepted = breakViewOf(SALE, 18_78, { reason: 'Tarifa bancária' });
    expect(summary([accepted], [breakViewOf(SALE, 18_78, { reason: 'Arredondamento' })])).toEqual([
      ['REVERSAL', SALE, -18_78, 'Tarifa bancária'],
      ['NEW', SALE, 18_78, 'Arredondamento'],
    ]);
    expect(summary([accepted], [breakViewOf(SALE, 20_00, { reason: 'Tarifa bancária' })])).toEqual([
      ['REVERSAL', SALE, -18_78, 'Tarifa bancária'],
      ['NEW', SALE, 20_00, 'Tarifa bancária'],
    ]);
  });
});
