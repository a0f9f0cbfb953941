/**
 * The hot table's horizon (docs/scale.md, "Hot table horizon"): a receivable with a settlement whose
 * last payment, sale and last write all lie more than `hotHorizonDays` in the past leaves DynamoDB by
 * TTL; its last state stays in the lake's change log. Both rules below follow from one invariant:
 * an archived receivable's sale date AND its last write are older than the horizon.
 *
 * - {@link expiresAtOf}: the TTL instant, set on every write (no extra request); {@link expiryDateOf}
 *   its day, under which the book totals file the receivable.
 * - {@link archivedCandidate}: a record whose receivable is absent may belong to an archived one only
 *   if its sale is older than the horizon AND the touched-key log (every write's date) reaches back
 *   beyond the horizon; such records are quarantined as ARCHIVED_RECEIVABLE instead of starting a new
 *   receivable that would show part of the money (a lone settlement as UNEXPECTED) or count a
 *   re-delivered record a second time in the lake.
 */
import { addDays, type IsoDate, toEpochDay } from '../calendar';
import type { ReconConfig } from '../config';
import type { CanonicalRecord } from '../ingest/records/canonical';
import { holds } from './lifecycle';
import type { ReceivableContent } from './matcher';
import { explain } from './status';

type HorizonConfig = Pick<ReconConfig, 'hotHorizonDays' | 'tolerance' | 'graceDays'>;

const SECONDS_PER_DAY = 86_400;
/**
 * Days after horizon + anchor before the TTL instant: the business date (America/Sao_Paulo) lags UTC
 * midnight by hours, so one day more keeps "expired" strictly past the horizon on every clock.
 */
const TTL_MARGIN_DAYS = 2;

function latest(dates: readonly (IsoDate | null)[]): IsoDate | null {
  return dates.reduce<IsoDate | null>((max, d) => (d !== null && (max === null || d > max) ? d : max), null);
}

/**
 * Whether nothing more is awaited: money arrived (a payment or an advance), or the sale was cancelled
 * in full (CANCELLED before payment: nothing is due, as final as SETTLED). An unpaid forecast must
 * stay to become OVERDUE, and an UNLINKED receivable (a cancellation, chargeback or adjustment
 * without its sale, docs/lifecycle.md) must stay until its sale arrives, as an OPEN one stays until
 * paid: were it to expire, the sale's A1 arriving later would start a receivable without it.
 */
function isFinal(receivable: ReceivableContent & { readonly changedOn: IsoDate }, config: HorizonConfig) {
  if (receivable.settlements.length > 0 || holds(receivable.events, 'ADVANCE')) return true;
  // The state of a cancelled receivable does not depend on the day it is read.
  return (
    receivable.events !== undefined &&
    explain(receivable, receivable.changedOn, config).status === 'CANCELLED'
  );
}

/**
 * The day the receivable expires (its TTL instant is that day's 00:00 UTC), or undefined when it
 * stays (no horizon configured, or not final: see {@link isFinal}). A pure function of the stored
 * content, so the book totals file a receivable's cells under this day and leave them out from it
 * on (book/expiry.ts), as TTL leaves the item out.
 */
export function expiryDateOf(
  receivable: ReceivableContent & { readonly changedOn: IsoDate },
  config: HorizonConfig,
): IsoDate | undefined {
  if (config.hotHorizonDays === null || !isFinal(receivable, config)) return undefined;
  const anchor = latest([
    receivable.changedOn,
    receivable.saleDate,
    ...receivable.settlements.map((s) => s.paymentDate),
    ...(receivable.events ?? []).map((e) => e.paymentDate ?? e.movementDate),
  ]) as IsoDate;
  return endOfMonth(addDays(anchor, config.hotHorizonDays + TTL_MARGIN_DAYS));
}

/**
 * The last day of `date`'s month. Expiry is rounded up to it so the book totals hold one bucket per
 * month of the horizon, not one per day: the TOTALS item stays a few KB (each update costs a write
 * unit per KB, and an item may not exceed 400 KB), at the price of a receivable staying in the hot
 * table up to a month longer.
 */
export function endOfMonth(date: IsoDate): IsoDate {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const firstOfNext = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(firstOfNext as IsoDate, -1);
}

/** Epoch seconds after which DynamoDB may delete the receivable (see {@link expiryDateOf}). */
export function expiresAtOf(
  receivable: ReceivableContent & { readonly changedOn: IsoDate },
  config: HorizonConfig,
): number | undefined {
  const expiry = expiryDateOf(receivable, config);
  return expiry === undefined ? undefined : toEpochDay(expiry) * SECONDS_PER_DAY;
}

/** The last date a receivable archived by `asOf` can have been sold or written on. */
export function horizonCutoff(asOf: IsoDate, config: HorizonConfig): IsoDate | null {
  return config.hotHorizonDays === null ? null : addDays(asOf, -config.hotHorizonDays - 1);
}

/**
 * Whether records of an ABSENT receivable may belong to an archived one: sold on or before the
 * cutoff, with the first logged write also on or before it (a table younger than the horizon has
 * archived nothing). `firstLogged` is asked only when a sale date qualifies.
 */
export async function archivedCandidate(
  records: readonly CanonicalRecord[],
  cutoff: IsoDate | null,
  firstLogged: () => Promise<IsoDate | null>,
): Promise<boolean> {
  if (cutoff === null) return false;
  const sold = records[0]?.saleDate ?? null;
  if (sold === null || sold > cutoff) return false;
  const first = await firstLogged();
  return first !== null && first <= cutoff;
}
