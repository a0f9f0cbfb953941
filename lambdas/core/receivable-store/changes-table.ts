/** The nightly export of changed receivables (`recon_receivable_changes`), as the lake holds it. */
import type { LakeTable } from '../lake-schema';

/**
 * The receivables' change log, appended by the nightly export: one row per receivable changed on a
 * business date, in that date's partition, with its state after the night. A receivable's state as of
 * a date is its row of highest `version` in the partitions up to that date (the named queries'
 * `receivablesAsOf`); nothing is rewritten, so the nightly cost follows the night, not the book.
 */
export const RECEIVABLE_CHANGES_TABLE = {
  name: 'recon_receivable_changes',
  prefix: 'reconciliation/changes/',
  format: 'parquet',
  columns: [
    { name: 'receivable_key', type: 'string' },
    { name: 'acquirer', type: 'string' },
    { name: 'merchant', type: 'string' },
    { name: 'sale_date', type: 'string' },
    { name: 'nsu', type: 'string' },
    { name: 'authorization', type: 'string' },
    { name: 'installment', type: 'int' },
    { name: 'brand', type: 'string' },
    { name: 'status', type: 'string', comment: 'as derived on changed_on' },
    { name: 'forecast_net_cents', type: 'bigint' },
    { name: 'settled_net_cents', type: 'bigint' },
    { name: 'difference_cents', type: 'bigint' },
    { name: 'due_date', type: 'string' },
    { name: 'last_payment_date', type: 'string' },
    { name: 'settlement_count', type: 'int' },
    { name: 'reason', type: 'string' },
    { name: 'version', type: 'bigint', comment: 'DynamoDB item version: the latest row wins' },
    {
      name: 'overdue_on',
      type: 'string',
      comment: 'for an OPEN receivable, the first date it counts as OVERDUE (due + grace + 1 day)',
    },
    // The receivable's lifecycle (docs/lifecycle.md), appended so older parts read them as null.
    { name: 'cancelled_net_cents', type: 'bigint' },
    { name: 'charged_back_net_cents', type: 'bigint', comment: 'chargebacks net of their reversals' },
    { name: 'adjustment_net_cents', type: 'bigint' },
    { name: 'advance_fee_cents', type: 'bigint' },
    { name: 'expected_net_cents', type: 'bigint', comment: 'forecast - cancelled + adjustments' },
    { name: 'received_net_cents', type: 'bigint', comment: 'settled (payments and advances) - charged back' },
    { name: 'last_chargeback_date', type: 'string' },
    { name: 'roles', type: 'string', comment: 'roles of the records, +-joined' },
    // The fee audit (docs/fee-audit.md): null when the audit is off or there is no forecast.
    {
      name: 'fee_audit',
      type: 'string',
      comment: 'OK, FEE_ABOVE_CONTRACT, FEE_BELOW_CONTRACT, NO_CONTRACT_RATE',
    },
    { name: 'contract_mdr_percent', type: 'string' },
    { name: 'contract_fee_cents', type: 'bigint' },
    { name: 'charged_fee_cents', type: 'bigint' },
    { name: 'fee_difference_cents', type: 'bigint', comment: 'charged - contracted' },
    { name: 'advance_fee_audit', type: 'string' },
    { name: 'contract_advance_fee_cents', type: 'bigint' },
    { name: 'advance_fee_difference_cents', type: 'bigint' },
  ],
  partitions: [{ name: 'changed_on', projection: { type: 'date' } }],
} as const satisfies LakeTable;
