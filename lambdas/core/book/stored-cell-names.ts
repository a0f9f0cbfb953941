/**
 * How a cell's name (cells.ts) is stored in the totals item. Every update of that item costs a write
 * unit per started KB of the WHOLE item, and most of a cell's name is ISO dates (a due date, a
 * payment date, an expiry day): stored as `~` and three base-36 digits of days since 1970-01-01
 * (up to 2097), a name shrinks by 7 characters per date and the items by about a third. A literal
 * `~` is stored as `~~`, so every name reads back as it was.
 */
import { fromEpochDay, isIsoDate, toEpochDay } from '../calendar';

const MARK = '~';
const DIGITS = 3;
const LAST_DAY = 36 ** DIGITS - 1;
const DATE = /\d{4}-\d{2}-\d{2}/g;

function encodeDate(date: string): string {
  if (!isIsoDate(date)) return date;
  const day = toEpochDay(date);
  return day < 0 || day > LAST_DAY ? date : `${MARK}${day.toString(36).padStart(DIGITS, '0')}`;
}

/** The name a cell is stored under. */
export function storedCellName(name: string): string {
  return name.replaceAll(MARK, MARK + MARK).replace(DATE, encodeDate);
}

/** The cell a stored name holds. */
export function cellNameOf(stored: string): string {
  if (!stored.includes(MARK)) return stored;
  let name = '';
  for (let at = 0; at < stored.length; ) {
    const char = stored[at] as string;
    if (char !== MARK) {
      name += char;
      at += 1;
    } else if (stored[at + 1] === MARK) {
      name += MARK;
      at += 2;
    } else {
      name += fromEpochDay(Number.parseInt(stored.slice(at + 1, at + 1 + DIGITS), 36));
      at += 1 + DIGITS;
    }
  }
  return name;
}
