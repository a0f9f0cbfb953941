/**
 * Money as received → integer centavos, by string arithmetic only.
 *
 * Floating point never touches an amount: a number is turned into its shortest decimal text
 * (`String(n)`, exponent forms expanded) and read digit by digit, exactly like a string amount.
 *
 * Accepted forms: `123.45`, `"123.45"`, `"123,45"`, `"1.234,56"`, `"1,234.56"`, `"1.234.567"`,
 * `"-10,5"`, `"+3"`, `"0,05"`, `",5"`. Rules, chosen so that no amount is ever guessed:
 * - when both `.` and `,` appear, the last one is the decimal separator and the other groups
 *   thousands (groups of exactly three digits);
 * - a separator that appears more than once groups thousands (no decimals);
 * - a single separator followed by exactly three digits in a string (`"1.234"`, `"1,500"`) is
 *   ambiguous (thousands or three decimals?) and rejected;
 * - more than two decimals are accepted only when the extra digits are zeros (`"10.5000"`);
 *   anything else (`1.005`, `0.30000000000000004`) is rejected: recon never rounds money;
 * - the result must be a safe integer number of centavos.
 */
import type { Cents } from '../../money';

/** Outcome of reading one amount: centavos, `null` when absent, or a reason it is unreadable. */
export type AmountResult =
  | { readonly ok: true; readonly cents: Cents | null }
  | { readonly ok: false; readonly error: string };

const ABSENT: AmountResult = { ok: true, cents: null };

/** Reads a money value as received; `null`, `undefined` and blank strings are absent amounts. */
export function parseCents(value: unknown): AmountResult {
  if (value === null || value === undefined) return ABSENT;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail('not a finite number');
    return wholeCents(value) ?? parseDecimalText(expandExponent(String(value)), false);
  }
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? ABSENT : parseDecimalText(text, true);
  }
  return fail(`unexpected ${typeof value}`);
}

/** Below this, one double holds at most one two-decimal value: no two centavo amounts share it. */
const EXACT_BELOW = 2 ** 43;

/**
 * The centavos of a number written with at most two decimals, without writing it out: `String(n)`
 * is the shortest text that reads back as `n`, and when `c / 100` reads back as `n` that text is
 * `c / 100`'s, so the digit-by-digit reading would give `c` too. Undefined for every other number.
 */
function wholeCents(value: number): AmountResult | undefined {
  const cents = Math.round(value * 100);
  if (cents / 100 !== value || Math.abs(cents) >= EXACT_BELOW) return undefined;
  // -0 reads as 0, like the text "0".
  return { ok: true, cents: cents === 0 ? 0 : cents };
}

function fail(error: string): AmountResult {
  return { ok: false, error };
}

/** `1e+21` → `1000000000000000000000`, `1.5e-7` → `0.00000015`: the same value, without exponent. */
export function expandExponent(text: string): string {
  const e = text.indexOf('e');
  if (e < 0) return text;
  const negative = text.charCodeAt(0) === 45;
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const intDigits = point < 0 ? mantissa : mantissa.slice(0, point);
  const digits = point < 0 ? mantissa : intDigits + mantissa.slice(point + 1);
  const position = intDigits.length + exponent;
  let plain: string;
  if (position <= 0) plain = `0.${'0'.repeat(-position)}${digits}`;
  else if (position >= digits.length) plain = digits + '0'.repeat(position - digits.length);
  else plain = `${digits.slice(0, position)}.${digits.slice(position)}`;
  return negative ? `-${plain}` : plain;
}

const DOT = 46;
const COMMA = 44;

function parseDecimalText(text: string, fromString: boolean): AmountResult {
  let start = 0;
  const first = text.charCodeAt(0);
  const negative = first === 45;
  if (negative || first === 43) start = 1;
  const body = start === 0 ? text : text.slice(start);
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let decimalAt = -1;
  let group = 0;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalAt = Math.max(lastDot, lastComma);
    group = lastDot > lastComma ? COMMA : DOT;
  } else if (lastDot >= 0 || lastComma >= 0) {
    const at = lastDot >= 0 ? lastDot : lastComma;
    const separator = lastDot >= 0 ? '.' : ',';
    if (body.indexOf(separator) !== at) group = body.charCodeAt(at);
    else {
      if (fromString && body.length - at - 1 === 3) return fail(`ambiguous separator in "${text}"`);
      decimalAt = at;
    }
  }
  const intText = decimalAt < 0 ? body : body.slice(0, decimalAt);
  const fracText = decimalAt < 0 ? '' : body.slice(decimalAt + 1);
  const intDigits = group === 0 ? intText : ungroup(intText, group);
  if (intDigits === undefined || !isDigits(intDigits) || !isDigits(fracText)) {
    return fail(`not an amount: "${text}"`);
  }
  if (intDigits.length + fracText.length === 0) return fail(`not an amount: "${text}"`);
  if (fracText.length > 2 && !isZeros(fracText, 2)) return fail(`more than 2 decimals: "${text}"`);
  const cents = Number(intDigits + (fracText.length >= 2 ? fracText.slice(0, 2) : fracText.padEnd(2, '0')));
  if (!Number.isSafeInteger(cents)) return fail(`out of range: "${text}"`);
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/** Removes thousands separators, checking the groups: 1–3 digits, then groups of exactly 3. */
function ungroup(text: string, separator: number): string | undefined {
  let digits = '';
  let groupStart = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text.charCodeAt(i) !== separator) continue;
    const size = i - groupStart;
    if (groupStart === 0 ? size < 1 || size > 3 : size !== 3) return undefined;
    digits += text.slice(groupStart, i);
    groupStart = i + 1;
  }
  return digits;
}

/** True when every character is an ASCII digit (the empty string included). */
export function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function isZeros(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) if (text.charCodeAt(i) !== 48) return false;
  return true;
}
