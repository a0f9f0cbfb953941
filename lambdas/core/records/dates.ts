/**
 * Record dates as received → ISO calendar dates.
 *
 * Production sends strings (`yyyy-MM-dd`, `dd/MM/yyyy`, `yyyyMMdd`, ISO date-time), the sandbox
 * numbers `yyyyMMdd`. A date-time keeps the calendar date as written: shifting `2025-03-01T23:30-03:00`
 * to UTC would move the sale to another day, and the provider's day is the one that matters.
 */
import type { IsoDate } from '../calendar';
import { isDigits } from './amount';

export type DateResult =
  | { readonly ok: true; readonly date: IsoDate | null }
  | { readonly ok: false; readonly error: string };

const ABSENT: DateResult = { ok: true, date: null };
/** What may follow `yyyy-MM-dd` in an ISO date-time: `T`/space, time, optional fraction and offset. */
const TIME_SUFFIX = /^[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** Reads a date as received; `null`, `undefined` and blank strings are absent dates. */
export function parseRecordDate(value: unknown): DateResult {
  if (value === null || value === undefined) return ABSENT;
  if (typeof value === 'number') {
    return Number.isInteger(value) ? compact(String(value), value) : fail(value);
  }
  if (typeof value !== 'string') return fail(value);
  const text = value.trim();
  if (text === '') return ABSENT;
  if (text.length === 8) return compact(text, value);
  if (text.length === 10 && text.charCodeAt(2) === 47 && text.charCodeAt(5) === 47) {
    return checked(`${text.slice(6, 10)}-${text.slice(3, 5)}-${text.slice(0, 2)}`, value);
  }
  if (text.length === 10) return checked(text, value);
  if (text.length > 10 && TIME_SUFFIX.test(text.slice(10))) return checked(text.slice(0, 10), value);
  return fail(value);
}

/** `yyyyMMdd`, as digits. */
function compact(text: string, original: unknown): DateResult {
  if (text.length !== 8 || !isDigits(text)) return fail(original);
  return checked(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`, original);
}

function checked(iso: string, original: unknown): DateResult {
  return isCalendarDate(iso) ? { ok: true, date: iso } : fail(original);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Same answer as `isIsoDate` from `calendar.ts` for `yyyy-MM-dd` text, without a regex and a `Date`
 * per call: three dates per record make this the normalizer's hottest check.
 */
function isCalendarDate(iso: string): boolean {
  if (iso.length !== 10 || iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45) return false;
  const y = iso.slice(0, 4);
  const m = iso.slice(5, 7);
  const d = iso.slice(8, 10);
  if (!isDigits(y) || !isDigits(m) || !isDigits(d)) return false;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (DAYS_IN_MONTH[month - 1] ?? 0) + (leap ? 1 : 0);
}

function fail(original: unknown): DateResult {
  const shown = typeof original === 'string' ? JSON.stringify(original) : String(original);
  return { ok: false, error: `not a date: ${shown}` };
}
