/**
 * The bank leg's settings (`deposits` in RECON_CONFIG; docs/deposits.md). Every default is
 * what a Brazilian merchant's bank and acquirers usually do; each is a setting because some do not.
 */
import { z } from 'zod';
import { RECORD_ROLES } from '../ingest/records/roles';

/** Memo patterns (case-insensitive regular expressions) per acquirer value as the records spell it. */
export const DEFAULT_ACQUIRER_PATTERNS: Record<string, string[]> = {
  CIELO: ['CIELO'],
  REDE: ['\\bREDE\\b', 'REDECARD', 'ITAU\\s*REDE'],
  STONE: ['STONE'],
  GETNET: ['GETNET'],
  PAGSEGURO: ['PAGSEGURO', 'PAGBANK'],
  SAFRAPAY: ['SAFRAPAY', 'SAFRA\\s*PAY'],
  MERCADOPAGO: ['MERCADO\\s*PAGO'],
  VERO: ['\\bVERO\\b', 'BANRISUL'],
  SIPAG: ['SIPAG', 'SICOOB'],
};

/**
 * The furthest back a run matches deposits: the totals keep a payment date's deposit cells at least
 * 92 days (book/deposit-cells.ts), so a recompute never reads a date whose cells are gone.
 */
export const MAX_LOOKBACK_DAYS = 90;

/** How a bank's transactions are told apart (deposits/bank/identity.ts). */
export const STATEMENT_IDENTITIES = ['fitid', 'content'] as const;
export type StatementIdentity = (typeof STATEMENT_IDENTITIES)[number];

/** Canonical fields an expected deposit may also be grouped by (some acquirers deposit per brand or merchant). */
export const DEPOSIT_GROUP_FIELDS = ['brand', 'merchant'] as const;

/** Roles whose amounts the acquirer takes from (or adds to) a day's deposit, by default. */
export const DEFAULT_DEDUCTED_ROLES = ['CHARGEBACK', 'CHARGEBACK_REVERSAL', 'FEE', 'ADJUSTMENT'] as const;

const patternSchema = z
  .string()
  .min(1)
  .refine((source) => {
    try {
      new RegExp(source, 'i');
      return true;
    } catch {
      return false;
    }
  }, 'must be a valid regular expression');

export const depositsConfigSchema = z
  .strictObject({
    /** A credit within this many centavos of the expected deposit is DEPOSITED. */
    toleranceCents: z.number().int().min(0).default(0),
    /** Business days after the payment date a credit may still arrive (0: the same day only). */
    windowBusinessDays: z.number().int().min(0).max(30).default(2),
    /**
     * Days of payment dates the nightly run matches again (besides its own period): statements
     * arrive late and overlap. At most {@link MAX_LOOKBACK_DAYS}: older deposit cells leave the totals.
     */
    lookbackDays: z.number().int().min(1).max(MAX_LOOKBACK_DAYS).default(45),
    /** Extra grouping of expected deposits besides acquirer, account and payment date. */
    groupBy: z.array(z.enum(DEPOSIT_GROUP_FIELDS)).default([]),
    /** Roles the acquirer nets out of its deposits (FEE and ADJUSTMENT: account-level items included). */
    deductedRoles: z.array(z.enum(RECORD_ROLES)).default([...DEFAULT_DEDUCTED_ROLES]),
    /** Acquirer (as the records spell it) → memo patterns; extends the defaults. */
    acquirerPatterns: z
      .record(z.string().min(1), z.array(patternSchema).min(1))
      .default({})
      .transform((given) => ({ ...DEFAULT_ACQUIRER_PATTERNS, ...given })),
    /**
     * Transaction identity per bank (its code as the statement gives it, leading zeros ignored):
     * `fitid` where the bank's FITID is unique and stable, `content` (account, date, amount, memo and
     * occurrence within the file) otherwise. `default` for banks not listed.
     */
    statementIdentity: z
      .strictObject({
        default: z.enum(STATEMENT_IDENTITIES).default('content'),
        banks: z
          .record(z.string().regex(/^\d+$/, 'a bank code: digits'), z.enum(STATEMENT_IDENTITIES))
          .default({}),
      })
      .default({ default: 'content', banks: {} }),
  })
  // prefault, not default: the defaults go through the schema, so acquirerPatterns gets its
  // transform (the built-in patterns) when RECON_CONFIG has no `deposits` key at all.
  .prefault({});

export type DepositsConfig = z.output<typeof depositsConfigSchema>;
