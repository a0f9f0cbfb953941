/**
 * When each deposit result was first seen (`seenOn`, its break's first seen): kept from one night's
 * match to the next by the result's identity in its status. A deposit linked by hand to a credit
 * (links.ts) replaces two lines, the deposit's own and the credit's: it keeps their nights
 * (`seenBefore`), so an undo gives both back first seen when they were.
 */
import type { IsoDate } from '../calendar';
import { depositIdentity } from './result-identity';
import type { DepositResult } from './types';

/** A result's identity in one status: the same result seen again keeps the night it was first seen. */
export const seenKey = (r: DepositResult) => `${depositIdentity(r)}|${r.status}`;

const earlier = (a: IsoDate | undefined, b: IsoDate) => (a !== undefined && a < b ? a : b);

/**
 * Each result stamped with the first night it was computed in its status: the stored one when the
 * stored results hold it (the earlier of the two, should a night before it be matched again after),
 * else `night`; and a linked deposit's replaced lines likewise.
 */
export function stampSeen(
  results: readonly DepositResult[],
  stored: readonly DepositResult[],
  night: IsoDate,
): DepositResult[] {
  const seen = new Map<string, IsoDate>();
  const keep = (key: string, date: IsoDate | null | undefined) => {
    if (date) seen.set(key, earlier(seen.get(key), date));
  };
  for (const r of stored) {
    keep(seenKey(r), r.seenOn);
    for (const [key, date] of Object.entries(r.seenBefore ?? {})) keep(key, date);
  }
  return results.map((r) => {
    const stamped = { ...r, seenOn: earlier(seen.get(seenKey(r)), night) };
    if (r.seenBefore === undefined) return stamped;
    const keys = Object.keys(r.seenBefore).sort();
    return { ...stamped, seenBefore: Object.fromEntries(keys.map((k) => [k, earlier(seen.get(k), night)])) };
  });
}
