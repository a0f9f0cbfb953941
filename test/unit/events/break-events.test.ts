/**
 * A night's break and decision events: each change said once, with an id that is the same on every
 * re-run of the night, and nothing said again while a status merely stands.
 */
import { describe, expect, it } from 'vitest';
import type { BreakEvent } from '../../../lambdas/core/breaks/chain';
import type { Decision } from '../../../lambdas/core/breaks/decision';
import type { BreakKind, BreakStatus } from '../../../lambdas/core/breaks/kinds';
import type { BreakView } from '../../../lambdas/core/breaks/status';
import { breakEvents, decisionEvents, type PreviousBreak } from '../../../lambdas/core/events/break-events';
import { eventId, inEventOrder } from '../../../lambdas/core/events/envelope';

const NIGHT = '2025-04-02';

function view(id: string, status: BreakStatus, more: Partial<BreakView> = {}): BreakView {
  return {
    id,
    ref: 'abcdef0123',
    kind: 'PAID_SHORT',
    status,
    subject: {
      acquirer: 'CIELO',
      merchant: '1023456',
      saleDate: '2025-03-01',
      nsu: '000123',
      installment: 1,
      dueDate: '2025-03-31',
    },
    stakeCents: 150,
    firstSeen: '2025-04-01',
    ageDays: 1,
    ageBucket: '0-7',
    decision: null,
    version: 0,
    ...more,
  };
}

const listed = (status: BreakStatus, more: Partial<PreviousBreak> = {}): PreviousBreak => ({
  status,
  kind: 'PAID_SHORT' as BreakKind,
  stakeCents: 150,
  firstSeen: '2025-04-01',
  version: 0,
  ...more,
});

const night = (views: BreakView[], previous: [string, PreviousBreak][] = []) =>
  breakEvents({ environment: 'production', asOf: NIGHT, views, previous: new Map(previous) });

const typesOf = (events: { type: string; subject: string }[]) => events.map((e) => `${e.type} ${e.subject}`);

describe("a night's break events", () => {
  it('opens a break the night before did not list, in the CloudEvents envelope, with a stable id', () => {
    const [opened, ...rest] = night([view('r:A', 'NEW', { firstSeen: NIGHT })]);
    expect(rest).toEqual([]);
    expect(opened).toEqual({
      specversion: '1.0',
      id: eventId('recon.break.opened', 'r:A', NIGHT),
      source: 'urn:recon:production',
      type: 'recon.break.opened',
      time: `${NIGHT}T00:00:00-03:00`,
      subject: 'r:A',
      datacontenttype: 'application/json',
      data: expect.objectContaining({ breakId: 'r:A', kind: 'PAID_SHORT', status: 'NEW', stakeCents: 150 }),
    });
    expect(opened?.id).toMatch(/^[0-9a-f]{32}$/);
    // The same night read again: the same event, byte for byte.
    expect(night([view('r:A', 'NEW', { firstSeen: NIGHT })])).toEqual([opened]);
  });

  it('says nothing of a break that persists, nor of one that stays reopened or resolved', () => {
    const decision = { status: 'ACCEPTED' } as Decision;
    expect(
      night(
        [
          view('r:A', 'PERSISTING'),
          view('r:B', 'REOPENED', { decision, version: 1 }),
          view('r:C', 'RESOLVED', { firstSeen: null, decision, version: 1 }),
        ],
        [
          ['r:A', listed('NEW')],
          ['r:B', listed('REOPENED', { version: 1 })],
          ['r:C', listed('RESOLVED', { firstSeen: null, version: 1 })],
        ],
      ),
    ).toEqual([]);
  });

  it('reopens once per new money, and resolves a break gone from the list or resolved tonight', () => {
    const decision = { status: 'ACCEPTED' } as Decision;
    const events = night(
      [
        view('r:A', 'REOPENED', { decision, version: 1, stakeCents: 90 }),
        view('r:B', 'RESOLVED', { firstSeen: null, decision, version: 1 }),
      ],
      [
        ['r:A', listed('REOPENED', { version: 1 })],
        ['r:B', listed('ACCEPTED', { version: 1 })],
        ['r:C', listed('PERSISTING')],
      ],
    );
    expect(typesOf(inEventOrder(events))).toEqual([
      'recon.break.reopened r:A',
      'recon.break.resolved r:B',
      'recon.break.resolved r:C',
    ]);
  });

  it('opens again a break seen anew (another action state, back after it was resolved)', () => {
    const events = night([view('r:A', 'NEW', { firstSeen: NIGHT, kind: 'LATE' })], [['r:A', listed('NEW')]]);
    expect(typesOf(events)).toEqual(['recon.break.opened r:A']);
    expect(events[0]?.id).not.toBe(eventId('recon.break.opened', 'r:A', '2025-04-01'));
  });

  it('says a missing deposit and a fee above the contract with events of their own too', () => {
    const events = night([
      view('d:2025-03-31|CIELO|001|g', 'NEW', { kind: 'DEPOSIT_MISSING', firstSeen: NIGHT }),
      view('f:SALE|A', 'NEW', { kind: 'FEE_ABOVE_CONTRACT', firstSeen: NIGHT }),
    ]);
    expect(typesOf(inEventOrder(events))).toEqual([
      'recon.break.opened d:2025-03-31|CIELO|001|g',
      'recon.break.opened f:SALE|A',
      'recon.deposit.missing d:2025-03-31|CIELO|001|g',
      'recon.fee.above-contract f:SALE|A',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(4);
  });

  it('opens every break of the first night, which has no night before to compare with', () => {
    expect(typesOf(night([view('r:A', 'PERSISTING'), view('r:B', 'NEW', { firstSeen: NIGHT })]))).toEqual([
      'recon.break.opened r:A',
      'recon.break.opened r:B',
    ]);
  });
});

describe("a night's decision events", () => {
  const accepted = { status: 'ACCEPTED', reason: 'arredondamento', note: 'centavos' } as Decision;
  const event = (version: number, after: Decision | null): BreakEvent => ({
    breakId: 'r:A',
    version,
    at: '2025-04-01T15:00:00.000Z',
    actor: 'ana',
    action: after ? 'accept' : 'undo',
    before: after ? null : accepted,
    after,
    ...(after ? {} : { undoes: 1 }),
    prevHash: '0'.repeat(64),
    hash: 'f'.repeat(64),
  });

  it('is one event per version, its id the break and the version', () => {
    const events = decisionEvents('sandbox', [event(1, accepted), event(2, null)]);
    expect(events.map((e) => e.id)).toEqual([
      eventId('recon.decision.taken', 'r:A', 'v1'),
      eventId('recon.decision.taken', 'r:A', 'v2'),
    ]);
    expect(events[0]).toMatchObject({
      type: 'recon.decision.taken',
      subject: 'r:A',
      time: '2025-04-01T15:00:00.000Z',
      data: { action: 'accept', actor: 'ana', status: 'ACCEPTED', reason: 'arredondamento', version: 1 },
    });
    expect(events[1]?.data).toMatchObject({
      action: 'undo',
      statusBefore: 'ACCEPTED',
      status: null,
      undoes: 1,
    });
  });
});
