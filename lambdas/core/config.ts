/**
 * Reconciliation configuration: the assumptions of `shared/spec/domain.md` that a user must be able
 * to change without code (field aliases, match key, tolerance, grace). Parsed once with zod and
 * shared by the CDK stack (which passes it to the Lambdas as JSON in {@link ENV.reconConfig}) and by
 * the local runner.
 */
import { z } from 'zod';
import { erpMappingSchema } from './baixas/mapping';
import { breaksConfigSchema } from './breaks/config';
import { parseConfig } from './config-issues';
import { depositsConfigSchema } from './deposits/config';
import { CANONICAL_FIELDS, type CanonicalField } from './ingest/records/canonical';
import {
  DEFAULT_IDENTIFIER_NORMALIZERS,
  IDENTIFIER_FIELDS,
  IDENTIFIER_NORMALIZERS,
} from './ingest/records/identifiers';
import { productValuesSchema } from './ingest/records/product';
import { recordRolesSchema, recordSignSchema } from './ingest/records/roles';

export const DEFAULT_FIELD_ALIASES: Record<CanonicalField, string[]> = {
  recordType: ['TIPOREGISTRO', 'TPREGISTRO', 'TIPO_REGISTRO', 'REGISTRO'],
  acquirer: ['ADQUIRENTE', 'IDADQUIRENTE'],
  merchant: ['ESTABELECIMENTO', 'IDESTABELECIMENTO', 'CNPJ'],
  brand: ['BANDEIRA'],
  nsu: ['NSU'],
  authorization: ['CODAUTORIZACAO', 'AUTORIZACAO'],
  tid: ['TID'],
  saleDate: ['DTVENDA'],
  installment: ['NRPARCELA', 'PARCELA'],
  installments: ['QTDPARCELAS', 'TOTALPARCELAS'],
  grossCents: ['VLBRUTO'],
  feeCents: ['VLTAXA'],
  netCents: ['VLLIQUIDO'],
  dueDate: ['DTVENCIMENTO'],
  paymentDate: ['DTPAGAMENTO'],
  movementDate: ['DTMOVIMENTO', 'DTMOVIMENTACAO', 'DATAMOVIMENTO'],
  // Report-wide line numbers only: a per-page line number (the sandbox's NRLINHA) would merge twins.
  lineSequence: ['NSEQ', 'NRSEQUENCIA', 'SEQUENCIAL'],
  // What was sold, read through productValues (ingest/records/product.ts); only the fee audit reads it.
  product: ['PRODUTO', 'MODALIDADE'],
  // Where a payment lands (docs/deposits.md); read as text, outside the identity.
  bankCode: ['BANCO', 'CODBANCO'],
  bankBranch: ['AGENCIA'],
  bankAccountNumber: ['CONTA', 'CONTACORRENTE', 'NUMEROCONTA'],
};

/** Canonical fields that can be part of the match key. */
export const MATCH_KEY_FIELDS = [
  'acquirer',
  'merchant',
  'saleDate',
  'nsu',
  'authorization',
  'installment',
  'tid',
  'brand',
] as const satisfies readonly CanonicalField[];
export type MatchKeyField = (typeof MATCH_KEY_FIELDS)[number];

export const DEFAULT_MATCH_KEY: MatchKeyField[] = [
  'acquirer',
  'merchant',
  'saleDate',
  'nsu',
  'authorization',
  'installment',
];

/** Placeholders acquirers write for a missing identifier. */
export const DEFAULT_PLACEHOLDER_KEY_VALUES = ['0', '-', 'NULL', 'N/A', 'NA', 'NONE', 'UNDEFINED'];

/** Over a year: a settled receivable stays in DynamoDB through the next year's closing. */
export const DEFAULT_HOT_HORIZON_DAYS = 400;

const aliasListSchema = z.array(z.string().min(1)).min(1);

export const reconConfigSchema = z
  .strictObject({
    /** Source column names per canonical field, matched case-insensitively. Partial maps extend the defaults. */
    fieldAliases: z
      .partialRecord(z.enum(CANONICAL_FIELDS), aliasListSchema)
      .default({})
      .transform((given) => ({ ...DEFAULT_FIELD_ALIASES, ...given })),
    /** Canonical fields that together identify one receivable (one installment of one sale). */
    matchKey: z
      .array(z.enum(MATCH_KEY_FIELDS))
      .min(1)
      .refine((fields) => new Set(fields).size === fields.length, 'match key fields must be distinct')
      .default(DEFAULT_MATCH_KEY),
    tolerance: z
      .strictObject({
        /** Absolute tolerance in centavos. */
        absoluteCents: z.number().int().min(0).default(0),
        /** Relative tolerance in percent of the forecast net amount. */
        percent: z.number().min(0).max(100).default(0),
      })
      .default({ absoluteCents: 0, percent: 0 }),
    /** Days after the due date before an unsettled forecast becomes OVERDUE. */
    graceDays: z.number().int().min(0).max(365).default(3),
    /** How each identifier field is normalized before it is compared (see ingest/records/identifiers.ts). */
    identifierNormalizers: z
      .partialRecord(z.enum(IDENTIFIER_FIELDS), z.enum(IDENTIFIER_NORMALIZERS))
      .default({})
      .transform((given) => ({ ...DEFAULT_IDENTIFIER_NORMALIZERS, ...given })),
    /**
     * Source columns (case-insensitive) added to a record's identity besides its canonical fields: a
     * payment or record id, when the real layout turns out to carry one (see ingest/records/identity.ts).
     */
    identityColumns: z.array(z.string().min(1)).default([]),
    /**
     * Match-key values that mean "not informed" (compared after normalization, case-insensitive): a
     * record carrying one is quarantined instead of piling onto one giant receivable.
     */
    placeholderKeyValues: z.array(z.string()).default(DEFAULT_PLACEHOLDER_KEY_VALUES),
    /** Longest identifier accepted (characters); longer ones are quarantined (DynamoDB key limits). */
    maxIdentifierLength: z.number().int().min(8).max(256).default(100),
    /**
     * Contributions (A1 and D1 records) one receivable may hold; further records are quarantined as
     * TOO_MANY_CONTRIBUTIONS so the item stays far below DynamoDB's 400 KB.
     */
    maxContributions: z.number().int().min(2).max(1000).default(100),
    /**
     * Days a settled receivable stays in DynamoDB after its last payment, sale and write; then TTL
     * removes it and the lake's change log keeps it (docs/scale.md). null keeps every receivable.
     * A late record is recognised as archived by its sale date, so the horizon needs saleDate in the
     * match key: without it the default is null, and asking for a horizon is an error.
     */
    // At most ten years: the book totals keep one bucket per month of the horizon in one item.
    hotHorizonDays: z.number().int().min(30).max(3_660).nullable().optional(),
    /**
     * Record code → role, or a rule on one source column (docs/lifecycle.md). Extends the defaults
     * A1 → FORECAST, D1 → PAYMENT; a code without a role is archived and counted, never applied.
     */
    recordRoles: recordRolesSchema,
    /** Where an unsigned layout says a debit: a sign column and its values (only ADJUSTMENT reads it). */
    recordSign: recordSignSchema.optional(),
    /** Source columns (case-insensitive) holding the reason text kept with account-level items. */
    recordReasonColumns: z.array(z.string().min(1)).default(['MOTIVO']),
    /** Product column value → DEBIT, CREDIT or INSTALLMENT_CREDIT; extends the defaults (docs/fee-audit.md). */
    productValues: productValuesSchema,
    /** Fee audit: a charged fee within this many centavos of the contracted one is OK. */
    feeToleranceCents: z.number().int().min(0).default(1),
    /** The bank leg: deposit matching and statement identity (deposits/config.ts, docs/deposits.md). */
    deposits: depositsConfigSchema,
    /** Decisions on breaks: accept reasons, dispute deadline, operators (breaks/config.ts, docs/breaks.md). */
    breaks: breaksConfigSchema,
    /** The ERP export's layout (baixas/mapping.ts, docs/erp-export.md); the generic layout when absent. */
    erpExport: erpMappingSchema.optional(),
  })
  .refine((config) => config.hotHorizonDays == null || config.matchKey.includes('saleDate'), {
    message:
      'hotHorizonDays needs saleDate in matchKey (or set hotHorizonDays to null to keep every receivable)',
    path: ['hotHorizonDays'],
  })
  .transform(({ hotHorizonDays, ...config }) => ({
    ...config,
    hotHorizonDays:
      hotHorizonDays !== undefined
        ? hotHorizonDays
        : config.matchKey.includes('saleDate')
          ? DEFAULT_HOT_HORIZON_DAYS
          : null,
  }));

export type ReconConfig = z.output<typeof reconConfigSchema>;
export type ReconConfigInput = z.input<typeof reconConfigSchema>;

/**
 * Parses a reconciliation configuration; unknown keys and invalid values throw a {@link ConfigError}
 * in plain sentences naming each setting from `root` (e.g. `RECON_CONFIG.graceDays`) and `source`.
 */
export function parseReconConfig(
  input: unknown,
  root = 'RECON_CONFIG',
  source = 'RECON_CONFIG',
): ReconConfig {
  return parseConfig(reconConfigSchema, input ?? {}, root, source);
}
