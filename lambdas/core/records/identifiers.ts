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
 * - `numeric`: digits only in the source → the number without leading zeros (`000123` → `123`);
 *   anything else is treated as a `code`.
 * - `digits`: a document number written with punctuation (`12.345.678/0001-90`) → its digits without
 *   leading zeros (a CNPJ given as a JSON number loses them); text with letters is a `code`.
 * - `code`: trimmed, inner runs of spaces collapsed to one, upper case.
 * - `trim`: trimmed only (case and zeros are significant).
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

/** Applies a normalizer to a non-empty trimmed identifier text. */
export function normalizeIdentifier(text: string, kind: IdentifierNormalizer): string {
  switch (kind) {
    case 'trim':
      return text;
    case 'numeric':
      return isDigits(text) ? withoutLeadingZeros(text) : asCode(text);
    case 'digits': {
      if (!DOCUMENT.test(text)) return asCode(text);
      const digits = text.replace(/\D/g, '');
      return digits === '' ? asCode(text) : withoutLeadingZeros(digits);
    }
    case 'code':
      return asCode(text);
  }
}

function asCode(text: string): string {
  return text.replace(/\s+/g, ' ').toUpperCase();
}

function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}
