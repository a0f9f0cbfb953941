/** The contracted-rate table (docs/fee-audit.md), as the lake holds it. */

/**
 * The contracted-rate table (docs/fee-audit.md) as the user uploads it: one CSV object, header first,
 * alone in its folder so the Glue table over that folder reads nothing else. Not a {@link LakeTable}:
 * no partitions, and every column is text as written (`2,39`, `01/03/2025`, ` 001`); the `fee_audit`
 * query casts and normalizes. Columns in the file's order (the CSV reader maps them by position).
 */
export const CONTRACT_RATES_TABLE = {
  name: 'recon_contract_rates',
  prefix: 'config/',
  objectName: 'contract-rates.csv',
  columns: [
    'acquirer',
    'brand',
    'product',
    'installments_from',
    'installments_to',
    'mdr_percent',
    'advance_monthly_percent',
    'effective_from',
  ],
} as const;

/** Where the steps, the CLI and both query engines find the contracted-rate table. */
export const CONTRACT_RATES_KEY = `${CONTRACT_RATES_TABLE.prefix}${CONTRACT_RATES_TABLE.objectName}`;
