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
import { type Failure, FieldReader, type SlotRead, show, slotReads } from './field-reader';
import { hashValue, rawRecordHash } from './hash';
import { buildIdentity } from './identity';
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

type ReadField = Exclude<CanonicalField, 'recordType'>;
/** Slot of each canonical field in {@link CANONICAL_FIELDS}, looked up once instead of per read. */
const AT = Object.fromEntries(CANONICAL_FIELDS.map((field, slot) => [field, slot])) as Record<
  CanonicalField,
  number
>;

const CODES: ReadonlySet<string> = new Set(RECORD_CODES);
const NO_EXTRA: Readonly<Record<string, unknown>> = Object.freeze({});

/** A record's read fields, before its identity and provenance are added. */
type Fields = Omit<CanonicalRecord, 'recordHash' | 'formerHash' | 'sourceValues' | 'source' | 'line'>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

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

  const reads = slotReads(config);
  const read = (reader: FieldReader, at: number) => (reads[at] as SlotRead)(reader, at);

  /**
   * Reads every field, in the order of {@link CANONICAL_FIELDS} so that the reader holds the first
   * failure. One object literal of fixed shape: the hot path builds no intermediate copies.
   */
  function readFields(code: RecordCode, reader: FieldReader, extra: Fields['extra']): Fields {
    return {
      recordType: code,
      acquirer: read(reader, AT.acquirer) as Fields['acquirer'],
      merchant: read(reader, AT.merchant) as Fields['merchant'],
      brand: read(reader, AT.brand) as Fields['brand'],
      nsu: read(reader, AT.nsu) as Fields['nsu'],
      authorization: read(reader, AT.authorization) as Fields['authorization'],
      tid: read(reader, AT.tid) as Fields['tid'],
      saleDate: read(reader, AT.saleDate) as Fields['saleDate'],
      installment: read(reader, AT.installment) as Fields['installment'],
      installments: read(reader, AT.installments) as Fields['installments'],
      grossCents: read(reader, AT.grossCents) as Fields['grossCents'],
      feeCents: read(reader, AT.feeCents) as Fields['feeCents'],
      netCents: read(reader, AT.netCents) as Fields['netCents'],
      dueDate: read(reader, AT.dueDate) as Fields['dueDate'],
      paymentDate: read(reader, AT.paymentDate) as Fields['paymentDate'],
      movementDate: read(reader, AT.movementDate) as Fields['movementDate'],
      lineSequence: read(reader, AT.lineSequence) as Fields['lineSequence'],
      product: read(reader, AT.product) as Fields['product'],
      bankCode: read(reader, AT.bankCode) as Fields['bankCode'],
      bankBranch: read(reader, AT.bankBranch) as Fields['bankBranch'],
      bankAccountNumber: read(reader, AT.bankAccountNumber) as Fields['bankAccountNumber'],
      extra,
    };
  }

  /** The first field whose second source column reads differently from the first, if any. */
  function conflictIn(
    fields: Fields,
    others: readonly (readonly [number, unknown])[] | undefined,
  ): Failure | undefined {
    if (others === undefined) return undefined;
    for (const [slot, value] of others) {
      const field = CANONICAL_FIELDS[slot] as ReadField;
      const values: unknown[] = [];
      values[slot] = value;
      const reader = new FieldReader(values, limits);
      const other = read(reader, slot);
      if (reader.failure || other !== fields[field]) {
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
  function matchedFailure(fields: Fields): Failure | undefined {
    const role = classifier.roleOf(fields);
    if (role === 'FEE' || role === 'ADJUSTMENT') return accountDateFailure(role, fields);
    if (role === undefined || !LINKED_ROLES.has(role)) return undefined;
    for (const field of requiredOnMatched) {
      if (fields[field as keyof Fields] === null) {
        return {
          reason: 'MISSING_KEY_FIELD',
          detail: `${field}: absent (required on ${fields.recordType})`,
        };
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
    let others: [number, unknown][] | undefined;
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
        others ??= [];
        others.push([column.slot, value]);
      }
    }

    const code = readCode(values[AT.recordType]);
    if (code === undefined) {
      return quarantine(raw, rawRecordHash(record), source, line, {
        reason: 'UNKNOWN_RECORD_CODE',
        detail: `recordType: ${show(values[AT.recordType])}`,
      });
    }
    const reader = new FieldReader(values, limits);
    const fields = readFields(code, reader, extra ?? NO_EXTRA);
    const failure = reader.failure ?? conflictIn(fields, others) ?? matchedFailure(fields);
    if (failure) return quarantine(raw, rawRecordHash(record), source, line, failure);
    // Completed in place, in the key order records always had: copying a 20-field object costs more
    // than reading it.
    const { recordHash, formerHash } = identityOf(fields);
    const canonical = fields as Mutable<CanonicalRecord>;
    canonical.recordHash = recordHash;
    if (formerHash !== undefined) canonical.formerHash = formerHash;
    canonical.sourceValues = reader.sourceValues;
    canonical.source = source;
    canonical.line = line;
    return { ok: true, record: canonical };
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
