/**
 * The receivables' events of a night: each receivable the night wrote whose state moved since the
 * night before logged it, once, as its last write of the night left it.
 */
import { describe, expect, it } from 'vitest';
import { eventId } from '../../../lambdas/core/events/envelope';
import { changedOn, receivableEvents } from '../../../lambdas/core/events/receivable-events';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { applyRecords } from '../../../lambdas/core/receivables/matcher';
import { canonical, reconConfig, saleKey } from '../../support/recon-records';

const NIGHT = '2025-04-01';

const config = reconConfig();

/** A receivable paid in full (a forecast and its payment), as the store would return it. */
function receivable(n: number, version: number, more: Partial<Receivable> = {}): Receivable {
  const key = saleKey(n, 1);
  const records = [
    canonical({ type: 'A1', key, hash: `a${n}` }),
    canonical({ type: 'D1', key, hash: `d${n}` }),
  ];
  const content = applyRecords(undefined, records, config).receivable;
  if (!content) throw new Error('no receivable');
  const paidInFull = { status: 'SETTLED', reason: 'WITHIN_TOLERANCE' } as const;
  return {
    ...content,
    ...paidInFull,
    version,
    changedOn: NIGHT,
    updatedAt: '2025-04-02T06:10:00.000Z',
    ...more,
  };
}

describe("a night's receivable events", () => {
  it('takes each receivable at its highest version logged, and only those the night wrote', () => {
    const changed = changedOn(
      NIGHT,
      [receivable(1, 2, { status: 'OPEN' }), receivable(1, 3), receivable(2, 5, { changedOn: '2025-03-20' })],
      [],
    );
    expect(changed.map((r) => [r.key, r.version, r.status])).toEqual([[receivable(1, 3).key, 3, 'SETTLED']]);
  });

  it('says nothing of a receivable rewritten with the state the night before logged, and says a new one', () => {
    const before = [receivable(1, 2, { status: 'OPEN', reason: 'AWAITING_PAYMENT' }), receivable(2, 2)];
    const tonight = [receivable(1, 3), receivable(2, 3), receivable(3, 1)];
    expect(changedOn(NIGHT, tonight, before).map((r) => r.key)).toEqual([
      receivable(1, 3).key,
      receivable(3, 1).key,
    ]);
  });

  it('says the state reached, its money in centavos, with an id of the receivable, the night and the state', () => {
    const paid = receivable(1, 3);
    const [event] = receivableEvents('sandbox', NIGHT, [paid]);
    expect(event).toMatchObject({
      id: eventId(
        'recon.receivable.state-changed',
        paid.key,
        `${NIGHT}|SETTLED|WITHIN_TOLERANCE|10000|10000`,
      ),
      type: 'recon.receivable.state-changed',
      subject: paid.key,
      time: `${NIGHT}T00:00:00-03:00`,
      data: {
        key: paid.key,
        status: 'SETTLED',
        reason: 'WITHIN_TOLERANCE',
        changedOn: NIGHT,
        expectedNetCents: 10_000,
        receivedNetCents: 10_000,
        differenceCents: 0,
      },
    });
    // Another write with the same state (a re-run, a report downloaded again): the same event.
    expect(receivableEvents('sandbox', NIGHT, [receivable(1, 4)])).toEqual([event]);
    expect(receivableEvents('sandbox', '2025-04-02', [receivable(1, 4)])[0]?.id).not.toBe(event?.id);
  });
});
