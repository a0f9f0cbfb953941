/**
 * The ERP export's named query (docs/erp-export.md), appended to `queries.ts`'s list under the same
 * portability rules (Trino and DuckDB). `recon_baixas` holds each line once (a night's object is
 * rewritten whole with the same lines), so rows are read with no deduplication.
 */
import { BAIXAS_TABLE } from '../../lambdas/core/baixas/table';

export const BAIXAS_QUERIES = [
  {
    name: 'baixas_by_night',
    description:
      "The ERP export's lines of the nights from `from` to `to`: each movement finance posts, a correction as a reversal and a new line; their sum per receivable and component is what it holds.",
    params: [
      { name: 'from', description: 'first night, yyyy-MM-dd' },
      { name: 'to', description: 'last night (inclusive), yyyy-MM-dd' },
    ],
    sql: `SELECT night, id, kind, component, amount_cents, receivable_key, acquirer, merchant, sale_date, nsu,
       "authorization", installment, brand, due_date, payment_date, status, reason
FROM ${BAIXAS_TABLE.name}
WHERE night BETWEEN ? AND ?
ORDER BY night, receivable_key, component, kind DESC`,
  },
] as const;
