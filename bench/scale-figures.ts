/**
 * The `scale` section of bench/results.json: one night per book size, the cost ratio of the largest
 * book to the smallest, and the nightly cost at 10 million receivables extrapolated on the line
 * through the two extreme books (a night whose cost follows the night has a flat line). Only the
 * counted part (requests, units, transitions) is extrapolated: Lambda duration is wall time on a
 * shared machine, whose noise would tilt the line, so it is taken as the largest book measured it.
 */
import type { StepName } from '../lambdas/core/workflow/step-catalog';
import type { Prices } from './cost';
import { round } from './figures';
import { measureScale, type ScaleRun } from './scale';

const NIGHT_RECORDS = 10_000;
const EXTRAPOLATE_TO = 10_000_000;

export async function scaleFigures(
  bookSizes: readonly number[],
  context: { prices: Prices; memoryByStep: Partial<Record<StepName, number>>; log: (line: string) => void },
) {
  if (bookSizes.length < 2 || bookSizes.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new Error(`--book-sizes needs two or more whole numbers, got ${bookSizes.join(',')}`);
  }
  const sizes = [...bookSizes].sort((a, b) => a - b);
  const runs: ScaleRun[] = [];
  for (const size of sizes) runs.push(await measureScale(size, NIGHT_RECORDS, context, context.log));
  const small = runs[0] as ScaleRun;
  const large = runs.at(-1) as ScaleRun;
  const slope = (large.total.countedUsd - small.total.countedUsd) / (large.bookSize - small.bookSize);
  const at10M =
    small.total.countedUsd + slope * (EXTRAPOLATE_TO - small.bookSize) + large.total.lambdaDurationUsd;
  return {
    bookSizes: sizes,
    nightRecords: large.records,
    ratio: round(large.total.usd / small.total.usd, 3),
    usdPerNight: Object.fromEntries(runs.map((r) => [r.bookSize, r.total.usd])),
    usdPerMillionRecords: Object.fromEntries(runs.map((r) => [r.bookSize, r.total.usdPerMillionRecords])),
    extrapolated: {
      bookSize: EXTRAPOLATE_TO,
      usdPerNight: round(at10M, 5),
      usdPerMillionRecords: round((at10M / large.records) * 1e6, 3),
      usdPerMillionReceivablesInBookPerNight: round(slope * 1e6, 5),
    },
    runs,
  };
}
