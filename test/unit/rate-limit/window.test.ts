import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isRecent,
  nextFreeSlot,
  type Recent,
  type WindowShape,
  withClaim,
  withFloor,
  withPush,
} from '../../../lambdas/core/rate-limit/window';

const SHAPE: WindowShape = { rate: 10, spanMs: 1030.9, spacingMs: 10 };

/** One step of a bucket's life: a claim (after `waitMs`, leaving `gapMs`), a late send, a back-off. */
type Step =
  | { kind: 'claim'; waitMs: number; gapMs: number }
  | { kind: 'late'; back: number; ms: number }
  | { kind: 'floor'; aheadMs: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      waitMs: fc.constantFrom(0, 0, 0, 5, 60, 400),
      gapMs: fc.constantFrom(0, 0, 20, 150),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('late' as const),
      back: fc.integer({ min: 0, max: 9 }),
      ms: fc.integer({ min: 1, max: 80 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('floor' as const),
      aheadMs: fc.integer({ min: 0, max: 3_000 }),
    }),
  },
);

describe('the slot window', () => {
  it('keeps every slot a span after the latest send of the slot 10 claims back, whatever the claims, late sends and back-offs', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 40, maxLength: 120 }), (steps) => {
        let recent: Recent = [];
        let now = 0;
        /** Each claim's slot and the latest time its request may leave (moved on by late sends). */
        const claims: { slot: number; latest: number }[] = [];
        let notBefore = Number.NEGATIVE_INFINITY;
        for (const s of steps) {
          if (s.kind === 'claim') {
            now += s.waitMs;
            const slot = nextFreeSlot(recent, now, SHAPE);
            recent = withClaim(recent, slot, s.gapMs, SHAPE);
            const previous = claims.at(-1);
            expect(slot).toBeGreaterThanOrEqual(now);
            expect(slot).toBeGreaterThanOrEqual(notBefore);
            if (previous) expect(slot).toBeGreaterThanOrEqual(previous.slot + SHAPE.spacingMs);
            for (const earlier of claims.slice(0, Math.max(0, claims.length + 1 - SHAPE.rate)))
              expect(slot).toBeGreaterThanOrEqual(earlier.latest + SHAPE.spanMs - 1e-9);
            claims.push({ slot, latest: slot + s.gapMs });
          } else if (s.kind === 'late') {
            // Only a claim whose slot 10 places on is not claimed yet may send late (the claim horizon).
            const late = claims[claims.length - 1 - s.back];
            if (late === undefined) continue;
            recent = withPush(recent, late.slot, s.ms);
            late.latest += s.ms;
          } else {
            notBefore = Math.max(notBefore, now + s.aheadMs);
            recent = withFloor(recent, now + s.aheadMs, SHAPE);
          }
          expect(isRecent(recent)).toBe(true);
          expect(recent.length).toBeLessThanOrEqual(SHAPE.rate);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('deals an idle bucket spacingMs apart, and a full one a span after the entry 10 back', () => {
    let recent: Recent = [];
    const slots: number[] = [];
    for (let i = 0; i < 12; i++) {
      const slot = nextFreeSlot(recent, 0, SHAPE);
      slots.push(slot);
      recent = withClaim(recent, slot, 0, SHAPE);
    }
    expect(slots.slice(0, 10)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(slots[10]).toBeCloseTo(1030.9, 6);
    expect(slots[11]).toBeCloseTo(1040.9, 6);
  });

  it('recognises only lists of finite, non-decreasing numbers as a stored window', () => {
    expect(isRecent([1, 2, 2.5])).toBe(true);
    expect(isRecent([])).toBe(true);
    expect(isRecent([2, 1])).toBe(false);
    expect(isRecent([1, 'x'])).toBe(false);
    expect(isRecent([Number.NaN])).toBe(false);
    expect(isRecent('garbage')).toBe(false);
    expect(isRecent(undefined)).toBe(false);
  });
});
