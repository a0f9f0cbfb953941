import { describe, expect, it } from 'vitest';
import { breakView, statusOf } from '../../../lambdas/core/breaks/status';
import { basis, decision, observed } from './fixtures';

describe("a break's status from its data and its decision", () => {
  it('is NEW the night it is first seen, PERSISTING after', () => {
    expect(statusOf(observed(basis(), '2025-04-01'), null, '2025-04-01')).toBe('NEW');
    expect(statusOf(observed(basis(), '2025-03-31'), null, '2025-04-01')).toBe('PERSISTING');
  });

  it("keeps a person's decision while the money behind it is unchanged", () => {
    for (const status of ['IN_TREATMENT', 'DISPUTED', 'ACCEPTED'] as const) {
      expect(statusOf(observed(), decision(status), '2025-04-02')).toBe(status);
    }
  });

  it('is REOPENED when new money changed the break, and the decision is still there', () => {
    const paidMore = observed(basis('PAID_SHORT', 7, 9_990));
    expect(statusOf(paidMore, decision('ACCEPTED'), '2025-04-02')).toBe('REOPENED');
    const nowLate = observed(basis('LATE', 7));
    const view = breakView(
      nowLate.id,
      nowLate,
      { decision: decision('IN_TREATMENT'), version: 1 },
      '2025-04-02',
    );
    expect(view).toMatchObject({ status: 'REOPENED', kind: 'LATE', decision: { status: 'IN_TREATMENT' } });
  });

  it('is RESOLVED when the data no longer shows it, decided or not', () => {
    expect(statusOf(undefined, decision('DISPUTED'), '2025-04-02')).toBe('RESOLVED');
    const view = breakView('r:x', undefined, { decision: decision('DISPUTED'), version: 2 }, '2025-04-02');
    expect(view).toMatchObject({ status: 'RESOLVED', stakeCents: 7, firstSeen: null, ageBucket: null });
  });

  it('ages from first seen into the buckets finance reads', () => {
    const buckets = ['2025-04-01', '2025-03-20', '2025-02-20', '2024-12-01'].map(
      (firstSeen) => breakView('r:x', observed(basis(), firstSeen), undefined, '2025-04-01').ageBucket,
    );
    expect(buckets).toEqual(['0-7', '8-30', '31-60', '61+']);
  });
});
