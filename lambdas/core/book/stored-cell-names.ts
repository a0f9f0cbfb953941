/**
 * How a cell's name (cells.ts) is stored in the totals item. Every update of that item costs a write
 * unit per started KB of the WHOLE item, and most of a cell's name is ISO dates (a due date, a
 * payment date, an expiry day): stored as `~` and three base-36 digits of days since 1970-01-01
 * (up to 2097), a name shrinks by 7 characters per date and the item by about a third. A stored
 * name begins with `~` and a literal `~` in it is stored as `~~`, so every name reads back as it was.
 *
 * Items written before this encoding hold plain names, which begin with a cell kind's letter, so each
 * reads as itself; the reader sums what both forms give one cell (deltas computed since go to the
 * stored form, so the sum is the cell), and removing a cell removes both forms.
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
  return MARK + name.replaceAll(MARK, MARK + MARK).replace(DATE, encodeDate);
}

/** A name stored before the encoding. */
export const isPlainName = (stored: string): boolean => !stored.startsWith(MARK);

/** The cell a stored name holds (a plain name, stored before the encoding, is its own cell). */
export function cellNameOf(stored: string): string {
  if (isPlainName(stored)) return stored;
  let name = '';
  for (let at = MARK.length; at < stored.length; ) {
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

/** Every name a cell may be stored under: its encoded one and its plain one. */
export const storedNamesOf = (name: string): string[] => [storedCellName(name), name];
