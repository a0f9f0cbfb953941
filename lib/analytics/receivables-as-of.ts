/** The lake's receivables as they stood on a date, shared by the named queries that read them. */
import { RECEIVABLE_CHANGES_TABLE } from '../../lambdas/core/receivable-store/changes-table';

/**
 * `WITH receivables AS (...)`: every receivable's state as of the `as_of` parameter, from the change
 * log: its row of highest version among the partitions up to that date (a receivable archived from
 * DynamoDB keeps its last row). An OPEN receivable whose grace has ended by then reads OVERDUE, as
 * DynamoDB's listing derives it, so no row is needed for the aging of a receivable. A row written
 * before the lifecycle columns existed expects its forecast and received its settlements.
 */
export const receivablesAsOf = `WITH params AS (SELECT CAST(? AS VARCHAR) AS as_of), latest AS (
  SELECT c.*, p.as_of,
         ROW_NUMBER() OVER (PARTITION BY c.receivable_key ORDER BY c.version DESC, c.changed_on DESC) AS latest_rank
  FROM ${RECEIVABLE_CHANGES_TABLE.name} c CROSS JOIN params p
  WHERE c.changed_on <= p.as_of
), receivables AS (
  SELECT receivable_key, acquirer, merchant, sale_date, nsu, "authorization", installment, brand,
         CASE WHEN status = 'OPEN' AND overdue_on <= as_of THEN 'OVERDUE' ELSE status END AS status,
         forecast_net_cents, settled_net_cents, difference_cents, due_date, last_payment_date, settlement_count,
         CASE WHEN status = 'OPEN' AND overdue_on <= as_of AND reason = 'AWAITING_PAYMENT' THEN 'PAST_DUE'
              ELSE reason END AS reason,
         version, changed_on,
         cancelled_net_cents, charged_back_net_cents, adjustment_net_cents, advance_fee_cents,
         COALESCE(expected_net_cents, forecast_net_cents) AS expected_net_cents,
         COALESCE(received_net_cents, settled_net_cents) AS received_net_cents,
         last_chargeback_date, roles
  FROM latest
  WHERE latest_rank = 1
)`;
