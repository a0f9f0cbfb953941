/**
 * The named queries of the lake: ONE source for the Athena named queries (CDK) and for the local
 * DuckDB runner (`local/lake/duckdb.ts`, `recon query`), so what finance runs in the console is
 * what the tests run locally.
 *
 * Portability rules (Athena engine 3 / Trino and DuckDB both accept this SQL):
 * - parameters are positional `?` placeholders (Athena parameterized queries, DuckDB prepared
 *   statements); {@link NamedQuery.params} names them in order, one entry per `?`;
 * - every date is an ISO `yyyy-MM-dd` string (columns and partitions), compared as text;
 * - no integer division (Trino truncates, DuckDB does not): ratios are computed on DOUBLE.
 *
 * Queries over `recon_records` count each record as the book (DynamoDB) does — identity, page seams,
 * the roles of the latest run, corrections — through one CTE chain, {@link countedRecords}.
 */
import { QUARANTINE_TABLE } from '../../lambdas/core/ingest/lake/tables';
import { RECEIVABLE_CHANGES_TABLE } from '../../lambdas/core/receivable-store/changes-table';
import { BAIXAS_QUERIES } from './baixas-queries';
import { BREAK_QUERIES } from './break-queries';
import { countedRecords } from './counted-records';
import { DEPOSIT_QUERIES } from './deposit-queries';
import { feeAuditSql, feeConsistencySql } from './fee-audit-query';
import { receivablesAsOf } from './receivables-as-of';
import { countOf } from './sql-parts';
import { WHO_OWES_QUERIES } from './who-owes-queries';

export interface QueryParam {
  readonly name: string;
  readonly description: string;
}

export interface NamedQuery {
  /** Identifier: snake case, unique; the Athena named query is called `recon_<name>`. */
  readonly name: string;
  readonly description: string;
  readonly sql: string;
  /** One entry per `?` in {@link sql}, in order. */
  readonly params: readonly QueryParam[];
}

const asOf: QueryParam = { name: 'as_of', description: 'state as of the end of this date, yyyy-MM-dd' };
const from: QueryParam = { name: 'from', description: 'first movement date, yyyy-MM-dd' };
const to: QueryParam = { name: 'to', description: 'last movement date (inclusive), yyyy-MM-dd' };
/** The parameters of {@link countedRecords} over the range: twice (partitions, then days). */
const movementRange: readonly QueryParam[] = [from, to, from, to];
/** The same with the rest of the receivables paid in the range: once more (the days they leave out). */
const paidReceivablesRange: readonly QueryParam[] = [...movementRange, from, to];
const rangeRecords = countedRecords('range');
/** For the queries that count payments: whether an advance set one aside takes the whole receivable. */
const paidReceivablesRecords = countedRecords('paid receivables');

const receivables = 'receivables';
const LIFECYCLE_COLUMNS = `cancelled_net_cents, charged_back_net_cents, adjustment_net_cents, advance_fee_cents,
       expected_net_cents, received_net_cents, last_chargeback_date, roles`;

/** The `yyyy-MM` of the record's movement date (a financial record's payment day): its partition. */
const month = 'movement_month';
/** Records of the role debit money (`signed_net_cents` < 0): their sum as a positive debit. */
const debitOf = (condition: string) => `SUM(CASE WHEN ${condition} THEN -signed_net_cents ELSE 0 END)`;

export const NAMED_QUERIES: readonly NamedQuery[] = [
  {
    name: 'receivables_as_of',
    description:
      "Every receivable as it stood at the end of a date (archived ones included), from the change log: the lake's full listing.",
    params: [asOf],
    sql: `${receivablesAsOf}
SELECT receivable_key, acquirer, merchant, brand, sale_date, nsu, "authorization", installment, status,
       forecast_net_cents, settled_net_cents, difference_cents, due_date, last_payment_date, settlement_count,
       reason, version, changed_on, ${LIFECYCLE_COLUMNS}
FROM ${receivables}
ORDER BY receivable_key`,
  },
  {
    name: 'receivables_by_state',
    description:
      'Receivables per reconciliation state as of a date, with forecast, settled, expected and received totals.',
    params: [asOf],
    sql: `${receivablesAsOf}
SELECT status,
       COUNT(*) AS receivables,
       SUM(forecast_net_cents) AS forecast_net_cents,
       SUM(settled_net_cents) AS settled_net_cents,
       SUM(difference_cents) AS difference_cents,
       SUM(expected_net_cents) AS expected_net_cents,
       SUM(received_net_cents) AS received_net_cents
FROM ${receivables}
GROUP BY status
ORDER BY status`,
  },
  {
    name: 'divergences',
    description: 'Receivables paid short or over as of a date, largest difference first.',
    params: [asOf],
    sql: `${receivablesAsOf}
SELECT receivable_key, acquirer, merchant, brand, sale_date, nsu, "authorization", installment, status,
       forecast_net_cents, settled_net_cents, difference_cents, due_date, last_payment_date, reason,
       expected_net_cents, received_net_cents, advance_fee_cents
FROM ${receivables}
WHERE status IN ('UNDERPAID', 'OVERPAID')
ORDER BY ABS(difference_cents) DESC, receivable_key`,
  },
  {
    // DynamoDB keeps no index of OPEN receivables (aging reads its due lists): this is their listing.
    name: 'receipts_by_due_date',
    description:
      'Net still to be received per due date (OPEN and OVERDUE receivables) as of a date: the cash agenda (expected: forecast less cancellations, plus adjustments).',
    params: [asOf],
    sql: `${receivablesAsOf}
SELECT due_date, status,
       COUNT(*) AS receivables,
       SUM(forecast_net_cents) AS forecast_net_cents,
       SUM(expected_net_cents) AS expected_net_cents
FROM ${receivables}
WHERE status IN ('OPEN', 'OVERDUE')
GROUP BY due_date, status
ORDER BY due_date, status`,
  },
  {
    name: 'unexpected_settlements',
    description: 'Money that arrived with no forecast (settlements without an A1), as of a date.',
    params: [asOf],
    sql: `${receivablesAsOf}
SELECT receivable_key, acquirer, merchant, brand, sale_date, nsu, "authorization", installment,
       settled_net_cents, settlement_count, last_payment_date, reason
FROM ${receivables}
WHERE status = 'UNEXPECTED'
ORDER BY last_payment_date, receivable_key`,
  },
  {
    name: 'daily_totals',
    description:
      'Record counts and gross/fee/net totals per movement day, kind, code, acquirer, merchant and brand.',
    params: paidReceivablesRange,
    sql: `${paidReceivablesRecords}
SELECT movement_date, kind, code, acquirer, merchant, brand,
       COUNT(*) AS records,
       SUM(gross_cents) AS gross_cents,
       SUM(fee_cents) AS fee_cents,
       SUM(net_cents) AS net_cents
FROM records
GROUP BY movement_date, kind, code, acquirer, merchant, brand
ORDER BY movement_date, kind, code, acquirer, merchant, brand`,
  },
  {
    name: 'fee_audit',
    description:
      'Forecasts (A1) of a movement period against the contracted rates (recon_contract_rates, docs/fee-audit.md) per acquirer and brand: gross, charged and contracted fee, their difference, sales above contract and without a rate.',
    params: movementRange,
    sql: feeAuditSql(rangeRecords),
  },
  {
    name: 'fee_consistency',
    description:
      'Charged fee versus gross minus net per acquirer, brand and code: records whose own amounts disagree, effective fee rate.',
    params: paidReceivablesRange,
    sql: feeConsistencySql(paidReceivablesRecords),
  },
  {
    name: 'fee_overcharges',
    description:
      'Fees above the contracted rates (docs/fee-audit.md) per acquirer and brand, for sales of a period, each receivable at its latest state as of a date.',
    params: [
      asOf,
      { name: 'from', description: 'first sale date, yyyy-MM-dd' },
      { name: 'to', description: 'last sale date (inclusive), yyyy-MM-dd' },
    ],
    sql: `WITH params AS (SELECT CAST(? AS VARCHAR) AS as_of), latest AS (
  SELECT c.*, ROW_NUMBER() OVER (PARTITION BY c.receivable_key ORDER BY c.version DESC, c.changed_on DESC) AS latest_rank
  FROM ${RECEIVABLE_CHANGES_TABLE.name} c CROSS JOIN params p
  WHERE c.changed_on <= p.as_of
)
SELECT acquirer, brand,
       COUNT(*) AS audited,
       SUM(CASE WHEN fee_audit = 'FEE_ABOVE_CONTRACT' THEN 1 ELSE 0 END) AS sales_above,
       SUM(CASE WHEN fee_audit = 'FEE_ABOVE_CONTRACT' THEN fee_difference_cents ELSE 0 END) AS sale_overcharged_cents,
       SUM(CASE WHEN advance_fee_audit = 'FEE_ABOVE_CONTRACT' THEN 1 ELSE 0 END) AS advances_above,
       SUM(CASE WHEN advance_fee_audit = 'FEE_ABOVE_CONTRACT' THEN advance_fee_difference_cents ELSE 0 END) AS advance_overcharged_cents,
       SUM(CASE WHEN fee_audit = 'NO_CONTRACT_RATE' THEN 1 ELSE 0 END) AS without_rate
FROM latest
WHERE latest_rank = 1 AND fee_audit IS NOT NULL AND sale_date BETWEEN ? AND ?
GROUP BY acquirer, brand
ORDER BY acquirer, brand`,
  },
  {
    name: 'chargebacks_by_month',
    description:
      'Chargebacks per acquirer and month of their debit (movement date): count and amount, reversals, and the net still taken back.',
    params: movementRange,
    sql: `${rangeRecords}
SELECT acquirer, ${month} AS movement_month,
       ${countOf("role = 'CHARGEBACK'")} AS chargebacks,
       ${debitOf("role = 'CHARGEBACK'")} AS chargeback_cents,
       ${countOf("role = 'CHARGEBACK_REVERSAL'")} AS reversals,
       -${debitOf("role = 'CHARGEBACK_REVERSAL'")} AS reversed_cents,
       -SUM(signed_net_cents) AS net_charged_back_cents
FROM records
WHERE role IN ('CHARGEBACK', 'CHARGEBACK_REVERSAL')
GROUP BY acquirer, ${month}
ORDER BY acquirer, movement_month`,
  },
  {
    name: 'fees_and_debits_by_month',
    description:
      'Fees (POS rent, service fees) and debit adjustments per acquirer and month, account-level and linked to a receivable, as positive debits.',
    params: movementRange,
    sql: `${rangeRecords}
SELECT acquirer, ${month} AS movement_month,
       ${countOf("role = 'FEE'")} AS fees,
       ${debitOf("role = 'FEE'")} AS fee_cents,
       ${countOf("role = 'ADJUSTMENT'")} AS debit_adjustments,
       ${debitOf("role = 'ADJUSTMENT'")} AS debit_adjustment_cents,
       ${debitOf('receivable_key IS NULL')} AS account_level_cents,
       ${debitOf('receivable_key IS NOT NULL')} AS linked_cents,
       -SUM(signed_net_cents) AS total_debit_cents
FROM records
WHERE role = 'FEE' OR (role = 'ADJUSTMENT' AND signed_net_cents < 0)
GROUP BY acquirer, ${month}
ORDER BY acquirer, movement_month`,
  },
  {
    name: 'advance_fees_by_month',
    description:
      'Advances of receivables per acquirer and month paid: amount paid early, advance fee, and the fee as a percentage of paid plus fee.',
    params: movementRange,
    sql: `${rangeRecords}
SELECT acquirer, ${month} AS movement_month,
       COUNT(*) AS advances,
       SUM(signed_net_cents) AS advanced_net_cents,
       SUM(ABS(COALESCE(fee_cents, 0))) AS advance_fee_cents,
       ROUND(CAST(SUM(ABS(COALESCE(fee_cents, 0))) AS DOUBLE) * 100
             / CAST(NULLIF(SUM(signed_net_cents + ABS(COALESCE(fee_cents, 0))), 0) AS DOUBLE), 4) AS effective_fee_percent
FROM records
WHERE role = 'ADVANCE'
GROUP BY acquirer, ${month}
ORDER BY acquirer, movement_month`,
  },
  {
    name: 'quarantine_by_reason',
    description:
      'Quarantined entries per report kind, generation day and reason (entries re-sent in other reports counted once).',
    params: [from, to],
    sql: `SELECT kind, generated, reason, COUNT(DISTINCT record_hash) AS entries
FROM ${QUARANTINE_TABLE.name}
WHERE generated BETWEEN ? AND ?
GROUP BY kind, generated, reason
ORDER BY kind, generated, reason`,
  },
  ...DEPOSIT_QUERIES,
  ...BREAK_QUERIES,
  ...WHO_OWES_QUERIES,
  ...BAIXAS_QUERIES,
];

export function findNamedQuery(name: string): NamedQuery {
  const query = NAMED_QUERIES.find((q) => q.name === name);
  if (!query) {
    throw new Error(`unknown query "${name}"; known: ${NAMED_QUERIES.map((q) => q.name).join(', ')}`);
  }
  return query;
}
