/**
 * Brazilian bank business days (docs/deposits.md "## Matching"): the days a bank posts
 * credits. Weekends and the national holidays on which banks close are not business days; the
 * holidays come from the maintained `date-holidays` library (country BR, types `public` and `bank`:
 * Carnaval Monday and Tuesday, Good Friday, Corpus Christi, Consciência Negra since 2024, ...), never
 * from a list written here, so a new law or a year nobody typed in is the library's to know. The
 * library's answers are read from a table it generated (tools/brazil-holidays.mjs): the library itself
 * carries every country's rules and a time-zone database, over half of the matching Lambda.
 *
 * Regional holidays (a state's, a city's) are left out on purpose: a deposit window is a few days
 * wide and a regional closing at most delays a credit by one day that the window usually absorbs.
 */
import { addDays, type IsoDate, isIsoDate, toEpochDay } from '../calendar';
import TABLE from './brazil-bank-holidays.json';

const YEARS: Readonly<Record<string, string>> = TABLE.years;
const closedByYear = new Map<number, ReadonlySet<IsoDate>>();

/** The national bank holidays of a year as calendar dates. */
export function bankHolidays(year: number): ReadonlySet<IsoDate> {
  let closed = closedByYear.get(year);
  if (closed === undefined) {
    const days = YEARS[year];
    if (days === undefined) {
      throw new Error(
        `business days: no bank holidays known for ${year} (the table covers ${TABLE.firstYear}–${TABLE.lastYear}; widen it in tools/brazil-holidays.mjs)`,
      );
    }
    closed = new Set(days.split(' ').map((monthDay) => `${year}-${monthDay}`));
    closedByYear.set(year, closed);
  }
  return closed;
}

function checked(date: IsoDate): IsoDate {
  if (!isIsoDate(date)) throw new Error(`business days: '${date}' is not a calendar date yyyy-MM-dd`);
  return date;
}

/** 0 Sunday … 6 Saturday; 1970-01-01 (epoch day 0) was a Thursday. */
function weekday(date: IsoDate): number {
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
}

/** A weekday that is not a national bank holiday. */
export function isBusinessDay(date: IsoDate): boolean {
  const day = weekday(checked(date));
  if (day === 0 || day === 6) return false;
  return !bankHolidays(Number(date.slice(0, 4))).has(date);
}

/** `date` itself when it is a business day, else the next business day. */
export function nextBusinessDayFrom(date: IsoDate): IsoDate {
  let day = checked(date);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * `n` business days after `date`. A date that is not a business day first rolls forward to the next
 * one (a payment dated on a Saturday may be credited on Monday: `addBusinessDays(saturday, 0)` is that
 * Monday, `addBusinessDays(saturday, 1)` the Tuesday).
 */
export function addBusinessDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n) || n < 0) {
    throw new Error(`business days: the number of days must be a whole number ≥ 0, got ${n}`);
  }
  let day = nextBusinessDayFrom(date);
  for (let left = n; left > 0; left -= 1) day = nextBusinessDayFrom(addDays(day, 1));
  return day;
}
