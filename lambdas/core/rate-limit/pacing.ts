/**
 * Even pacing shared by both limiters. The provider counts arrivals in ANY one-second window, so a
 * token bucket that allows bursts of 10 can still be refused when jitter bunches them; one slot every
 * `1000 / (rate · (1 − margin))` ms never puts more than `rate` requests in a second, and the margin
 * absorbs network jitter between sending and arrival.
 */

export interface PacingOptions {
  /** Requests per second the provider allows for the whole account. @default 10 */
  readonly ratePerSecond?: number;
  /**
   * Fraction of the rate kept in reserve. @default 0.1
   * Sends k and k + rate are at least `rate · I − I/4` apart (I the slot interval, I/4 the lateness
   * allowance): 1083 ms at 10/s with 10%, so 83 ms of delay between a send and its arrival still
   * cannot put `rate + 1` requests into one second. 5% would leave 26 ms, and a cold send path
   * takes more: the first request of a process (the HTTP stack's first use, a new connection)
   * measured 63 ms from send to arrival, on loopback, and put an 11th request into one second.
   */
  readonly marginRatio?: number;
  /**
   * Longest pause one 429 may impose on every caller, whatever its `Retry-After` says: a provider
   * (or a proxy) answering `Retry-After: 86400` must not park the whole night. @default 60_000
   */
  readonly maxBackOffMs?: number;
}

export const DEFAULT_RATE_PER_SECOND = 10;
export const DEFAULT_MARGIN_RATIO = 0.1;
/** How long a 429 without `Retry-After` pauses every caller. */
const DEFAULT_BACK_OFF_MS = 1_000;
/** Cap on any back-off; the provider client caps `Retry-After` to the same value by default. */
export const DEFAULT_MAX_BACK_OFF_MS = 60_000;

/** The pause a 429 imposes: its `Retry-After` (or {@link DEFAULT_BACK_OFF_MS}), capped. */
export function boundedBackOffMs(retryAfterMs: number | undefined, options: PacingOptions = {}): number {
  const cap = options.maxBackOffMs ?? DEFAULT_MAX_BACK_OFF_MS;
  return Math.min(Math.max(0, retryAfterMs ?? DEFAULT_BACK_OFF_MS), cap);
}

/** Milliseconds between two consecutive slots. */
export function slotIntervalMs(options: PacingOptions = {}): number {
  const rate = options.ratePerSecond ?? DEFAULT_RATE_PER_SECOND;
  const margin = options.marginRatio ?? DEFAULT_MARGIN_RATIO;
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`ratePerSecond must be > 0, got ${rate}`);
  if (!(margin >= 0 && margin < 1)) throw new RangeError(`marginRatio must be in [0, 1), got ${margin}`);
  return 1000 / (rate * (1 - margin));
}

/** How late after its slot a caller may still send: a quarter of the slot interval. */
export function latenessAllowanceMs(interval: number): number {
  return interval / 4;
}

/**
 * Sleeps until `slot` (epoch ms) and says whether the caller woke in time to use it. A caller that
 * wakes late (event-loop stall, slow claim) and sends anyway would arrive bunched with the callers of
 * the following slots; with a lateness of at most {@link latenessAllowanceMs}, no one-second window
 * can hold more than `rate` sends even with every slot used at the edge of its tolerance, and the
 * rest of the margin is left for network jitter.
 */
export async function sleepUntilSlot(
  slot: number,
  interval: number,
  now: () => number,
  sleep: (ms: number) => Promise<void>,
): Promise<boolean> {
  const wait = slot - now();
  if (wait > 0) await sleep(wait);
  return now() - slot <= latenessAllowanceMs(interval);
}

/** A late caller claims a fresh slot at most this many times, then sends (never starves). */
export const MAX_CLAIMS = 4;

/** Claims slots until one is used in time (or {@link MAX_CLAIMS} were tried). */
export async function acquireSlot(
  claim: () => Promise<number> | number,
  interval: number,
  now: () => number,
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  for (let claims = 1; ; claims++) {
    const slot = await claim();
    if ((await sleepUntilSlot(slot, interval, now, sleep)) || claims >= MAX_CLAIMS) return;
  }
}

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
