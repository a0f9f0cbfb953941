/**
 * Bounded retries with exponential backoff and FULL jitter: the delay before retry n is uniform in
 * [0, min(maxDelay, baseDelay * 2^(n-1))). Full jitter spreads the retries of many callers that failed
 * together (one 429 burst, one provider hiccup) instead of making them collide again in lockstep.
 * A `Retry-After` from the provider wins over the computed delay.
 */
import { RateLimitedError } from './errors';

export interface RetryPolicy {
  /** Total attempts including the first; at least 1. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Uniform in [0, 1), like `Math.random`; injected so tests can pin the jitter. */
  readonly random: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

/** The full-jitter delay before retry number `retry` (1 = the first retry). */
export function fullJitterDelay(retry: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(policy.random() * ceiling);
}

/** How long to wait after `error` before retry number `retry`: the provider's Retry-After if it gave one. */
export function delayBefore(retry: number, error: unknown, policy: RetryPolicy): number {
  if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) return error.retryAfterMs;
  return fullJitterDelay(retry, policy);
}

/**
 * Runs `attempt(1)`, `attempt(2)`... until one resolves, an error is not retryable, or the attempts
 * are spent; then the last error is thrown as is (callers branch on its type).
 */
export async function retrying<T>(
  policy: RetryPolicy,
  attempt: (attemptNumber: number) => Promise<T>,
  isRetryable: (error: unknown) => boolean,
): Promise<T> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (attemptNumber >= policy.maxAttempts || !isRetryable(error)) throw error;
      await policy.sleep(delayBefore(attemptNumber, error, policy));
    }
  }
}
