/**
 * Calendar dates without time zones, as ISO `yyyy-MM-dd` strings.
 *
 * Money and dates are the two places where reconciliation tools silently go wrong; keeping dates as
 * plain strings (not `Date`) makes "the 3rd of March" mean the same thing in every time zone.
 */
import { z } from 'zod';

/** The business time zone: "today" and "yesterday" are asked of a clock in this zone. */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid calendar date `yyyy-MM-dd` (rejects 2025-02-30). */
export const isoDateSchema = z.string().refine(isIsoDate, 'expected a calendar date yyyy-MM-dd');
export type IsoDate = string;

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [, y, mo, d] = m;
  const utc = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return (
    utc.getUTCFullYear() === Number(y) &&
    utc.getUTCMonth() === Number(mo) - 1 &&
    utc.getUTCDate() === Number(d)
  );
}

/** Days since 1970-01-01 for a calendar date: lets date arithmetic stay in integers. */
export function toEpochDay(date: IsoDate): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

export function fromEpochDay(day: number): IsoDate {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** The provider's request format: `dd/MM/yyyy`. */
export function toProviderDate(date: IsoDate): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

// en-CA formats as yyyy-MM-dd. Built once: record date-times with an offset are read through it.
const BUSINESS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date of an instant in the business time zone (historical offsets and DST included). */
export function businessDate(instant: Date): IsoDate {
  return BUSINESS_DAY.format(instant);
}
