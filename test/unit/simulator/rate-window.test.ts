import { describe, expect, it } from 'vitest';
import { buildRateWindow } from '../../../local/simulator/http/rate-window';

describe('rate window', () => {
  it('accepts `limit` requests in any trailing second and rejects the next with a Retry-After', () => {
    const window = buildRateWindow(3);
    const at = (t: number) => {
      window.arrive(t);
      return window.tryAccept(t);
    };
    expect([at(0), at(100), at(200)].every((d) => d.allowed)).toBe(true);
    expect(at(300)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(at(999).allowed).toBe(false);
    expect(at(1000).allowed).toBe(true);
    expect(at(1050).allowed).toBe(false);
    expect(at(1100).allowed).toBe(true);
  });

  it('measures the most arrivals (accepted or not) in any 1000 ms window, exactly', () => {
    const window = buildRateWindow(1);
    const arrive = (t: number) => {
      window.arrive(t);
      window.tryAccept(t);
    };
    for (const t of [0, 500, 999, 1000]) arrive(t);
    // A window is (t - 1000, t]: at 999 it holds 0, 500, 999; at 1000 it holds 500, 999, 1000.
    expect(window.maxInAnySecond()).toBe(3);
    arrive(1400);
    expect(window.maxInAnySecond()).toBe(4);
    arrive(2500);
    expect(window.maxInAnySecond()).toBe(4);
    window.resetMeasure();
    expect(window.maxInAnySecond()).toBe(0);
  });

  it('keeps limiting after the measure is reset', () => {
    const window = buildRateWindow(1);
    window.arrive(0);
    expect(window.tryAccept(0).allowed).toBe(true);
    window.resetMeasure();
    expect(window.tryAccept(10).allowed).toBe(false);
  });
});
