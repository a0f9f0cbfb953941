/** The ERP export's lines (`recon_baixas`), as the lake holds them (docs/erp-export.md). */
import type { LakeTable } from '../lake-schema';

/**
 * Each column and the line field it holds (lines.ts; store.ts reads and writes rows by it, which
 * type-checks each field): one list for the Glue table and the rows written.
 */
export const BAIXA_COLUMNS = [
  {
    field: 'id',
    name: 'id',
    type: 'string',
    comment: 'stable: sha-256 of receivable, deposit or break key, component, night, kind',
  },
  { field: 'kind', name: 'kind', type: 'string', comment: 'NEW, or REVERSAL of an amount posted before' },
  {
    field: 'component',
    name: 'component',
    type: 'string',
    comment:
      'PAYMENT, ADVANCE, ADVANCE_FEE, CANCELLATION, CHARGEBACK, CHARGEBACK_REVERSAL, ADJUSTMENT, DIFFERENCE, DEPOSIT, WRITE_OFF',
  },
  {
    field: 'amountCents',
    name: 'amount_cents',
    type: 'bigint',
    comment: "signed; a REVERSAL's is the posted amount's opposite",
  },
  { field: 'receivableKey', name: 'receivable_key', type: 'string', comment: "null on a deposit's line" },
  { field: 'acquirer', name: 'acquirer', type: 'string' },
  { field: 'merchant', name: 'merchant', type: 'string' },
  { field: 'saleDate', name: 'sale_date', type: 'string' },
  { field: 'nsu', name: 'nsu', type: 'string' },
  { field: 'authorization', name: 'authorization', type: 'string' },
  { field: 'installment', name: 'installment', type: 'int' },
  { field: 'brand', name: 'brand', type: 'string' },
  { field: 'dueDate', name: 'due_date', type: 'string' },
  {
    field: 'paymentDate',
    name: 'payment_date',
    type: 'string',
    comment: 'the last day a payment or advance paid it',
  },
  { field: 'status', name: 'status', type: 'string', comment: 'as the night left it' },
  { field: 'reason', name: 'reason', type: 'string', comment: "a WRITE_OFF's: the reason it was accepted" },
  {
    field: 'depositKey',
    name: 'deposit_key',
    type: 'string',
    comment: "a DEPOSIT line's deposit: payment date, acquirer, account, group",
  },
  { field: 'bankAccount', name: 'bank_account', type: 'string', comment: "a DEPOSIT line's account" },
  { field: 'breakId', name: 'break_id', type: 'string', comment: "a WRITE_OFF's accepted break" },
  {
    field: 'breakKind',
    name: 'break_kind',
    type: 'string',
    comment: "a WRITE_OFF's break kind (PAID_SHORT...)",
  },
  {
    field: 'matchedWith',
    name: 'matched_with',
    type: 'string',
    comment: "a manual match's other side: the payments' receivables, or the forecast's",
  },
] as const;

/**
 * One JSON Lines object per night and export segment, rewritten whole by a re-run of the night with
 * the same lines (baixas/store.ts): a line is there once. The night is the partition, not a column.
 */
export const BAIXAS_TABLE = {
  name: 'recon_baixas',
  prefix: 'exports/baixas/',
  format: 'jsonl',
  columns: BAIXA_COLUMNS.map(({ name, type, ...rest }) => ({
    name,
    type,
    ...('comment' in rest ? { comment: rest.comment } : {}),
  })),
  partitions: [{ name: 'night', projection: { type: 'date' } }],
} as const satisfies LakeTable;

/** The line fields the table holds, in its column order. */
export const BAIXA_COLUMN_FIELDS = BAIXA_COLUMNS.map((column) => column.field);
export type BaixaColumnField = (typeof BAIXA_COLUMNS)[number]['field'];
