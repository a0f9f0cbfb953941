/**
 * The canonical record: what every raw provider record is normalized into (see
 * `shared/spec/domain.md`). The parser, the lake exports and the matcher all speak this shape.
 */
import type { IsoDate } from '../../calendar';
import type { Cents } from '../../money';

export const RECORD_CODES = ['A1', 'A2', 'A3', 'D1', 'E1', 'F1', 'G1'] as const;
export type RecordCode = (typeof RECORD_CODES)[number];

/** The two report types of the provider; "kind" is recon's name, independent of configuration ids. */
export const REPORT_KINDS = ['sales', 'financial'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The canonical fields, in the order of the domain brief. Aliases map source columns onto these. */
export const CANONICAL_FIELDS = [
  'recordType',
  'acquirer',
  'merchant',
  'brand',
  'nsu',
  'authorization',
  'tid',
  'saleDate',
  'installment',
  'installments',
  'grossCents',
  'feeCents',
  'netCents',
  'dueDate',
  'paymentDate',
  'movementDate',
  'lineSequence',
  'product',
  'bankCode',
  'bankBranch',
  'bankAccountNumber',
] as const;
export type CanonicalField = (typeof CANONICAL_FIELDS)[number];

/** What was sold (docs/fee-audit.md): the contracted MDR depends on it. */
export const SALE_PRODUCTS = ['DEBIT', 'CREDIT', 'INSTALLMENT_CREDIT'] as const;
export type SaleProduct = (typeof SALE_PRODUCTS)[number];

/** Where a record came from: enough to find its raw page again in the archive. */
export interface RecordSource {
  readonly reportKind: ReportKind;
  readonly reportId: string;
  readonly page: number;
  /** Calendar date (business zone) the report was generated on. */
  readonly generatedOn: IsoDate;
  /**
   * Entries in the page's `registro` when the page was read: a record on the page's last line may be
   * the overlap of a page seam (see `receivables/occurrences.ts`). Absent when not known.
   */
  readonly lines?: number;
}

export interface CanonicalRecord {
  readonly recordType: RecordCode;
  /** The record's identity, built from its meaning (see `identity.ts`): the deduplication id. */
  readonly recordHash: string;
  /** The identity an earlier version stored the record under, when it differs (see `identity.ts`). */
  readonly formerHash?: string;
  readonly acquirer: string | null;
  readonly merchant: string | null;
  readonly brand: string | null;
  readonly nsu: string | null;
  readonly authorization: string | null;
  readonly tid: string | null;
  readonly saleDate: IsoDate | null;
  readonly installment: number | null;
  readonly installments: number | null;
  readonly grossCents: Cents | null;
  readonly feeCents: Cents | null;
  readonly netCents: Cents | null;
  readonly dueDate: IsoDate | null;
  readonly paymentDate: IsoDate | null;
  /**
   * The day the provider registered the record (its movement day), when the layout carries one: part
   * of the identity, so equal payments registered on different days are two (see `identity.ts`).
   */
  readonly movementDate: IsoDate | null;
  /**
   * The record's line sequence in its report, when the layout numbers lines report-wide: not part of
   * the identity, but one identity under one sequence in one report is one record, whatever the page
   * (see `receivables/occurrences.ts`).
   */
  readonly lineSequence: string | null;
  /**
   * The sale's product, read through `productValues` (config.ts); null when the layout has no
   * product column or its value maps to none. Descriptive: never part of the identity.
   */
  readonly product: SaleProduct | null;
  /**
   * The bank, branch and account a payment lands in, as the layout writes them (trimmed, upper case),
   * when it names them: deposits/bank/account-id.ts makes one account id of the three. Descriptive: never part
   * of the identity, and an odd value never quarantines a record (docs/deposits.md).
   */
  readonly bankCode: string | null;
  readonly bankBranch: string | null;
  readonly bankAccountNumber: string | null;
  /** Source columns the alias map does not know, kept as received (upper-cased names). */
  readonly extra: Readonly<Record<string, unknown>>;
  /** Identifiers as received, for the fields whose normalized value differs (`{ nsu: "000123" }`). */
  readonly sourceValues: Readonly<Record<string, string>>;
  readonly source: RecordSource;
  /** Index of the entry in its page's `registro` (0-based): tells equal twins of one report apart. */
  readonly line: number;
}

/** Machine-readable reasons a raw record is quarantined instead of normalized. */
export const QUARANTINE_REASONS = [
  'NOT_AN_OBJECT',
  'UNKNOWN_RECORD_CODE',
  'MISSING_KEY_FIELD',
  'BAD_DATE',
  'BAD_AMOUNT',
  /** A present value of another field has the wrong form (an installment that is not an integer...). */
  'BAD_VALUE',
  /** An integer the lake's column cannot hold (installments beyond 32 bits). */
  'OUT_OF_RANGE',
  /** An identifier longer than `maxIdentifierLength` (DynamoDB keys are bounded). */
  'TOO_LONG',
  /** A match-key field holding a configured placeholder (`"0"`, `"-"`...): it would merge unrelated sales. */
  'PLACEHOLDER_KEY_VALUE',
  /** One field given twice (two aliases, `VLLIQUIDO` and `vlLiquido`) with different values. */
  'CONFLICTING_VALUES',
  /** An A1 without a due date: it could never become late, so it would stay OPEN forever. */
  'MISSING_DUE_DATE',
  /** The receivable already holds `maxContributions` records: this one would outgrow its item. */
  'TOO_MANY_CONTRIBUTIONS',
  /**
   * Its receivable is not in the hot table and may have been archived to the lake (sold and last
   * written before `hotHorizonDays`): applying it would start a partial receivable (receivables/horizon.ts).
   */
  'ARCHIVED_RECEIVABLE',
  /** A fee or keyless adjustment without any date: it would belong to no period, no total, no deposit. */
  'MISSING_DATE',
] as const;
export type QuarantineReason = (typeof QUARANTINE_REASONS)[number];

export interface QuarantinedRecord {
  readonly reason: QuarantineReason;
  /** Human-readable detail, e.g. which field and what value. */
  readonly detail: string;
  readonly raw: unknown;
  readonly recordHash: string;
  readonly source: RecordSource;
  /** Index of the entry in its page's `registro`. */
  readonly line: number;
}
