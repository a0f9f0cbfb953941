/** Small helpers shared by the benchmarks. */

/** Rounds to `digits` decimals for display and results.json (figures, never money in centavos). */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Milliseconds since `startedAt` (a `performance.now()` reading). */
export function elapsedMs(startedAt: number): number {
  return performance.now() - startedAt;
}
