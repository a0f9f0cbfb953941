/**
 * Splits a movement period into generation windows the provider accepts.
 *
 * The provider's rule is "dataMovimentacaoFinal at most 30 days after dataMovimentacaoInicial", i.e.
 * `daysBetween(from, to) <= 30`. Both ends are inclusive, so one window covers up to 31 calendar days
 * (2025-01-01..2025-01-31). Windows are consecutive: no gap, no overlap, so no record is fetched
 * twice and none is missed.
 */
import { addDays, daysBetween, type IsoDate, isIsoDate } from '../calendar';

/** The provider's maximum `final − inicial`, in days. */
export const MAX_WINDOW_DAYS = 30;

export interface DateWindow {
  readonly from: IsoDate;
  /** Inclusive. */
  readonly to: IsoDate;
}

/** True when the provider accepts `window` as one generation period. */
export function isAcceptedWindow(window: DateWindow, maxDays = MAX_WINDOW_DAYS): boolean {
  const span = daysBetween(window.from, window.to);
  return span >= 0 && span <= maxDays;
}

export function splitIntoWindows(from: IsoDate, to: IsoDate, maxDays = MAX_WINDOW_DAYS): DateWindow[] {
  if (!isIsoDate(from) || !isIsoDate(to)) throw new RangeError(`not calendar dates: ${from}, ${to}`);
  if (daysBetween(from, to) < 0) throw new RangeError(`period ends before it starts: ${from} > ${to}`);
  if (!Number.isInteger(maxDays) || maxDays < 0) throw new RangeError(`bad maxDays: ${maxDays}`);
  const windows: DateWindow[] = [];
  for (let start = from; daysBetween(start, to) >= 0; start = addDays(start, maxDays + 1)) {
    const end = addDays(start, maxDays);
    windows.push({ from: start, to: daysBetween(end, to) < 0 ? to : end });
  }
  return windows;
}
