/**
 * Reads the canonical field values of one record. The first unreadable value is remembered as the
 * failure (and read as null), so that one pass over the fields builds the record or the reason.
 */
import type { ReconConfig } from '../../config';
import type { Cents } from '../../money';
import { isDigits, parseCents } from './amount';
import { CANONICAL_FIELDS, type CanonicalField, type QuarantineReason } from './canonical';
import { parseRecordDate } from './dates';
import {
  type IdentifierField,
  type IdentifierNormalizer,
  identifierText,
  normalizeIdentifier,
} from './identifiers';
import { productOf } from './product';

export interface Failure {
  readonly reason: QuarantineReason;
  readonly detail: string;
}

/** The lake stores installments as 32-bit integers (Parquet INT32, Glue `int`). */
const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);

export interface FieldReaderLimits {
  readonly maxIdentifierLength: number;
}

export class FieldReader {
  failure: Failure | undefined;
  /** Identifiers as received whose normalized value differs, by canonical field name. */
  readonly sourceValues: Record<string, string> = {};

  constructor(
    private readonly values: readonly unknown[],
    private readonly limits: FieldReaderLimits,
  ) {}

  identifier(at: number, normalizer: IdentifierNormalizer): string | null {
    const value = this.values[at];
    if (value === null || value === undefined) return null;
    const text = identifierText(value);
    if (text === undefined) return this.fail('BAD_VALUE', at, `not an identifier: ${show(value)}`);
    if (text === '') return null;
    if (text.length > this.limits.maxIdentifierLength) {
      return this.fail(
        'TOO_LONG',
        at,
        `${text.length} characters (at most ${this.limits.maxIdentifierLength})`,
      );
    }
    const result = normalizeIdentifier(text, normalizer);
    if (!result.ok) return this.fail('BAD_VALUE', at, result.error);
    const normalized = result.value;
    // Only invisible characters: as absent as an empty string.
    if (normalized === '') return null;
    if (normalized !== text) this.sourceValues[CANONICAL_FIELDS[at] as string] = text;
    return normalized;
  }

  /** A descriptive code (trimmed, upper case) that never fails the record: unreadable reads as absent. */
  code(at: number): string | null {
    const text = identifierText(this.values[at]);
    if (!text) return null;
    const read = normalizeIdentifier(text, 'code');
    return read.ok && read.value !== '' ? read.value : null;
  }

  integer(at: number): number | null {
    const value = this.values[at];
    if (value === null || value === undefined) return null;
    let n: number | undefined;
    if (typeof value === 'number' && Number.isInteger(value)) n = value;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '') return null;
      if (isPlainInteger(text)) n = Number(text);
    }
    if (n === undefined) return this.fail('BAD_VALUE', at, `not an integer: ${show(value)}`);
    if (n > INT32_MAX || n < INT32_MIN)
      return this.fail('OUT_OF_RANGE', at, `${show(value)} is out of range`);
    return n;
  }

  date(at: number): string | null {
    const result = parseRecordDate(this.values[at]);
    return result.ok ? result.date : this.fail('BAD_DATE', at, result.error);
  }

  cents(at: number): Cents | null {
    const result = parseCents(this.values[at]);
    return result.ok ? result.cents : this.fail('BAD_AMOUNT', at, result.error);
  }

  private fail(reason: QuarantineReason, at: number, detail: string): null {
    this.failure ??= { reason, detail: `${CANONICAL_FIELDS[at]}: ${detail}` };
    return null;
  }
}

/** How each canonical field is read. */
const READS: Record<
  Exclude<CanonicalField, 'recordType'>,
  'identifier' | 'date' | 'integer' | 'cents' | 'sequence' | 'product' | 'text'
> = {
  acquirer: 'identifier',
  merchant: 'identifier',
  brand: 'identifier',
  nsu: 'identifier',
  authorization: 'identifier',
  tid: 'identifier',
  saleDate: 'date',
  installment: 'integer',
  installments: 'integer',
  grossCents: 'cents',
  feeCents: 'cents',
  netCents: 'cents',
  dueDate: 'date',
  paymentDate: 'date',
  movementDate: 'date',
  lineSequence: 'sequence',
  product: 'product',
  bankCode: 'text',
  bankBranch: 'text',
  bankAccountNumber: 'text',
};
/** A slot's value read from the reader, by the rule {@link READS} gives its field. */
export type SlotRead = (reader: FieldReader, at: number) => unknown;

/** One read per slot of {@link CANONICAL_FIELDS}, with the configuration it needs looked up once. */
export function slotReads(config: ReconConfig): SlotRead[] {
  return CANONICAL_FIELDS.map((field): SlotRead => {
    if (field === 'recordType') return () => undefined;
    switch (READS[field]) {
      case 'identifier': {
        const normalizer = config.identifierNormalizers[field as IdentifierField];
        return (reader, at) => reader.identifier(at, normalizer);
      }
      case 'date':
        return (reader, at) => reader.date(at);
      case 'integer':
        return (reader, at) => reader.integer(at);
      case 'cents':
        return (reader, at) => reader.cents(at);
      case 'sequence':
        // A line number is compared as a number (`000012` is line 12) when it is one, else as a code.
        return (reader, at) => reader.identifier(at, 'numeric');
      case 'product':
        return (reader, at) => productOf(reader.code(at), config.productValues);
    }
    // 'text': a descriptive code.
    return (reader, at) => reader.code(at);
  });
}

/** Optional minus then digits only: `Number` alone would also accept `1e3`, `0x10` and `1.0`. */
function isPlainInteger(text: string): boolean {
  const digits = text.charCodeAt(0) === 45 ? text.slice(1) : text;
  return digits !== '' && isDigits(digits);
}

export function show(value: unknown): string {
  if (value === undefined) return 'absent';
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    return String(value);
  } catch {
    // A provider object whose own `toString` is not a function must still get a reason, not stop the page.
    return Object.prototype.toString.call(value);
  }
}
