/**
 * Which receivables a batch reads before writing, and which it presumes new.
 *
 * Reading a key that does not exist costs as much as reading one that does (half a read unit), and
 * on a first night most forecast keys are new: the night's sales. Their items are put with
 * `attribute_not_exists`, so a presumption that turns out wrong costs one refused put and one
 * consistent read (writer.ts reads the item and decides again, as after a lost race) and never a
 * wrong item. That is twelve times dearer than the read it saved, so the batch presumes only when a
 * sample of its forecast keys shows they are new: a re-run or a re-delivered report finds its
 * forecasts in the sample and reads every key as before.
 */
import type { Receivable } from '../receivables/item';
import type { TableDeps } from '../receivables/queries';
import { readReceivables } from './batch-read';

/** Forecast keys read as a sample before presuming the rest new. */
export const PRESUMPTION_SAMPLE = 32;
/** Stored keys the sample may hold and still presume: a refused put costs about 12 reads of a key. */
const FOUND_IN_SAMPLE_AT_MOST = 1;

export interface KnownReceivables {
  /** The stored items of the keys read. */
  readonly seen: ReadonlyMap<string, Receivable>;
  /** Keys not read: written as new, read only if the put is refused. */
  readonly presumedNew: ReadonlySet<string>;
}

/** Every `sampleSize`-th key spread over the list, so that an order by date does not bias it. */
function spread<T>(items: readonly T[], sampleSize: number): T[] {
  const step = items.length / sampleSize;
  return Array.from({ length: sampleSize }, (_, i) => items[Math.floor(i * step)] as T);
}

/**
 * Reads `keys` but the forecast keys it can presume new. `startsWithForecast` tells a key whose
 * records in this batch include a forecast (a payment or lifecycle record mostly finds its sale).
 */
export async function readOrPresumeNew(
  deps: TableDeps,
  keys: readonly string[],
  startsWithForecast: (key: string) => boolean,
): Promise<KnownReceivables> {
  const forecasts = keys.filter(startsWithForecast);
  if (forecasts.length <= PRESUMPTION_SAMPLE) {
    return { seen: await readReceivables(deps, keys), presumedNew: new Set() };
  }
  const sample = new Set(spread(forecasts, PRESUMPTION_SAMPLE));
  const others = keys.filter((key) => sample.has(key) || !startsWithForecast(key));
  const seen = await readReceivables(deps, others);
  const foundInSample = [...sample].filter((key) => seen.has(key)).length;
  const rest = forecasts.filter((key) => !sample.has(key));
  if (foundInSample > FOUND_IN_SAMPLE_AT_MOST) {
    const more = await readReceivables(deps, rest);
    return { seen: new Map([...seen, ...more]), presumedNew: new Set() };
  }
  return { seen, presumedNew: new Set(rest) };
}
