/**
 * Reconciliation configuration: the assumptions of `shared/spec/domain.md` that a user must be able
 * to change without code (field aliases, match key, tolerance, grace). Parsed once with zod and
 * shared by the CDK stack (which passes it to the Lambdas as JSON in {@link ENV.reconConfig}) and by
 * the local runner.
 */
import { z } from 'zod';
import { CANONICAL_FIELDS, type CanonicalField } from './records/canonical';

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

const aliasListSchema = z.array(z.string().min(1)).min(1);

export const reconConfigSchema = z.object({
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
    .object({
      /** Absolute tolerance in centavos. */
      absoluteCents: z.number().int().min(0).default(0),
      /** Relative tolerance in percent of the forecast net amount. */
      percent: z.number().min(0).max(100).default(0),
    })
    .default({ absoluteCents: 0, percent: 0 }),
  /** Days after the due date before an unsettled forecast becomes OVERDUE. */
  graceDays: z.number().int().min(0).max(365).default(3),
});

export type ReconConfig = z.output<typeof reconConfigSchema>;
export type ReconConfigInput = z.input<typeof reconConfigSchema>;

export function parseReconConfig(input: unknown): ReconConfig {
  return reconConfigSchema.parse(input ?? {});
}
