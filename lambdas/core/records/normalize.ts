/**
 * Raw provider record → {@link CanonicalRecord}, or a {@link QuarantinedRecord} saying why not.
 *
 * Never throws for bad data: a record that cannot be normalized is quarantined with a reason and
 * kept, so one odd record never stops a run and is never lost. Rules (see `amount.ts`, `dates.ts`
 * and `hash.ts` for the value forms and the hash):
 * - the record code comes from the `recordType` aliases, trimmed and upper-cased; anything but
 *   A1, A2, A3, D1, E1, F1, G1 (or no code) is UNKNOWN_RECORD_CODE;
 * - a present value that cannot be read is BAD_DATE, BAD_AMOUNT or BAD_VALUE (identifiers and
 *   installment numbers), checked in the order of {@link CANONICAL_FIELDS};
 * - on A1 and D1 (the records the matcher uses) every match-key field and the net amount must be
 *   present, else MISSING_KEY_FIELD: the net amount is what a settlement is compared on, so a
 *   record without it cannot be matched, exactly like a record without an NSU;
 * - when two source columns feed one field (`NSU` and `nsu`), the first non-blank value wins;
 * - unknown columns are kept in `extra` under their upper-cased names, values as received.
 */
import type { ReconConfig } from '../config';
import type { Cents } from '../money';
import { expandExponent, isDigits, parseCents } from './amount';
import {
  CANONICAL_FIELDS,
  type CanonicalField,
  type CanonicalRecord,
  type QuarantinedRecord,
  type QuarantineReason,
  RECORD_CODES,
  type RecordCode,
  type RecordSource,
} from './canonical';
import { buildColumnResolver } from './columns';
import { parseRecordDate } from './dates';
import { buildRecordHasher, hashValue } from './hash';

export type NormalizeResult =
  | { readonly ok: true; readonly record: CanonicalRecord }
  | { readonly ok: false; readonly quarantined: QuarantinedRecord };

export interface Normalizer {
  normalize(raw: unknown, source: RecordSource): NormalizeResult;
  /** The canonical field a source column feeds (case-insensitive), if the alias map knows it. */
  fieldOf(column: string): CanonicalField | undefined;
}

/** Codes whose records the matcher uses, and which therefore need the full match key. */
const MATCHED_CODES: ReadonlySet<string> = new Set<RecordCode>(['A1', 'D1']);
const CODES: ReadonlySet<string> = new Set(RECORD_CODES);
const NO_EXTRA: Readonly<Record<string, unknown>> = Object.freeze({});
const slot = (field: CanonicalField): number => CANONICAL_FIELDS.indexOf(field);
const S = {
  recordType: slot('recordType'),
  acquirer: slot('acquirer'),
  merchant: slot('merchant'),
  brand: slot('brand'),
  nsu: slot('nsu'),
  authorization: slot('authorization'),
  tid: slot('tid'),
  saleDate: slot('saleDate'),
  installment: slot('installment'),
  installments: slot('installments'),
  grossCents: slot('grossCents'),
  feeCents: slot('feeCents'),
  netCents: slot('netCents'),
  dueDate: slot('dueDate'),
  paymentDate: slot('paymentDate'),
} as const;

interface Failure {
  reason: QuarantineReason;
  detail: string;
}

export function buildNormalizer(config: ReconConfig): Normalizer {
  const columns = buildColumnResolver(config.fieldAliases);
  const hashRecord = buildRecordHasher();
  const requiredOnMatched: readonly CanonicalField[] = [...config.matchKey, 'netCents'];

  function normalize(raw: unknown, source: RecordSource): NormalizeResult {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return quarantine(raw, hashValue(raw), source, {
        reason: 'NOT_AN_OBJECT',
        detail: `entry is ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}`,
      });
    }
    const record = raw as Record<string, unknown>;
    const keys = Object.keys(record);
    const upperKeys: string[] = new Array(keys.length);
    const rawValues: unknown[] = new Array(keys.length);
    const values: unknown[] = new Array(CANONICAL_FIELDS.length);
    let extra: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const value = record[keys[i] as string];
      const column = columns.resolve(keys[i] as string);
      upperKeys[i] = column.upper;
      rawValues[i] = value;
      if (column.slot >= 0) {
        if (isBlank(values[column.slot])) values[column.slot] = value;
      } else {
        extra ??= {};
        if (!Object.hasOwn(extra, column.upper)) extra[column.upper] = value;
      }
    }
    const recordHash = hashRecord(upperKeys, rawValues);

    const code = readCode(values[S.recordType]);
    if (code === undefined) {
      return quarantine(raw, recordHash, source, {
        reason: 'UNKNOWN_RECORD_CODE',
        detail: `recordType: ${show(values[S.recordType])}`,
      });
    }
    const reader = new FieldReader(values);
    const canonical: CanonicalRecord = {
      recordType: code,
      recordHash,
      acquirer: reader.identifier(S.acquirer),
      merchant: reader.identifier(S.merchant),
      brand: reader.identifier(S.brand),
      nsu: reader.identifier(S.nsu),
      authorization: reader.identifier(S.authorization),
      tid: reader.identifier(S.tid),
      saleDate: reader.date(S.saleDate),
      installment: reader.integer(S.installment),
      installments: reader.integer(S.installments),
      grossCents: reader.cents(S.grossCents),
      feeCents: reader.cents(S.feeCents),
      netCents: reader.cents(S.netCents),
      dueDate: reader.date(S.dueDate),
      paymentDate: reader.date(S.paymentDate),
      extra: extra ?? NO_EXTRA,
      source,
    };
    if (reader.failure) return quarantine(raw, recordHash, source, reader.failure);
    if (MATCHED_CODES.has(code)) {
      for (const field of requiredOnMatched) {
        if (canonical[field] === null) {
          return quarantine(raw, recordHash, source, {
            reason: 'MISSING_KEY_FIELD',
            detail: `${field}: absent (required on ${code})`,
          });
        }
      }
    }
    return { ok: true, record: canonical };
  }

  return { normalize, fieldOf: columns.fieldOf };
}

function quarantine(
  raw: unknown,
  recordHash: string,
  source: RecordSource,
  failure: Failure,
): NormalizeResult {
  return {
    ok: false,
    quarantined: { reason: failure.reason, detail: failure.detail, raw, recordHash, source },
  };
}

/**
 * Reads the field values of one record; the first unreadable value is remembered as the failure
 * (and read as null) so that one pass over the fields builds the record or the reason.
 */
class FieldReader {
  failure: Failure | undefined;
  constructor(private readonly values: readonly unknown[]) {}

  identifier(at: number): string | null {
    const value = this.values[at];
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') return value.trim() || null;
    // Numbers as their plain decimal text: 1e21 would otherwise become the identifier "1e+21".
    if (typeof value === 'number' && Number.isFinite(value)) return expandExponent(String(value));
    if (typeof value === 'bigint') return String(value);
    return this.fail('BAD_VALUE', at, `not an identifier: ${show(value)}`);
  }

  integer(at: number): number | null {
    const value = this.values[at];
    if (value === null || value === undefined) return null;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '') return null;
      const n = Number(text);
      if (Number.isSafeInteger(n) && isPlainInteger(text)) return n;
    }
    return this.fail('BAD_VALUE', at, `not an integer: ${show(value)}`);
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

function readCode(value: unknown): RecordCode | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toUpperCase();
  return CODES.has(code) ? (code as RecordCode) : undefined;
}

/** Optional minus then digits only: `Number` alone would also accept `1e3`, `0x10` and `1.0`. */
function isPlainInteger(text: string): boolean {
  const digits = text.charCodeAt(0) === 45 ? text.slice(1) : text;
  return digits !== '' && isDigits(digits);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function show(value: unknown): string {
  if (value === undefined) return 'absent';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
