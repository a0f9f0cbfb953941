import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildInProcessLimiter } from '../../../lambdas/core/rate-limit/in-process';
import {
  buildPacer,
  DEFAULT_COLD_START_MS,
  DEFAULT_SPACING_MS,
  LimiterStarvedError,
  latenessAllowanceMs,
  MAX_CLAIMS,
  MAX_LATE_GAP_MS,
  reserveMs,
  slotIntervalMs,
} from '../../../lambdas/core/rate-limit/pacing';

afterEach(() => {
  vi.useRealTimers();
});

/** Largest number of times in any window [t, t + windowMs). */
function maxInAnySecond(times: readonly number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** Starts one acquire at each offset (fake ms) and returns the fake times at which they were granted. */
async function grantTimes(offsets: readonly number[], rate = 10, backOffAt?: number): Promise<number[]> {
  vi.useFakeTimers({ now: 0 });
  const limiter = buildInProcessLimiter({ ratePerSecond: rate });
  const grants: number[] = [];
  for (const offset of offsets) {
    setTimeout(() => void limiter.acquire().then(() => grants.push(Date.now())), offset);
  }
  if (backOffAt !== undefined) setTimeout(() => void limiter.backOff(2_000), backOffAt);
  await vi.runAllTimersAsync();
  vi.useRealTimers();
  return grants;
}

describe('slotIntervalMs', () => {
  it('spaces slots by 1000 / (rate · (1 − margin)), 10/s with a 3% margin by default', () => {
    expect(slotIntervalMs()).toBeCloseTo(103.09, 2);
    expect(reserveMs()).toBeCloseTo(30.93, 2);
    expect(latenessAllowanceMs()).toBeCloseTo(7.73, 2);
    expect(slotIntervalMs({ ratePerSecond: 5, marginRatio: 0 })).toBe(200);
  });

  it('refuses a rate that is not positive and a margin outside [0, 1)', () => {
    expect(() => slotIntervalMs({ ratePerSecond: 0 })).toThrow(RangeError);
    expect(() => slotIntervalMs({ marginRatio: 1 })).toThrow(RangeError);
  });
});

describe('in-process limiter', () => {
  it('deals an idle bucket its first 10 slots spacingMs apart, then keeps any 11 slots 10 intervals apart', async () => {
    const grants = await grantTimes(Array.from({ length: 25 }, () => 0));
    expect(grants).toHaveLength(25);
    expect(new Set(grants).size).toBe(25);
    // Fake timers keep whole milliseconds: each grant is its slot rounded up.
    expect(grants[9]).toBe(DEFAULT_COLD_START_MS + 9 * DEFAULT_SPACING_MS);
    const spans = grants.slice(10).map((t, i) => t - (grants[i] ?? 0));
    // 10 intervals span 1031 ms: an 11th arrival in one second would need 31 ms of bunching jitter.
    expect(Math.min(...spans)).toBeGreaterThanOrEqual(10 * slotIntervalMs() - 1);
    expect(maxInAnySecond(grants)).toBe(10);
  });

  it('never grants more than the rate in any one-second window, whatever the arrival pattern', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        async (offsets, rate) => {
          const grants = await grantTimes(offsets, rate);
          expect(grants).toHaveLength(offsets.length);
          expect(maxInAnySecond(grants)).toBeLessThanOrEqual(rate);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('grants at once when idle', async () => {
    expect(await grantTimes([500, 5_000])).toEqual([500, 5_000]);
  });

  it('pushes every later slot past a back-off', async () => {
    const grants = await grantTimes([0, 100, 300], 10, 50);
    expect(grants[0]).toBe(0);
    expect(Math.min(...grants.slice(1))).toBeGreaterThanOrEqual(2_050);
  });

  it('caps a back-off at 60 s by default, and at maxBackOffMs when given', async () => {
    const waits: number[] = [];
    let t = 0;
    const deps = {
      now: () => t,
      sleep: async (ms: number) => {
        waits.push(ms);
        t += ms;
      },
    };
    const capped = buildInProcessLimiter(deps);
    await capped.backOff(86_400_000);
    await capped.acquire();
    expect(t).toBe(60_000);
    const configured = buildInProcessLimiter({ ...deps, maxBackOffMs: 5_000 });
    await configured.backOff(86_400_000);
    await configured.acquire();
    expect(t).toBe(65_000);
    // Slept toward the claim horizon, then to the slot.
    expect(waits).toEqual([59_050, 950, 4_050, 950]);
  });

  it('sends late rather than waste its slot, moving its entry and the free slots back by twice the lateness', async () => {
    let t = 0;
    let wakes = 0;
    const limiter = buildInProcessLimiter({
      coldStartMs: 0,
      now: () => t,
      sleep: async (ms) => {
        t += ms + (++wakes === 1 ? 50 : 0); // the first wake-up is 50 ms late
      },
    });
    await limiter.acquire(); // at 0, no sleep
    await limiter.acquire(); // slot 10 (spacingMs), woke at 60: sends then
    expect(t).toBeCloseTo(DEFAULT_SPACING_MS + 50, 6);
    await limiter.acquire();
    expect(t).toBeCloseTo(2 * DEFAULT_SPACING_MS + 2 * (50 - latenessAllowanceMs()), 6);
  });

  it("leaves coldStartMs after an instance's first slot only (its first send is slower to arrive)", async () => {
    const grants = await grantTimes([0, 0, 0]);
    expect(grants[1]).toBe(DEFAULT_COLD_START_MS + DEFAULT_SPACING_MS);
    expect(grants[2]).toBe(DEFAULT_COLD_START_MS + 2 * DEFAULT_SPACING_MS);
  });

  it('keeps every window of 1000 ms + the arrival reserve within the rate, however late callers wake', async () => {
    const allowance = latenessAllowanceMs();
    // What the margin leaves for send-to-arrival variation once the lateness allowance is spent.
    const arrivalReserve = reserveMs() - allowance;
    expect(arrivalReserve).toBeCloseTo(23.2, 2);
    await fc.assert(
      fc.asyncProperty(
        // Up to 81 ms late a caller moves its entry back; later, it claims again with a gap.
        fc.array(fc.double({ min: 0, max: 900, noNaN: true }), { minLength: 30, maxLength: 30 }),
        async (lateness) => {
          let t = 0;
          let wake = 0;
          const limiter = buildInProcessLimiter({
            now: () => t,
            sleep: async (ms) => {
              t += ms + (lateness[wake++ % lateness.length] ?? 0);
            },
          });
          const sends: number[] = [];
          for (let i = 0; i < 30; i++) {
            await limiter.acquire();
            sends.push(t);
          }
          // Less a microsecond: float sums of slot times may land a hair inside the exact bound.
          expect(maxInAnySecond(sends, 1000 + arrivalReserve - 0.001)).toBeLessThanOrEqual(10);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('buildPacer', () => {
  it('fails loudly, never sending, when it wakes too late for every slot it claims', async () => {
    let t = 0;
    let claims = 0;
    const acquire = buildPacer({
      book: {
        claim: () => {
          claims++;
          return t + 100; // other callers keep the queue full
        },
        push: () => true,
      },
      options: {},
      now: () => t,
      sleep: async (ms) => {
        t += ms + MAX_LATE_GAP_MS + 1_000; // starved: later than any gap it may reserve
      },
    });
    // Later than the claim horizon allows: the slot 10 places on may be held, so no push either.
    await expect(acquire()).rejects.toBeInstanceOf(LimiterStarvedError);
    expect(claims).toBe(MAX_CLAIMS);
  });

  it('when it cannot move the free slots, claims again with a gap growing with its lateness', async () => {
    let t = 0;
    const gaps: number[] = [];
    const lateness = [30, 300, 2_000, 0];
    const acquire = buildPacer({
      book: {
        claim: (gapMs) => {
          gaps.push(gapMs);
          return t + 50;
        },
        push: () => false, // a damaged DynamoDB item: the claim path repairs it
      },
      options: { coldStartMs: 0 },
      now: () => t,
      sleep: async (ms) => {
        t += ms + (lateness[gaps.length - 1] ?? 0);
      },
    });
    await acquire();
    expect(gaps).toEqual([0, 60, 600, MAX_LATE_GAP_MS]);
  });
});
