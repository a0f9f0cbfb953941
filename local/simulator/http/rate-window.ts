/**
 * The provider's rate limit as it counts: arrivals over a sliding one-second window. Also measures how
 * recon's pacing is judged: the largest number of arrivals seen in any 1000 ms window, and the
 * shortest span holding `limit + 1` arrivals (at least 1000 ms means never more than `limit` in any
 * second; what it exceeds 1000 ms by is the headroom the pacing kept, as the provider saw it).
 */

const WINDOW_MS = 1000;

/** Timestamps in arrival order, dropping those that left the trailing window. */
class SlidingTimes {
  private times: number[] = [];
  private head = 0;

  /** Number of timestamps in (now - WINDOW_MS, now]. */
  countSince(now: number): number {
    while (this.head < this.times.length && (this.times[this.head] as number) <= now - WINDOW_MS) this.head++;
    if (this.head > 1024) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    return this.times.length - this.head;
  }

  push(now: number): void {
    this.times.push(now);
  }

  oldest(): number | undefined {
    return this.times[this.head];
  }
}

export interface RateDecision {
  readonly allowed: boolean;
  /** Whole seconds until a slot frees (at least 1); meaningful when not allowed. */
  readonly retryAfterSeconds: number;
}

export function buildRateWindow(limit: number) {
  let arrivals = new SlidingTimes();
  const accepted = new SlidingTimes();
  let maxArrivals = 0;
  /** The last `limit` arrival times, oldest first. */
  let lastArrivals: number[] = [];
  let tightestSpan = Number.POSITIVE_INFINITY;
  return {
    /** Records an arrival at monotonic time `now` (ms) and updates the busiest-second measures. */
    arrive(now: number): void {
      arrivals.push(now);
      maxArrivals = Math.max(maxArrivals, arrivals.countSince(now));
      if (lastArrivals.length === limit)
        tightestSpan = Math.min(tightestSpan, now - (lastArrivals.shift() as number));
      lastArrivals.push(now);
    },
    /** Accepts the request if fewer than `limit` were accepted in the trailing second. */
    tryAccept(now: number): RateDecision {
      if (accepted.countSince(now) >= limit) {
        const freeAt = (accepted.oldest() ?? now) + WINDOW_MS;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
      }
      accepted.push(now);
      return { allowed: true, retryAfterSeconds: 0 };
    },
    maxInAnySecond: () => maxArrivals,
    /** Shortest span (ms) in which `limit + 1` requests arrived; null while fewer have arrived. */
    tightestSpanMs: () => (Number.isFinite(tightestSpan) ? tightestSpan : null),
    /** Resets the measurement only: the limit keeps counting what was already accepted. */
    resetMeasure(): void {
      arrivals = new SlidingTimes();
      maxArrivals = 0;
      lastArrivals = [];
      tightestSpan = Number.POSITIVE_INFINITY;
    },
  };
}
