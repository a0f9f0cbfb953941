/**
 * `WITH ... records AS (...)`: the records of a movement-date range that count, as the book counts
 * them: each occurrence once ({@link uniqueRecords}), then the book's correction rule
 * (`lambdas/core/receivables/corrections.ts`, docs/design.md "Corrections") written in SQL. Every
 * named query over `recon_records` reads its records here, so the rule has this one definition.
 *
 * A receivable's payments and lifecycle records (every linked role but the forecast) fall in
 * correction groups: one receivable, one role, one payment date and, where every record of those
 * carries one, one movement date. Within a group, members (identities) are linked by the reports
 * that hold them (`heldTogether`):
 * - one set of linked members, and some report states every member with the copies it counts: all
 *   count (a report's twins; a re-run's report that brought what a failed job had brought, and more);
 * - one set whose copies no single report states (twins restated in a later report): the latest
 *   report's statement counts, each member with the copies that report holds (`latestStatement`);
 * - several sets, never held together (a chargeback of 60,00 restated as 100,00 in a later report):
 *   only a set first brought by a report of the latest generation day counts, the smallest of them
 *   when several are (`countedByCorrection`); never summed.
 * A set's money, for the smallest, is the amounts as the book holds them: magnitudes, an adjustment
 * signed. Account-level items and unclassified records are in no group and count as they are.
 *
 * A receivable's forecasts: one counts, once (`comparedForecast`): the latest, by movement date when
 * every forecast has one, else by its first report's day; the largest of the latest. A forecast
 * restated in a later report, or given twice in one, is one sale.
 *
 * Then an installment advanced in full and paid as well counts once (`countedContributions`): when
 * the counted advances of a receivable (what they paid plus their fees) are not zero and cover what
 * is expected — its counted forecast less its counted cancellations, plus its counted adjustments —
 * its payments are set aside. Only payments are set aside, so the
 * queries that count payments read their receivables whole (the scope `'paid receivables'` of
 * `unique-records.ts`); the other queries count no payment and read the range alone.
 *
 * Limit: the book joins members linked through any chain of reports (a union-find); SQL without
 * recursion (Athena allows only 10 levels of it) follows {@link LINK_HOPS} links from each member, so
 * a chain of more than four members, each sharing a report only with the next, may read as two sets.
 * No provider has been seen restating one payment date's records that way. And a group is decided
 * within the range read: the records of one payment date share their movement date (the partition),
 * but one without a payment date is filed under its due date, else its report's day, so its
 * restatement filed on another day is decided only by a range that holds both days.
 *
 * Parameters: those of {@link uniqueRecords} in the same scope.
 */
import { DIRECTION } from '../../lambdas/core/ingest/lake/records-file';
import { type RecordsScope, uniqueRecords } from './unique-records';

/** Links followed from a member to the members that share a report with it, then on from those. */
const LINK_HOPS = 3;

/** The roles whose records take money away: `signed_net_cents` is minus the book's amount. */
const DEBITING = Object.entries(DIRECTION)
  .filter(([, direction]) => direction === -1)
  .map(([role]) => `'${role}'`)
  .join(', ');
/** A record's amount as the book holds it (`directedCents`): magnitudes, an adjustment signed. */
const bookCents = `CASE WHEN role IN (${DEBITING}) THEN -signed_net_cents ELSE signed_net_cents END`;

/** `linked_<hop>`: per member, the earliest report among those reachable in `hop` links. */
const linkHop = (hop: number) => `linked_${hop} AS (
  SELECT a.correction_group, a.identity_hash, MIN(p.link) AS link
  FROM held a
  JOIN held b ON b.correction_group = a.correction_group AND b.report_key = a.report_key
  JOIN linked_${hop - 1} p ON p.correction_group = b.correction_group AND p.identity_hash = b.identity_hash
  GROUP BY a.correction_group, a.identity_hash
)`;
const linkHops = Array.from({ length: LINK_HOPS }, (_, i) => linkHop(i + 1)).join(', ');

export const countedRecords = (scope: RecordsScope) => `${uniqueRecords(scope)}, members AS (
  SELECT receivable_key, role, identity_hash, COALESCE(MAX(payment_date), '') AS paid_on,
         MAX(record_movement_date) AS moved_on, COUNT(*) AS copies, MAX(${bookCents}) AS book_cents
  FROM unique_records
  WHERE receivable_key IS NOT NULL AND role <> 'FORECAST'
  GROUP BY receivable_key, role, identity_hash
), grouped AS (
  SELECT m.*, receivable_key || '|' || role || '|' || paid_on || '|' || CASE
           WHEN MIN(CASE WHEN moved_on IS NULL THEN 0 ELSE 1 END) OVER (PARTITION BY receivable_key, role, paid_on) = 1
           THEN moved_on ELSE '' END AS correction_group
  FROM members m
), held AS (
  SELECT g.correction_group, g.identity_hash, g.copies, n.generated_on || '|' || n.report_id AS report_key,
         COUNT(DISTINCT n.occurrence) AS copies_in
  FROM grouped g
  JOIN unique_records u ON u.identity_hash = g.identity_hash AND u.role = g.role
  JOIN numbered n ON n.identity_hash = u.identity_hash AND n.occurrence = u.occurrence
  GROUP BY g.correction_group, g.identity_hash, g.copies, n.generated_on, n.report_id
), linked_0 AS (
  SELECT correction_group, identity_hash, MIN(report_key) AS link FROM held GROUP BY correction_group, identity_hash
), ${linkHops}, linked_members AS (
  SELECT g.correction_group, g.role, g.identity_hash, g.copies, g.book_cents, f.link AS first_report, c.link AS linked_set
  FROM grouped g
  JOIN linked_0 f ON f.correction_group = g.correction_group AND f.identity_hash = g.identity_hash
  JOIN linked_${LINK_HOPS} c ON c.correction_group = g.correction_group AND c.identity_hash = g.identity_hash
), linked_sets AS (
  SELECT correction_group, linked_set, MAX(first_report) AS set_report, SUM(book_cents * copies) AS set_cents,
         COUNT(*) OVER (PARTITION BY correction_group) AS set_count
  FROM linked_members
  GROUP BY correction_group, linked_set
), latest_sets AS (
  SELECT s.*, ROW_NUMBER() OVER (
    PARTITION BY correction_group
    ORDER BY CASE WHEN SUBSTR(set_report, 1, 10) = latest_day THEN 0 ELSE 1 END, set_cents, set_report
  ) AS set_pick
  FROM (SELECT l.*, MAX(SUBSTR(set_report, 1, 10)) OVER (PARTITION BY correction_group) AS latest_day
        FROM linked_sets l) s
), group_sizes AS (
  SELECT correction_group, COUNT(*) AS members FROM grouped GROUP BY correction_group
), whole_statements AS (
  SELECT DISTINCT h.correction_group
  FROM held h JOIN group_sizes g ON g.correction_group = h.correction_group
  WHERE h.copies_in = h.copies
  GROUP BY h.correction_group, h.report_key, g.members
  HAVING COUNT(*) = g.members
), latest_reports AS (
  SELECT correction_group, MAX(report_key) AS latest_report FROM held GROUP BY correction_group
), counted AS (
  SELECT m.identity_hash, m.role, CASE
           WHEN s.set_count > 1 THEN CASE WHEN s.set_pick = 1 THEN m.copies ELSE 0 END
           WHEN w.correction_group IS NOT NULL THEN m.copies
           ELSE COALESCE(h.copies_in, 0) END AS counted_copies
  FROM linked_members m
  JOIN latest_sets s ON s.correction_group = m.correction_group AND s.linked_set = m.linked_set
  JOIN latest_reports r ON r.correction_group = m.correction_group
  LEFT JOIN whole_statements w ON w.correction_group = m.correction_group
  LEFT JOIN held h
    ON h.correction_group = m.correction_group AND h.identity_hash = m.identity_hash AND h.report_key = r.latest_report
), corrected AS (
  SELECT u.*
  FROM (SELECT x.*, ROW_NUMBER() OVER (PARTITION BY identity_hash, role ORDER BY occurrence) AS copy_number
        FROM unique_records x) u
  LEFT JOIN counted c ON c.identity_hash = u.identity_hash AND c.role = u.role
  WHERE c.identity_hash IS NULL OR u.copy_number <= c.counted_copies
), forecasts AS (
  SELECT u.receivable_key, u.identity_hash, MAX(u.signed_net_cents) AS net_cents,
         MAX(u.record_movement_date) AS moved_on, SUBSTR(MIN(n.generated_on || '|' || n.report_id), 1, 10) AS first_day
  FROM unique_records u JOIN numbered n ON n.identity_hash = u.identity_hash AND n.occurrence = u.occurrence
  WHERE u.role = 'FORECAST' AND u.receivable_key IS NOT NULL
  GROUP BY u.receivable_key, u.identity_hash
), compared_forecasts AS (
  SELECT receivable_key, identity_hash, net_cents, ROW_NUMBER() OVER (
    PARTITION BY receivable_key
    ORDER BY CASE WHEN dated = 1 THEN moved_on ELSE '' END DESC, first_day DESC, net_cents DESC, identity_hash
  ) AS forecast_rank
  FROM (SELECT f.*, MIN(CASE WHEN moved_on IS NULL THEN 0 ELSE 1 END) OVER (PARTITION BY receivable_key) AS dated
        FROM forecasts f) d
), advanced_in_full AS (
  SELECT c.receivable_key
  FROM corrected c JOIN compared_forecasts f ON f.receivable_key = c.receivable_key AND f.forecast_rank = 1
  WHERE c.role IN ('PAYMENT', 'ADVANCE', 'CANCELLATION', 'ADJUSTMENT')
  GROUP BY c.receivable_key, f.net_cents
  HAVING SUM(CASE WHEN c.role = 'PAYMENT' THEN 1 ELSE 0 END) > 0
     AND SUM(CASE WHEN c.role = 'ADVANCE' THEN c.signed_net_cents + ABS(COALESCE(c.fee_cents, 0)) ELSE 0 END) <> 0
     AND SUM(CASE WHEN c.role = 'ADVANCE' THEN c.signed_net_cents + ABS(COALESCE(c.fee_cents, 0)) ELSE 0 END)
         >= f.net_cents + SUM(CASE WHEN c.role IN ('CANCELLATION', 'ADJUSTMENT') THEN c.signed_net_cents ELSE 0 END)
), records AS (
  SELECT c.*
  FROM corrected c
  LEFT JOIN advanced_in_full a ON a.receivable_key = c.receivable_key AND c.role = 'PAYMENT'
  LEFT JOIN compared_forecasts f
    ON f.receivable_key = c.receivable_key AND f.identity_hash = c.identity_hash AND c.role = 'FORECAST'
  WHERE c.in_period = 1 AND a.receivable_key IS NULL
    AND (COALESCE(c.role, '') <> 'FORECAST' OR (f.forecast_rank = 1 AND c.copy_number = 1))
)`;
