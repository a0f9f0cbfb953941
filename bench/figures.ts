/** Small helpers shared by the benchmarks. */

/** Rounds to `digits` decimals for display and results.json (figures, never money in centavos). */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
