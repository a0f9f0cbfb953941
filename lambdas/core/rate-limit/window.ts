/**
 * A bucket's slots as the provider counts requests: in any one-second window. Both limiters keep the
 * same record, `recent`: for each of the last `rate` slots, the latest time its request may be sent
 * (the slot plus the gap its claimer asked for), oldest first and never decreasing (each entry is at
 * least the one before it). A new slot is free when it is
 * - at least `span` (rate · I, 1030.9 ms at 10/s with 3%) after the entry `rate` places back, so any
 *   `rate + 1` requests span that much (see pacing.ts for what the excess over 1000 ms absorbs);
 * - at least `spacingMs` after the previous entry, so the requests of an idle bucket's burst leave
 *   one after another rather than in one tick.
 * Evenly spaced slots (one interval apart, the scheme before) meet the first rule with room to spare
 * and waste it at every idle start: an idle bucket's first `rate` slots took 9 intervals (928 ms) to
 * deal, and every later slot inherited that delay. Here they take 9 · `spacingMs`.
 */

export interface WindowShape {
  /** Requests per window (the provider's rate). */
  readonly rate: number;
  /** What `rate` slots must span: `rate` intervals. */
  readonly spanMs: number;
  /** Least time between consecutive slots. */
  readonly spacingMs: number;
}

export type Recent = readonly number[];

/** The earliest free slot not before `earliest`. */
export function nextFreeSlot(recent: Recent, earliest: number, shape: WindowShape): number {
  const last = recent.at(-1);
  const windowStart = recent.length >= shape.rate ? recent[recent.length - shape.rate] : undefined;
  return Math.max(
    earliest,
    windowStart === undefined ? Number.NEGATIVE_INFINITY : windowStart + shape.spanMs,
    last === undefined ? Number.NEGATIVE_INFINITY : last + shape.spacingMs,
  );
}

/** `recent` after claiming `slot` for a send up to `gapMs` after it. */
export function withClaim(recent: Recent, slot: number, gapMs: number, shape: WindowShape): number[] {
  const entry = Math.max(slot + gapMs, recent.at(-1) ?? Number.NEGATIVE_INFINITY);
  return [...recent, entry].slice(-shape.rate);
}

/**
 * `recent` after a caller whose slot was `slot` sends `ms` later than it claimed: its own entry and
 * every later one move `ms` on (the later ones need not, but moving them keeps the order and only
 * delays slots nobody holds yet). Entries before `slot` are other callers' and stay.
 */
export function withPush(recent: Recent, slot: number, ms: number): number[] {
  return recent.map((entry) => (entry >= slot ? entry + ms : entry));
}

/** `recent` such that no free slot comes before `notBefore` (a back-off, a repair). */
export function withFloor(recent: Recent, notBefore: number, shape: WindowShape): number[] {
  const floor = notBefore - shape.spanMs;
  const padded = [...Array<number>(Math.max(0, shape.rate - recent.length)).fill(floor), ...recent];
  return padded.slice(-shape.rate).map((entry) => Math.max(entry, floor));
}

/** True when `value` can be a stored `recent`: finite numbers, never decreasing. */
export function isRecent(value: unknown): value is Recent {
  return (
    Array.isArray(value) &&
    value.every(
      (entry, i) => typeof entry === 'number' && Number.isFinite(entry) && (i === 0 || entry >= value[i - 1]),
    )
  );
}
