/**
 * A rate limiter shared by every caller of the provider. The provider counts arrivals over any
 * one-second window for the whole account, so implementations pace requests evenly (one slot every
 * 1/rate seconds, with a margin) instead of letting bursts through.
 */
export interface RateLimiter {
  /** Resolves when the caller may send one request. */
  acquire(): Promise<void>;
  /** Tells the limiter the provider answered 429: slow everybody down for `retryAfterMs` (or a default). */
  backOff(retryAfterMs?: number): Promise<void>;
}
