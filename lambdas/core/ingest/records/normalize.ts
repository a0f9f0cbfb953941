/**
 * Raw provider record → {@link CanonicalRecord}, or a {@link QuarantinedRecord} saying why not.
 *
 * Never throws for bad data: a record that cannot be normalized, or that the lake or DynamoDB could
 * not hold, is quarantined with a reason and kept, so one odd record never stops a batch and is never
 * lost. Rules (see `amount.ts`, `dates.ts`, `identifiers.ts` and `identity.ts`):
 * - the record code comes from the `recordType` aliases, trimmed and upper-cased; anything but
 *   A1, A2, A3, D1, E1, F1, G1 (or no code) is UNKNOWN_RECORD_CODE;
 * - a present value that cannot be read is BAD_DATE, BAD_AMOUNT or BAD_VALUE; an installment beyond
 *   32 bits is OUT_OF_RANGE; an identifier over `maxIdentifierLength` is TOO_LONG (checked in the
 *   order of {@link CANONICAL_FIELDS});
 * - one field given twice (two aliases) with values that read differently is CONFLICTING_VALUES;
 * - on records whose role belongs to one receivable (`ingest/records/roles.ts`; by default A1 and D1) every
 *   match-key field and the net amount must be present, else MISSING_KEY_FIELD; a key field holding
 *   a configured placeholder is PLACEHOLDER_KEY_VALUE; a FORECAST (A1) without a due date is
 *   MISSING_DUE_DATE; an account-level item (a FEE, an ADJUSTMENT without a complete key) without
 *   any date is MISSING_DATE;
 * - identifiers are normalized per field; their values as received are kept in `sourceValues`;
 * - unknown columns are kept in `extra` under their upper-cased names, values as received.
 */
import type { ReconConfig } from '../../config';
import {
  CANONICAL_FIELDS,
  type CanonicalField,
  type CanonicalRecord,
  type QuarantinedRecord,
  RECORD_CODES,
  type RecordCode,
  type RecordSource,
} from './canonical';
import { buildColumnResolver } from './columns';
import { type Failure, FieldReader, show } from './field-reader';
import { hashValue, rawRecordHash } from './hash';
import type { IdentifierField } from './identifiers';
import { buildIdentity } from './identity';
import { productOf } from './product';
import { classifierOf, LINKED_ROLES, roleColumns } from './roles';

export type NormalizeResult =
  | { readonly ok: true; readonly record: CanonicalRecord }
  | { readonly ok: false; readonly quarantined: QuarantinedRecord };

export interface Normalizer {
  /** `line` is the entry's index in its page's `registro` (0 for a record on its own). */
  normalize(raw: unknown, source: RecordSource, line?: number): NormalizeResult;
  /** The canonical field a source column feeds (case-insensitive), if the alias map knows it. */
  fieldOf(column: string): CanonicalField | undefined;
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
const READ_FIELDS = CANONICAL_FIELDS.filter((field) => field !== 'recordType') as (keyof typeof READS)[];
const RECORD_TYPE_SLOT = CANONICAL_FIELDS.indexOf('recordType');

const CODES: ReadonlySet<string> = new Set(RECORD_CODES);
const NO_EXTRA: Readonly<Record<string, unknown>> = Object.freeze({});

type Fields = Omit<
  CanonicalRecord,
  'recordType' | 'recordHash' | 'extra' | 'sourceValues' | 'source' | 'line'
>;

export function buildNormalizer(config: ReconConfig): Normalizer {
  const columns = buildColumnResolver(config.fieldAliases);
  for (const column of config.identityColumns) {
    const field = columns.fieldOf(column);
    if (field !== undefined) {
      throw new Error(
        `identityColumns: ${column} is an alias of ${field}, which is already part of the identity`,
      );
    }
  }
  for (const column of roleColumns(config)) {
    const field = columns.fieldOf(column);
    if (field !== undefined) {
      throw new Error(
        `recordRoles/recordSign: ${column} is an alias of ${field}; name a column outside fieldAliases`,
      );
    }
  }
  const classifier = classifierOf(config);
  const identityOf = buildIdentity(config);
  const requiredOnMatched: readonly CanonicalField[] = [...config.matchKey, 'netCents'];
  const placeholders = new Set(config.placeholderKeyValues.map((value) => value.trim().toUpperCase()));
  const limits = { maxIdentifierLength: config.maxIdentifierLength };

  /** Reads every field; the reader holds the first failure. */
  function readFields(reader: FieldReader): Fields {
    const fields: Record<string, unknown> = {};
    READ_FIELDS.forEach((field) => {
      fields[field] = readOne(reader, field);
    });
    return fields as unknown as Fields;
  }

  function readOne(reader: FieldReader, field: keyof typeof READS): unknown {
    const at = CANONICAL_FIELDS.indexOf(field);
    switch (READS[field]) {
      case 'identifier':
        return reader.identifier(at, config.identifierNormalizers[field as IdentifierField]);
      case 'date':
        return reader.date(at);
      case 'integer':
        return reader.integer(at);
      case 'cents':
        return reader.cents(at);
      case 'sequence':
        // A line number is compared as a number (`000012` is line 12) when it is one, else as a code.
        return reader.identifier(at, 'numeric');
      case 'product':
        return productOf(reader.code(at), config.productValues);
      case 'text':
        return reader.code(at);
    }
  }

  /** The first field whose second source column reads differently from the first, if any. */
  function conflictIn(fields: Fields, others: readonly (readonly [number, unknown])[]): Failure | undefined {
    for (const [slot, value] of others) {
      const field = CANONICAL_FIELDS[slot] as keyof typeof READS;
      const values: unknown[] = [];
      values[slot] = value;
      const reader = new FieldReader(values, limits);
      const read = readOne(reader, field);
      if (reader.failure || read !== fields[field]) {
        return {
          reason: 'CONFLICTING_VALUES',
          detail: `${field}: ${show(fields[field])} and ${show(value)}`,
        };
      }
    }
    return undefined;
  }

  /**
   * The rules that need the record's role (by default A1 forecast, D1 payment): a role that belongs
   * to one receivable needs the full key and the net amount; a forecast needs its due date.
   */
  function matchedFailure(
    code: RecordCode,
    fields: Fields,
    extra: Readonly<Record<string, unknown>>,
  ): Failure | undefined {
    const role = classifier.roleOf({ recordType: code, extra });
    if (role === 'FEE' || role === 'ADJUSTMENT') return accountDateFailure(role, fields);
    if (role === undefined || !LINKED_ROLES.has(role)) return undefined;
    for (const field of requiredOnMatched) {
      if (fields[field as keyof Fields] === null) {
        return { reason: 'MISSING_KEY_FIELD', detail: `${field}: absent (required on ${code})` };
      }
    }
    for (const field of config.matchKey) {
      const value = String(fields[field]).toUpperCase();
      if (placeholders.has(value)) {
        return {
          reason: 'PLACEHOLDER_KEY_VALUE',
          detail: `${field}: ${show(fields[field])} means "not informed"`,
        };
      }
    }
    if (role === 'FORECAST' && fields.dueDate === null) {
      return { reason: 'MISSING_DUE_DATE', detail: 'dueDate: absent (an A1 must say when it is due)' };
    }
    return undefined;
  }

  /**
   * An account-level item (a FEE, an ADJUSTMENT without a complete key) is kept under its day: one
   * without any date would sit under no period, absent from every total and every deposit.
   */
  function accountDateFailure(role: 'FEE' | 'ADJUSTMENT', fields: Fields): Failure | undefined {
    const accountLevel = role === 'FEE' || config.matchKey.some((field) => fields[field] === null);
    const dated = [fields.paymentDate, fields.movementDate, fields.dueDate, fields.saleDate].some(
      (d) => d !== null,
    );
    if (!accountLevel || dated) return undefined;
    return {
      reason: 'MISSING_DATE',
      detail: `no payment, movement, due or sale date (an account-level ${role} must say its day)`,
    };
  }

  function normalize(raw: unknown, source: RecordSource, line = 0): NormalizeResult {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return quarantine(raw, hashValue(raw), source, line, {
        reason: 'NOT_AN_OBJECT',
        detail: `entry is ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}`,
      });
    }
    const record = raw as Record<string, unknown>;
    const values: unknown[] = new Array(CANONICAL_FIELDS.length);
    const others: [number, unknown][] = [];
    let extra: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
      const value = record[key];
      const column = columns.resolve(key);
      if (column.slot < 0) {
        extra ??= {};
        if (!Object.hasOwn(extra, column.upper)) extra[column.upper] = value;
      } else if (isBlank(values[column.slot])) {
        values[column.slot] = value;
      } else if (!isBlank(value)) {
        others.push([column.slot, value]);
      }
    }
    const failed = (failure: Failure) => quarantine(raw, rawRecordHash(record), source, line, failure);

    const code = readCode(values[RECORD_TYPE_SLOT]);
    if (code === undefined) {
      return failed({
        reason: 'UNKNOWN_RECORD_CODE',
        detail: `recordType: ${show(values[RECORD_TYPE_SLOT])}`,
      });
    }
    const reader = new FieldReader(values, limits);
    const fields = readFields(reader);
    const failure =
      reader.failure ?? conflictIn(fields, others) ?? matchedFailure(code, fields, extra ?? NO_EXTRA);
    if (failure) return failed(failure);
    const identityInput = { recordType: code, ...fields, extra: extra ?? NO_EXTRA };
    return {
      ok: true,
      record: {
        ...identityInput,
        ...identityOf(identityInput),
        sourceValues: reader.sourceValues,
        source,
        line,
      },
    };
  }

  return { normalize, fieldOf: columns.fieldOf };
}

function quarantine(
  raw: unknown,
  recordHash: string,
  source: RecordSource,
  line: number,
  failure: Failure,
): NormalizeResult {
  return {
    ok: false,
    quarantined: { reason: failure.reason, detail: failure.detail, raw, recordHash, source, line },
  };
}

function readCode(value: unknown): RecordCode | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toUpperCase();
  return CODES.has(code) ? (code as RecordCode) : undefined;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
