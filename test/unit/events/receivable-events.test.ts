/**
 * The receivables' events of a night: each receivable the night wrote, once, as its last write of
 * the night left it, its id the receivable and its version.
 */
import { describe, expect, it } from 'vitest';
import { eventId } from '../../../lambdas/core/events/envelope';
import { receivableEvents, writtenOn } from '../../../lambdas/core/events/receivable-events';
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
  return {
    ...content,
    status: 'SETTLED',
    reason: 'WITHIN_TOLERANCE',
    version,
    changedOn: NIGHT,
    updatedAt: '2025-04-02T06:10:00.000Z',
    ...more,
  };
}

describe("a night's receivable events", () => {
  it('takes each receivable at its highest version logged, and only those the night wrote', () => {
    const written = writtenOn(NIGHT, [
      receivable(1, 2, { status: 'OPEN' }),
      receivable(1, 3),
      receivable(2, 5, { changedOn: '2025-03-20' }),
    ]);
    expect(written.map((r) => [r.key, r.version, r.status])).toEqual([[receivable(1, 3).key, 3, 'SETTLED']]);
  });

  it('says the state reached, its money in centavos, with an id of the receivable and its version', () => {
    const paid = receivable(1, 3);
    const [event] = receivableEvents('sandbox', [paid]);
    expect(event).toMatchObject({
      id: eventId('recon.receivable.state-changed', paid.key, 'v3'),
      type: 'recon.receivable.state-changed',
      subject: paid.key,
      time: '2025-04-02T06:10:00.000Z',
      data: {
        key: paid.key,
        status: 'SETTLED',
        version: 3,
        changedOn: NIGHT,
        expectedNetCents: 10_000,
        receivedNetCents: 10_000,
        differenceCents: 0,
      },
    });
    expect(receivableEvents('sandbox', [receivable(1, 3)])).toEqual([event]);
    expect(receivableEvents('sandbox', [receivable(1, 4)])[0]?.id).not.toBe(event?.id);
  });
});
