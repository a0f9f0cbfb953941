/**
 * The clock of a local run "as of" a chosen business date (`recon run --as-of`, and the built-in
 * simulator's demo date): real time moved to mid-day of that date in São Paulo, still ticking, so
 * deadlines, leases and elapsed times keep their real lengths while every state (OPEN, OVERDUE...)
 * is derived for that day. The workflow only reads the date from its clock, so nothing else changes.
 */
import type { IsoDate } from '../../lambdas/core/calendar';

/** São Paulo has had no daylight saving time since 2019: mid-day there is 15:00 UTC. */
const MID_DAY_UTC = 'T15:00:00Z';

export function clockAsOf(asOf: IsoDate, realNow: () => number = Date.now): () => Date {
  const startedAt = realNow();
  const offset = Date.parse(`${asOf}${MID_DAY_UTC}`) - startedAt;
  return () => new Date(realNow() + offset);
}
