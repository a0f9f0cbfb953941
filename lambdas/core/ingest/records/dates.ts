/**
 * Record dates as received → ISO calendar dates in the business zone (America/Sao_Paulo).
 *
 * Production sends strings (`yyyy-MM-dd`, `dd/MM/yyyy`, `yyyyMMdd`, ISO date-time), the sandbox
 * numbers `yyyyMMdd`. A date-time names an instant only when it carries an offset or `Z`: then its
 * date is the calendar date of that instant in São Paulo, so `2025-01-10T23:30-03:00` and
 * `2025-01-11T02:30Z` (one instant, two written dates) are one payment and one sale. A date-time
 * without a zone is São Paulo wall-clock time already: its written date. The offset on a given day
 * comes from the time-zone database (Intl), so the -02:00 of Brazil's summer time (until 2019) counts.
 */
import { businessDate, type IsoDate, toEpochDay } from '../../calendar';
import { isDigits } from './amount';

export type DateResult =
  | { readonly ok: true; readonly date: IsoDate | null }
  | { readonly ok: false; readonly error: string };

const ABSENT: DateResult = { ok: true, date: null };
/**
 * What may follow `yyyy-MM-dd` in an ISO date-time: `T`/space, `HH:mm`, optional seconds and fraction,
 * optional zone (`Z`, `±HH`, `±HHmm`, `±HH:mm`).
 */
const TIME_SUFFIX = /^[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?$/;
/** The widest offset ISO 8601 tools accept (real zones stay within -12:00..+14:00). */
const MAX_OFFSET_MINUTES = 18 * 60;

/** Longest text remembered: every date form fits, a hostile long value is read but not kept. */
const MEMO_TEXT_LENGTH = 40;
const MEMO_LIMIT = 4096;
/** Readings by value as received: a report repeats a few hundred dates over thousands of records. */
const readings = new Map<string | number, DateResult>();

/** Reads a date as received; `null`, `undefined` and blank strings are absent dates. */
export function parseRecordDate(value: unknown): DateResult {
  if (typeof value !== 'number' && (typeof value !== 'string' || value.length > MEMO_TEXT_LENGTH)) {
    return readDate(value);
  }
  let reading = readings.get(value);
  if (reading === undefined) {
    reading = readDate(value);
    if (readings.size >= MEMO_LIMIT) readings.clear();
    readings.set(value, reading);
  }
  return reading;
}

function readDate(value: unknown): DateResult {
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
  if (text.length > 10) return dateTime(text, value);
  return fail(value);
}

/** `yyyy-MM-dd` + time: the written date without a zone, the São Paulo date of the instant with one. */
function dateTime(text: string, original: unknown): DateResult {
  const time = TIME_SUFFIX.exec(text.slice(10));
  const written = text.slice(0, 10);
  if (!time || !isCalendarDate(written)) return fail(original);
  const [, hh, mm, ss = '0', fraction = '', utc, sign, offsetHh, offsetMm = '0'] = time;
  const [hours, minutes, seconds] = [Number(hh), Number(mm), Number(ss)];
  if (hours > 23 || minutes > 59 || seconds > 59) return fail(original);
  if (!utc && !sign) return { ok: true, date: written };
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHh) * 60 + Number(offsetMm)) : 0;
  if (Math.abs(offset) > MAX_OFFSET_MINUTES || Number(offsetMm) > 59) return fail(original);
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const instant =
    toEpochDay(written) * DAY + ((hours * 60 + minutes - offset) * 60 + seconds) * 1000 + millis;
  // Years the business formatter cannot write as yyyy (before 1000) fail as dates.
  return checked(saoPauloDate(instant), original);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * From here on São Paulo's offsets are whole hours changing at whole hours (before: local mean time,
 * -03:06:28), so every instant of one UTC hour has one São Paulo date; checked hour by hour to 2100.
 */
const WHOLE_HOURS_FROM = Date.UTC(1914, 0, 1, 4);
const HOURS_KEPT = 4096;
/** São Paulo dates by UTC hour: a Map lookup instead of an Intl call (~5 µs) per date-time. */
const dateByHour = new Map<number, IsoDate>();

function saoPauloDate(instant: number): IsoDate {
  if (instant < WHOLE_HOURS_FROM) return businessDate(new Date(instant));
  const hour = Math.floor(instant / HOUR);
  let date = dateByHour.get(hour);
  if (date === undefined) {
    if (dateByHour.size >= HOURS_KEPT) dateByHour.clear();
    date = businessDate(new Date(hour * HOUR));
    dateByHour.set(hour, date);
  }
  return date;
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
