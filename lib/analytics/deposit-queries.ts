/**
 * The bank leg's named queries (docs/deposits.md), kept apart from `queries.ts` for its length and
 * appended to its list; the same portability rules hold (Trino and DuckDB). Both read
 * `recon_deposit_results`, where each date's object is rewritten whole by every match over it
 * (lambdas/core/deposits/results-lake.ts): a row there is counted once, with no deduplication.
 */
import { DEPOSIT_RESULTS_TABLE } from '../../lambdas/core/deposits/results-table';

const from = { name: 'from', description: 'first payment (or credit) date, yyyy-MM-dd' };
const to = { name: 'to', description: 'last payment (or credit) date (inclusive), yyyy-MM-dd' };

/** The money a result is about: what did not arrive (or came and was reversed), or the difference's magnitude. */
const atStake = `CASE WHEN status = 'DEPOSIT_DIFFERS' THEN ABS(difference_cents) ELSE expected_cents END`;

export const DEPOSIT_QUERIES = [
  {
    name: 'deposits_two_legs',
    description:
      "The two legs side by side: per acquirer, bank account and payment day, the deposit the acquirers' records expected and the bank credit matched to it (unexplained credits on their credit day), with the difference and the status.",
    params: [from, to],
    sql: `SELECT result_date AS deposit_day, acquirer, bank_account, deposit_group, status,
       expected_cents, credit_date, credit_cents, difference_cents, window_ends, fitid, memo
FROM ${DEPOSIT_RESULTS_TABLE.name}
WHERE result_date BETWEEN ? AND ?
ORDER BY result_date, acquirer, bank_account, deposit_group, credit_date, credit_identity`,
  },
  {
    name: 'missing_deposits',
    description:
      'Deposits to act on, largest first: those that did not arrive within their window (NOT_DEPOSITED, the expected amount), those whose credit the bank reversed (DEPOSIT_REVERSED, the expected amount, with the reversal) and those that arrived with another amount (DEPOSIT_DIFFERS, the difference).',
    params: [from, to],
    sql: `SELECT status, acquirer, bank_account, payment_date, deposit_group, expected_cents, credit_date, credit_cents,
       difference_cents, ${atStake} AS at_stake_cents, window_ends, fitid, reversal_date, reversal_cents
FROM ${DEPOSIT_RESULTS_TABLE.name}
WHERE result_date BETWEEN ? AND ? AND status IN ('NOT_DEPOSITED', 'DEPOSIT_REVERSED', 'DEPOSIT_DIFFERS')
ORDER BY at_stake_cents DESC, payment_date, acquirer, bank_account, deposit_group`,
  },
] as const;
