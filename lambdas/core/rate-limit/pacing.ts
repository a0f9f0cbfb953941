/**
 * Pacing shared by both limiters. The provider counts arrivals in ANY one-second window, so a
 * token bucket that refills while it bursts can let 20 requests into one second. Here any `rate + 1`
 * slots span at least `rate · I`, with `I = 1000 / (rate · (1 − margin))` (window.ts): request k + rate
 * comes at least `rate · I` after request k. What that exceeds 1000 ms by (the reserve, 30.9 ms at
 * 10/s with 3%) is all the timing error the scheme trusts: a quarter for waking late, the rest for
 * the variation of the delay between the check and the arrival. Everything larger is paid for by the
 * request that causes it:
 * - a cold send (the process's first request: its first connection, code paths run for the first
 *   time) arrives later than warm ones, so an instance's first claim records `coldStartMs` more after
 *   its slot (the provider client loads the HTTP stack itself before that claim: warm-up.ts);
 * - a caller that wakes past the allowance moves its own entry, and every later one, back by twice its
 *   lateness, then sends: the request `rate` places later still comes `rate · I` after it. When it
 *   cannot (later than the claim horizon allows, or a damaged DynamoDB item) it does not send, and
 *   claims a new slot with a gap after it wide enough for the lateness it just saw (doubling).
 * See docs/rate-limit.md.
 */

import type { WindowShape } from './window';

export interface PacingOptions {
  /** Requests per second the provider allows for the whole account. @default 10 */
  readonly ratePerSecond?: number;
  /**
   * Fraction of the rate kept in reserve. @default 0.03
   * It covers a caller's lateness and the delay between the limiter's check and the arrival (the
   * sending event loop busy between `fetch` and the socket write, then the way to the provider's
   * front door): the budget and its measured parts are in docs/rate-limit.md.
   */
  readonly marginRatio?: number;
  /**
   * Extra gap after an instance's first slot, for the first request's cold send path. @default 20
   * A process's first request reaches the provider later than the next ones even after the HTTP
   * warm-up (warm-up.ts); the gap keeps it from bunching with them (figures: `download.coldSend`,
   * docs/rate-limit.md).
   */
  readonly coldStartMs?: number;
  /**
   * Least time between two consecutive slots. @default 10
   * An idle bucket deals its first `rate` slots this far apart rather than one interval (103 ms)
   * apart, and every later slot keeps the time saved (window.ts); 10 ms lets a Lambda's event loop
   * write each request before the next one's slot.
   */
  readonly spacingMs?: number;
  /**
   * Longest pause one 429 may impose on every caller, whatever its `Retry-After` says: a provider
   * (or a proxy) answering `Retry-After: 86400` must not park the whole night. @default 60_000
   */
  readonly maxBackOffMs?: number;
}

export const DEFAULT_RATE_PER_SECOND = 10;
export const DEFAULT_MARGIN_RATIO = 0.03;
export const DEFAULT_COLD_START_MS = 20;
export const DEFAULT_SPACING_MS = 10;
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

/** The window both limiters keep their slots in (window.ts). */
export function windowShape(options: PacingOptions = {}): WindowShape {
  const rate = options.ratePerSecond ?? DEFAULT_RATE_PER_SECOND;
  const spacingMs = options.spacingMs ?? DEFAULT_SPACING_MS;
  if (!(spacingMs >= 0 && Number.isFinite(spacingMs)))
    throw new RangeError(`spacingMs must be >= 0, got ${spacingMs}`);
  return { rate, spanMs: rate * slotIntervalMs(options), spacingMs };
}

/** What `rate` slots span beyond one second: the timing error the pacing absorbs. */
export function reserveMs(options: PacingOptions = {}): number {
  const rate = options.ratePerSecond ?? DEFAULT_RATE_PER_SECOND;
  return rate * slotIntervalMs(options) - 1000;
}

/**
 * How late after its slot a caller may still send: a quarter of the reserve. The rest is for what no
 * check can see, the delay between the check and the request's arrival (see PacingOptions.marginRatio).
 */
export function latenessAllowanceMs(options: PacingOptions = {}): number {
  return reserveMs(options) / 4;
}

/** Widest gap a late caller reserves after its slot; a process later than this is starved. */
export const MAX_LATE_GAP_MS = 1_000;

/** Claims in a row that woke too late before the acquire fails loudly instead of sending. */
export const MAX_CLAIMS = 8;

/** A caller woke past every slot it claimed: its event loop is starved, and sending would burst. */
export class LimiterStarvedError extends Error {
  constructor(claims: number, lateByMs: number) {
    super(`rate limiter: woke too late for ${claims} slots in a row (last ${Math.round(lateByMs)} ms late)`);
    this.name = 'LimiterStarvedError';
  }
}

/**
 * How far ahead of now a slot may be claimed; a caller facing a later next slot sleeps first. It makes
 * the slot `rate` places after any slot unclaimable until `rate · I − CLAIM_HORIZON_MS` after it (81
 * ms at 10/s), which is what lets a late caller move the slots nobody holds yet ({@link SlotBook.push}),
 * and it bounds what a lost DynamoDB item can hide (see `dynamo.ts`).
 */
export const CLAIM_HORIZON_MS = 950;

/** The slots of one bucket, as a limiter keeps them (in memory or in DynamoDB). */
export interface SlotBook {
  /**
   * Takes the next free slot (never more than {@link CLAIM_HORIZON_MS} ahead of now) and records that
   * its request may be sent up to `gapMs` after it: the extra room this caller needs after its own
   * slot (cold path, lateness).
   */
  claim(gapMs: number): Promise<number> | number;
  /** Records that the request of `slot` is sent `ms` later than claimed; false when it could not. */
  push(slot: number, ms: number): Promise<boolean> | boolean;
}

export interface PacerDeps {
  readonly book: SlotBook;
  readonly options: PacingOptions;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * `acquire` for one limiter instance: sleeps until a claimed slot and returns only when the caller
 * may send within the tolerance that slot was claimed with. Its first claim is the cold one.
 */
export function buildPacer(deps: PacerDeps): () => Promise<void> {
  const allowance = latenessAllowanceMs(deps.options);
  const coldStartMs = deps.options.coldStartMs ?? DEFAULT_COLD_START_MS;
  /** Until then after its slot, the slot `rate` places later cannot have been claimed yet. */
  const pushableMs = windowShape(deps.options).spanMs - CLAIM_HORIZON_MS;
  let warm = false;

  /**
   * True when a send now is covered: within `tolerance` of the slot, or later but with its entry
   * moved back by the lateness. That keeps the request `rate` places later `rate` intervals after
   * this send; the ones in between are fewer than `rate`, so no window gains one.
   */
  async function sendable(slot: number, tolerance: number): Promise<boolean> {
    for (let covered = tolerance; ; ) {
      const lateBy = deps.now() - slot;
      if (lateBy >= pushableMs) return false;
      if (lateBy <= covered) return true;
      const more = 2 * (lateBy - covered);
      if (!(await deps.book.push(slot, more))) return false;
      covered += more;
    }
  }

  return async () => {
    const coldGap = warm ? 0 : coldStartMs;
    warm = true;
    let lateGap = 0;
    for (let claims = 1; ; claims++) {
      const slot = await deps.book.claim(coldGap + lateGap);
      await sleepUntil(slot, deps);
      // A send up to `lateGap` past the allowance is covered: nobody's slot starts within it.
      if (await sendable(slot, allowance + lateGap)) return;
      const lateBy = deps.now() - slot;
      if (claims >= MAX_CLAIMS) throw new LimiterStarvedError(claims, lateBy);
      lateGap = Math.min(MAX_LATE_GAP_MS, Math.max(2 * lateGap, 2 * lateBy));
    }
  };
}

/**
 * Never returns before `slot`: a timer may fire a fraction of a millisecond early (whole-ms clocks),
 * so any remainder is slept again, rounded up so that it cannot be rounded down to nothing.
 */
async function sleepUntil(slot: number, deps: Pick<PacerDeps, 'now' | 'sleep'>): Promise<void> {
  for (let wait = slot - deps.now(); wait > 0; ) {
    await deps.sleep(wait);
    wait = Math.ceil(slot - deps.now());
  }
}

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
