/**
 * Identifier normalizers: how an identifier as received becomes the value recon compares.
 *
 * Acquirers render one identifier several ways (`000123456` and `123456`, a number instead of a
 * string, a CNPJ with and without punctuation, an authorization code in another case). Comparing
 * them as written splits one sale into an OVERDUE forecast plus an UNEXPECTED payment, so every
 * identifier is normalized before it reaches the match key or the record identity. The kind used per
 * field is configuration (`ReconConfig.identifierNormalizers`); the lake keeps the values as received
 * next to the normalized ones.
 */
import { expandExponent, isDigits } from './amount';

/**
 * Every kind first drops invisible format characters (Unicode category Cf: zero-width space U+200B,
 * joiners, direction marks, U+FEFF) and trims Unicode spaces (U+00A0, U+2007, U+202F...): they are
 * renderings, never meaning. Then:
 * - `numeric`: one whole number → its digits without leading zeros. Digit groups may be separated by
 *   spaces or dashes (`000-123`, `00 0123`), and a zero fraction is a number's rendering (`123.0`,
 *   `123,00`); a text with letters, or without digits, is a `code`. Anything else is ambiguous and
 *   quarantined (BAD_VALUE), never guessed: a non-zero fraction (`123.5`), a separator before exactly
 *   three digits (`1.234`, `123.000`: decimals or thousands?), a sign or other punctuation (`-123`, `#123`).
 * - `digits`: a document number written with punctuation (`12.345.678/0001-90`, spaces and dashes
 *   too) → its digits without leading zeros (a CNPJ given as a JSON number loses them). Digits with
 *   one `.` or `,` (and at most spaces and dashes before it) are a number, read as `numeric` reads it
 *   (`12345678000190.0` is the CNPJ, `1234.5` and `1.234` are ambiguous); text with letters, or
 *   without digits, is a `code`; digits with other punctuation (`#`, `,` in a document) are ambiguous.
 * - `code`: trimmed, inner runs of spaces collapsed to one, upper case.
 * - `trim`: trimmed only (case, zeros and invisible characters are significant).
 */
export const IDENTIFIER_NORMALIZERS = ['numeric', 'digits', 'code', 'trim'] as const;
export type IdentifierNormalizer = (typeof IDENTIFIER_NORMALIZERS)[number];

/** Canonical fields that hold identifiers (text compared after normalization). */
export const IDENTIFIER_FIELDS = ['acquirer', 'merchant', 'brand', 'nsu', 'authorization', 'tid'] as const;
export type IdentifierField = (typeof IDENTIFIER_FIELDS)[number];

export const DEFAULT_IDENTIFIER_NORMALIZERS: Record<IdentifierField, IdentifierNormalizer> = {
  acquirer: 'numeric',
  merchant: 'digits',
  brand: 'code',
  nsu: 'numeric',
  authorization: 'code',
  tid: 'code',
};

/** A document number: digits with the punctuation Brazilian documents are written with. */
const DOCUMENT = /^[\d.\-/\s]+$/;
/** One whole number: digit groups split by spaces or dashes, then maybe a fraction (zeros only to be read). */
const NUMBER = /^(\d+(?:[\s-]+\d+)*)(?:[.,](\d+))?$/;
/** Digits (maybe grouped by spaces or dashes), one `.` or `,`, digits: a number, read by the `numeric` rule. */
const SINGLE_SEPARATOR = /^[\d\s-]+[.,]\d+$/;
const FORMAT_CHARACTERS = /\p{Cf}/gu;
const LETTER = /\p{L}/u;
const DIGIT = /\d/;
const ZEROS = /^0+$/;

export type IdentifierResult =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly error: string };

/**
 * The text of an identifier as received: strings trimmed, numbers as their plain decimal text (1e21
 * would otherwise become `1e+21`). Undefined when the value is no identifier (an object, a boolean).
 */
export function identifierText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return expandExponent(String(value));
  if (typeof value === 'bigint') return String(value);
  return undefined;
}

/** Applies a normalizer to a non-empty trimmed identifier text; an ambiguous number is an error. */
export function normalizeIdentifier(text: string, kind: IdentifierNormalizer): IdentifierResult {
  if (kind === 'trim') return read(text);
  // The common case, plain digits, skips the Unicode scans.
  if (kind !== 'code' && isDigits(text)) return read(withoutLeadingZeros(text));
  // Printable ASCII without spaces, the common case, has nothing to drop, trim or collapse.
  const plain = isPlainAscii(text);
  const visible = plain ? text : text.replace(FORMAT_CHARACTERS, '').trim();
  if (kind === 'code' || !DIGIT.test(visible) || LETTER.test(visible)) {
    return read(plain ? text.toUpperCase() : asCode(visible));
  }
  return kind === 'numeric' ? wholeNumber(visible, text) : documentNumber(visible, text);
}

function wholeNumber(visible: string, text: string): IdentifierResult {
  const number = NUMBER.exec(visible);
  if (!number) return ambiguous(text, 'digits mixed with other characters');
  const [, groups = '', fraction] = number;
  if (fraction !== undefined && (!ZEROS.test(fraction) || fraction.length === 3)) {
    return ambiguous(text, notWhole(fraction));
  }
  return read(withoutLeadingZeros(groups.replace(/[\s-]/g, '')));
}

function documentNumber(visible: string, text: string): IdentifierResult {
  // One `.` or `,` is how a number is written, not a document (those punctuate more): `1234.0` is 1234.
  if (SINGLE_SEPARATOR.test(visible)) return wholeNumber(visible, text);
  if (!DOCUMENT.test(visible)) return ambiguous(text, 'digits mixed with other characters');
  return read(withoutLeadingZeros(visible.replace(/\D/g, '')));
}

function notWhole(fraction: string): string {
  return fraction.length === 3
    ? 'three digits after the separator: decimals or a thousands group'
    : 'not a whole number';
}

function read(value: string): IdentifierResult {
  return { ok: true, value };
}

function ambiguous(text: string, why: string): IdentifierResult {
  return { ok: false, error: `ambiguous identifier ${JSON.stringify(text)} (${why})` };
}

function asCode(text: string): string {
  return text.replace(/\s+/g, ' ').toUpperCase();
}

/** Every character between `!` and `~`: no space, control, format or other non-ASCII character. */
function isPlainAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x21 || c > 0x7e) return false;
  }
  return true;
}

function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}
