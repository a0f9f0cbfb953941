#!/usr/bin/env node
/**
 * Writes the Brazilian national bank holidays the deposit matcher skips
 * (lambdas/core/deposits/brazil-bank-holidays.json) from the `date-holidays` library, for every year
 * from FIRST_YEAR to LAST_YEAR. The Lambdas read that small table instead of the library, whose rule
 * parser and every country's data (moment-timezone, astronomy tables) made up over half of the
 * summarize bundle. Run it again after upgrading `date-holidays`; a unit test fails until then.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Holidays from 'date-holidays';

export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;
/** Holiday types on which Brazilian banks do not post (`optional` ones such as Ash Wednesday do). */
const CLOSED_TYPES = ['public', 'bank'];
const TABLE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'lambdas/core/deposits/brazil-bank-holidays.json',
);

const brazil = new Holidays('BR', { types: CLOSED_TYPES });

/**
 * A year's closed days as the library gives them: each holiday's `date` is a local string
 * ('2025-03-03 00:00:00') whose first ten characters are the calendar date, with no time-zone
 * conversion that could move it a day.
 */
export function libraryBankHolidays(year) {
  const days = brazil
    .getHolidays(year)
    .filter((h) => CLOSED_TYPES.includes(h.type))
    .map((h) => h.date.slice(0, 10));
  return [...new Set(days)].sort();
}

/** Each year's days as one line of `MM-dd`s: the table stays a few kilobytes and readable. */
export function bankHolidayTable() {
  const years = {};
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 1) {
    years[year] = libraryBankHolidays(year)
      .map((date) => date.slice(5))
      .join(' ');
  }
  return { source: 'date-holidays', firstYear: FIRST_YEAR, lastYear: LAST_YEAR, years };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TABLE, `${JSON.stringify(bankHolidayTable(), null, 2)}\n`);
  console.log(`wrote ${TABLE}`);
}
