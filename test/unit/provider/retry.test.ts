import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ProviderHttpError,
  RateLimitedError,
} from '../../../lambdas/core/provider/errors';
import {
  delayBefore,
  fullJitterDelay,
  type RetryPolicy,
  retrying,
} from '../../../lambdas/core/provider/retry';

function policy(overrides: Partial<RetryPolicy> = {}): RetryPolicy & { slept: number[] } {
  const slept: number[] = [];
  return {
    maxAttempts: 4,
    baseDelayMs: 100,
    maxDelayMs: 1_000,
    random: () => 0.5,
    sleep: async (ms) => {
      slept.push(ms);
    },
    ...overrides,
    slept,
  };
}

const retryable = (error: unknown) => error instanceof ProviderHttpError && error.retryable;

describe('fullJitterDelay', () => {
  it('stays in [0, min(max, base·2^(n−1))) for any random value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, r) => {
          const p = policy({ random: () => r });
          const ceiling = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** (retry - 1));
          const delay = fullJitterDelay(retry, p);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThan(ceiling);
        },
      ),
    );
  });

  it('doubles the ceiling per retry, then caps it', () => {
    const almostOne = policy({ random: () => 0.999_999 });
    expect([1, 2, 3, 4, 5, 6].map((n) => fullJitterDelay(n, almostOne))).toEqual([
      99, 199, 399, 799, 999, 999,
    ]);
    expect(fullJitterDelay(3, policy({ random: () => 0 }))).toBe(0);
  });
});

describe('delayBefore', () => {
  it('honours Retry-After over the computed jitter, and falls back to jitter without it', () => {
    expect(delayBefore(1, new RateLimitedError('op', 3_000), policy())).toBe(3_000);
    expect(delayBefore(2, new RateLimitedError('op'), policy())).toBe(100);
  });
});

describe('retrying', () => {
  it('retries retryable errors with backoff and returns the first success', async () => {
    const p = policy();
    let calls = 0;
    const result = await retrying(
      p,
      async (attempt) => {
        calls++;
        if (attempt < 3) throw new ProviderHttpError('op', 503);
        return 'done';
      },
      retryable,
    );
    expect(result).toBe('done');
    expect(calls).toBe(3);
    expect(p.slept).toEqual([50, 100]);
  });

  it('stops after maxAttempts and throws the last error', async () => {
    const p = policy({ maxAttempts: 3 });
    const attempts: number[] = [];
    const run = retrying(
      p,
      async (attempt) => {
        attempts.push(attempt);
        throw new ProviderHttpError('op', 500 + attempt);
      },
      retryable,
    );
    await expect(run).rejects.toMatchObject({ status: 503 });
    expect(attempts).toEqual([1, 2, 3]);
    expect(p.slept).toHaveLength(2);
  });

  it('throws a non-retryable error at once, without sleeping', async () => {
    const p = policy();
    let calls = 0;
    const run = retrying(
      p,
      async () => {
        calls++;
        throw new AuthenticationError('op');
      },
      retryable,
    );
    await expect(run).rejects.toBeInstanceOf(AuthenticationError);
    expect(calls).toBe(1);
    expect(p.slept).toEqual([]);
  });
});
