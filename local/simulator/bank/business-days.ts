/**
 * Business days as the bank leg counts them (COMMON rule, docs/deposits.md): weekends and the Brazilian
 * national public and bank holidays of `date-holidays` (Carnaval Monday and Tuesday, Good Friday and
 * Corpus Christi included) are not. A small copy for the simulator, so that its answer key does not lean
 * on the code it checks (lambdas/core/deposits).
 */
import Holidays from 'date-holidays';
import { addDays, type IsoDate, toEpochDay } from '../../../lambdas/core/calendar';

const calendar = new Holidays('BR', { types: ['public', 'bank'] });
const byYear = new Map<number, ReadonlyMap<IsoDate, string>>();

/** The holidays of one year, by ISO date (the library gives local 'yyyy-MM-dd hh:mm:ss' strings). */
function holidaysOf(year: number): ReadonlyMap<IsoDate, string> {
  let days = byYear.get(year);
  if (!days) {
    days = new Map(calendar.getHolidays(year).map((h) => [h.date.slice(0, 10), h.name] as const));
    byYear.set(year, days);
  }
  return days;
}

/** The holiday's name on `date`, or undefined. */
export function holidayOn(date: IsoDate): string | undefined {
  return holidaysOf(Number(date.slice(0, 4))).get(date);
}

export function isBusinessDay(date: IsoDate): boolean {
  // Epoch day 0 (1970-01-01) was a Thursday: +4 makes Sunday 0.
  const weekday = (((toEpochDay(date) + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6 && holidayOn(date) === undefined;
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let day = addDays(date, 1);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** `date` itself when a business day, else the next one: when a bank posts what is due on `date`. */
export function postingDay(date: IsoDate): IsoDate {
  return isBusinessDay(date) ? date : nextBusinessDay(date);
}

/** The `n`th business day after `date` (`date` itself for 0): the last day a deposit may arrive. */
export function addBusinessDays(date: IsoDate, n: number): IsoDate {
  let day = date;
  for (let i = 0; i < n; i++) day = nextBusinessDay(day);
  return day;
}

/** The holidays strictly between two dates (what makes a next business day late). */
export function holidaysBetween(from: IsoDate, to: IsoDate): string[] {
  const names: string[] = [];
  for (let day = addDays(from, 1); day < to; day = addDays(day, 1)) {
    const name = holidayOn(day);
    if (name) names.push(`${day} ${name}`);
  }
  return names;
}
