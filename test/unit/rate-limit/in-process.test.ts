import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildInProcessLimiter } from '../../../lambdas/core/rate-limit/in-process';
import {
  buildPacer,
  DEFAULT_COLD_START_MS,
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
  it('spaces slots by 1000 / (rate · (1 − margin)), 10/s with a 2% margin by default', () => {
    expect(slotIntervalMs()).toBeCloseTo(102.04, 2);
    expect(reserveMs()).toBeCloseTo(20.41, 2);
    expect(slotIntervalMs({ ratePerSecond: 5, marginRatio: 0 })).toBe(200);
  });

  it('refuses a rate that is not positive and a margin outside [0, 1)', () => {
    expect(() => slotIntervalMs({ ratePerSecond: 0 })).toThrow(RangeError);
    expect(() => slotIntervalMs({ marginRatio: 1 })).toThrow(RangeError);
  });
});

describe('in-process limiter', () => {
  it('gives a burst of concurrent acquirers distinct, evenly spaced slots', async () => {
    const grants = await grantTimes(Array.from({ length: 25 }, () => 0));
    expect(grants).toHaveLength(25);
    const gaps = grants.slice(1).map((t, i) => t - (grants[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(slotIntervalMs() - 1);
    // 10 slots span 1020 ms: an 11th arrival in one second would need 20 ms of bunching jitter.
    expect(maxInAnySecond(grants)).toBe(10);
    expect(new Set(grants).size).toBe(25);
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
    const configured = buildInProcessLimiter({ ...deps, maxBackOffMs: 5_000 });
    await configured.backOff(86_400_000);
    await configured.acquire();
    expect(waits).toEqual([60_000, 5_000]);
  });

  it('claims a fresh slot, with a gap after it twice the lateness, instead of sending late', async () => {
    let t = 0;
    const sleeps: number[] = [];
    const limiter = buildInProcessLimiter({
      coldStartMs: 0,
      now: () => t,
      sleep: async (ms) => {
        sleeps.push(ms);
        t += ms + (sleeps.length === 1 ? 100 : 0); // the first wake-up is 100 ms late
      },
    });
    const interval = slotIntervalMs();
    await limiter.acquire(); // at 0, no sleep
    await limiter.acquire(); // slot I, woke at I + 100: re-claims slot 2I
    expect(t).toBeCloseTo(2 * interval, 6);
    await limiter.acquire(); // the late caller's gap: 2 · 100 ms after its slot's interval
    expect(sleeps.map((ms) => Math.round(ms * 100) / 100)).toEqual([
      Math.round(interval * 100) / 100,
      Math.round((interval - 100) * 100) / 100,
      Math.round((interval + 200) * 100) / 100,
    ]);
  });

  it("leaves coldStartMs after an instance's first slot only (its first send is slower to arrive)", async () => {
    const interval = slotIntervalMs();
    const grants = await grantTimes([0, 0, 0]);
    // Fake timers keep whole milliseconds: each grant is its slot rounded up.
    expect(grants[1]).toBe(Math.ceil(interval + DEFAULT_COLD_START_MS));
    expect(grants[2]).toBe(Math.ceil(2 * interval + DEFAULT_COLD_START_MS));
  });

  it('keeps every window of 1000 ms + the arrival reserve within the rate, however late callers wake', async () => {
    const allowance = latenessAllowanceMs();
    // What the margin leaves for send-to-arrival variation once the lateness allowance is spent.
    const arrivalReserve = reserveMs() - allowance;
    expect(arrivalReserve).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 0, max: 400, noNaN: true }), { minLength: 30, maxLength: 30 }),
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
      claim: () => {
        claims++;
        return t + 100; // other callers keep the queue full
      },
      options: {},
      now: () => t,
      sleep: async (ms) => {
        t += ms + MAX_LATE_GAP_MS + 1_000; // starved: later than any gap it may reserve
      },
    });
    await expect(acquire()).rejects.toBeInstanceOf(LimiterStarvedError);
    expect(claims).toBe(MAX_CLAIMS);
  });

  it('reserves a gap after its slot that grows with the lateness it saw, up to MAX_LATE_GAP_MS', async () => {
    let t = 0;
    const gaps: number[] = [];
    const lateness = [30, 300, 2_000, 0];
    const acquire = buildPacer({
      claim: (gapMs) => {
        gaps.push(gapMs);
        return t + 50;
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
