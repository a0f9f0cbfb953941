/**
 * "Who owes what" in the lake (docs/report.md): per acquirer, the book's expected, received, late,
 * paid short and taken back as of a date, each figure summed with the one definition the report's
 * cards, its table and the CLI use (lambdas/core/book/figures.ts), so the console and the report
 * cannot disagree on what "late" means.
 */
import { FIGURE_SQL } from '../../lambdas/core/book/figures';
import { receivablesAsOf } from './receivables-as-of';

const asOf = { name: 'as_of', description: 'state as of the end of this date, yyyy-MM-dd' };

export const WHO_OWES_QUERIES = [
  {
    name: 'who_owes_what',
    description:
      'Per acquirer as of a date: forecast and settled net, late (past grace), paid short and taken back (cancellations and chargebacks net of reversals), in centavos.',
    params: [asOf],
    sql: `${receivablesAsOf}
SELECT acquirer,
       SUM(forecast_net_cents) AS expected_cents,
       SUM(settled_net_cents) AS received_cents,
       SUM(${FIGURE_SQL.late}) AS late_cents,
       SUM(${FIGURE_SQL.paidShort}) AS paid_short_cents,
       SUM(${FIGURE_SQL.takenBack}) AS taken_back_cents
FROM receivables
GROUP BY acquirer
ORDER BY acquirer`,
  },
] as const;
