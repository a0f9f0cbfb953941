/**
 * The result dates a night's deposit match recomputes (reconcile.ts writes them), which are the
 * dates the report's deposits section reads back (section-reader.ts): one definition for both.
 */
import { addDays, type IsoDate } from '../calendar';
import { type DepositsConfig, MAX_LOOKBACK_DAYS } from './config';

// ISO dates order as text.
const earlier = (a: IsoDate, b: IsoDate) => (a < b ? a : b);
export const later = (a: IsoDate, b: IsoDate) => (a > b ? a : b);

/**
 * The result dates a night recomputes: its own period and the `lookbackDays` before `asOf`, never
 * further back than {@link MAX_LOOKBACK_DAYS} (older deposit cells have left the totals).
 */
export function depositRange(
  period: { from: IsoDate },
  asOf: IsoDate,
  config: Pick<DepositsConfig, 'lookbackDays'>,
): { from: IsoDate; to: IsoDate } {
  const wanted = earlier(period.from, addDays(asOf, -config.lookbackDays));
  return { from: later(wanted, addDays(asOf, -MAX_LOOKBACK_DAYS)), to: asOf };
}
