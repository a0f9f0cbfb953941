/**
 * OFX leaf values → recon's types, exactly: amounts to integer centavos through their digits (never
 * a float), dates to the calendar date as written. Banks write `1234.56`, `-50,00`, `+10.5`, `- 2,48`,
 * some with thousands separators (`1.234,56`, `1 234,56`, Santander's `6000.000,00`); OFX dates are `yyyyMMdd[HHmmss[.XXX]][[-3:BRT]]`.
 */
import { type IsoDate, isIsoDate } from '../../calendar';
import type { Cents } from '../../money';

/** Integer centavos, or null when `text` is not an amount with at most two non-zero decimals. */
export function parseAmountCents(text: string): Cents | null {
  const trimmed = text.replace(/\s+/g, '');
  const match = /^([+-]?)(\d[\d.,]*|[.,]\d+)$/.exec(trimmed);
  if (!match) return null;
  const [, sign, body] = match as unknown as [string, string, string];
  const lastSep = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','));
  let whole = body;
  let fraction = '';
  if (lastSep >= 0) {
    const separator = body.charAt(lastSep);
    const decimals = body.slice(lastSep + 1);
    const before = body.slice(0, lastSep);
    const other = separator === '.' ? ',' : '.';
    // Only the other separator may appear before the decimal one, as thousands groups of three after
    // a leading run of any length: Santander writes a million as `6000.000,00`, one dot only.
    if (before.includes(separator)) return null;
    if (before.includes(other) && !new RegExp(`^\\d+(\\${other}\\d{3})+$`).test(before)) return null;
    whole = before.replaceAll(other, '');
    fraction = decimals;
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '') return null;
  // More than two decimals only when the rest are zeros ("10.500"): centavos stay exact.
  if (!/^\d{0,2}0*$/.test(fraction)) return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * The calendar date as written, or null. The time and zone are ignored on purpose: the posting day
 * is the bank's own day (`20250303230000[-3:BRT]` is the 3rd in Brazil), and a deposit window is
 * counted in those days; turning it into UTC would move a late-evening credit to the next day.
 */
export function parseOfxDate(text: string): IsoDate | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{4}(\d{2}(\.\d{1,3})?)?)?\s*(\[[^\]]*\])?$/.exec(text.trim());
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  return isIsoDate(date) ? date : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A value's character references decoded (XML files escape `&`; some SGML ones do too). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}
