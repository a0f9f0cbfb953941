/**
 * `WITH ... unique_records AS (...)`: the records of a movement-date range, each occurrence once, as
 * the book counts occurrences (`lambdas/core/receivables/occurrences.ts`), written in SQL (the queries
 * read them through `counted-records.ts`, which then applies the book's correction rule):
 *
 * - the same record reaches the lake in several reports (a re-run generates a new report id; windows
 *   overlap), so an identity (`record_hash`) counts as many times as it occurs in the report holding
 *   it most often: equal twins of one report (two equal partial payments) are two records, a
 *   re-delivery is none. `occurrence` numbers an identity's distinct places within a report — its
 *   distinct line sequences where the layout has one, else its distinct (page, line) — and one row
 *   is kept per (identity, occurrence) over all reports. A file written while the identity still
 *   held the role and sign (`records/identity.ts`) carries that former value as `record_hash`; a
 *   newer copy names it in `former_hash`, and the two are one identity (`identity_hash`), as the
 *   stores replace a contribution kept under its former hash;
 * - a page seam: without a line sequence, a copy on the first line of page p+1 whose identity sits on
 *   the last line of page p (`page_lines`), read alike (same role and direction), is the seam's
 *   overlap, not a place of its own. A file written before `page_lines` existed reads it as null and
 *   has no seam, as the book had none for a page whose length was not recorded;
 * - roles: the role, direction, receivable and reason a record was stored with are what the
 *   configuration said THEN (`lake/records-file.ts`). The book applies the configuration of its
 *   latest run, so each (identity, occurrence) keeps its latest stored copy (`ingested_at`; a file
 *   written before that column existed ranks after every newer one, then by the latest report);
 * - readings: a chargeback and its reversal of one amount and day share an identity and are two
 *   records, each with its own role, as the book keeps them (`receivables/reclassify.ts`): hence a
 *   copy per occurrence, not a role per identity, and no seam between two readings.
 *   Limit: an occurrence the latest report no longer holds (a twin the provider stopped sending)
 *   keeps the role of the copy that had it.
 *
 * Scope: the range's records (`in_period` 1), or also, for the queries that count payments, the other
 * records of the receivables paid in the range (`in_period` 0): whether an advance set a payment aside
 * depends on the receivable's forecast, advances, cancellations and adjustments, which other months
 * hold (`counted-records.ts`). That scope reads every month of the table for those receivables.
 *
 * Parameters: the range twice, once for the `movement_month` partitions (so Athena reads only the
 * months of the range) and once for the days, and in the scope `'paid receivables'` once more, for
 * the days its other records lie outside; pass the same two dates.
 */
import { RECORDS_TABLE } from '../../lambdas/core/ingest/lake/tables';

/** The latest stored copy first; the order that picks which copy of an occurrence is kept. */
const LATEST_FIRST =
  'CASE WHEN ingested_at IS NULL THEN 1 ELSE 0 END, ingested_at DESC, generated_on DESC, report_id DESC, page, line';
/** How a copy is read, as the book tells readings apart: its role (none: '') and whether it debits. */
const reading = (copy: string) =>
  `COALESCE(${copy}.role, '') AS reading_role, CASE WHEN ${copy}.signed_net_cents < 0 THEN 1 ELSE 0 END AS reading_debit`;

/** Which records the chain reads: the range's, or also the rest of each receivable paid in it. */
export type RecordsScope = 'range' | 'paid receivables';

const inRange =
  'movement_month BETWEEN SUBSTR(?, 1, 7) AND SUBSTR(?, 1, 7) AND movement_date BETWEEN ? AND ?';

function storedOf(scope: RecordsScope): string {
  if (scope === 'range')
    return `stored AS (SELECT t.*, 1 AS in_period FROM ${RECORDS_TABLE.name} t WHERE ${inRange})`;
  return `range_records AS (SELECT * FROM ${RECORDS_TABLE.name} WHERE ${inRange}), stored AS (
  SELECT r.*, 1 AS in_period FROM range_records r
  UNION ALL
  SELECT t.*, 0 AS in_period FROM ${RECORDS_TABLE.name} t
  WHERE t.receivable_key IN (SELECT receivable_key FROM range_records WHERE role = 'PAYMENT')
    AND t.movement_date NOT BETWEEN ? AND ?
)`;
}

export const uniqueRecords = (scope: RecordsScope) => `WITH ${storedOf(scope)}, renamed AS (
  SELECT DISTINCT former_hash, record_hash AS current_hash FROM stored WHERE former_hash IS NOT NULL
), identified AS (
  SELECT s.*, COALESCE(n.current_hash, s.record_hash) AS identity_hash, ${reading('s')}
  FROM stored s LEFT JOIN renamed n ON n.former_hash = s.record_hash
), seam_ends AS (
  SELECT DISTINCT identity_hash, report_id, page, reading_role, reading_debit FROM identified
  WHERE line_sequence IS NULL AND line = page_lines - 1
), numbered AS (
  SELECT r.*, DENSE_RANK() OVER (
    PARTITION BY r.identity_hash, r.report_id
    ORDER BY r.line_sequence, CASE WHEN r.line_sequence IS NULL THEN r.page END,
             CASE WHEN r.line_sequence IS NULL THEN r.line END
  ) AS occurrence
  FROM identified r
  LEFT JOIN seam_ends s
    ON s.identity_hash = r.identity_hash AND s.report_id = r.report_id AND s.page = r.page - 1
   AND r.line = 0 AND r.line_sequence IS NULL
   AND s.reading_role = r.reading_role AND s.reading_debit = r.reading_debit
  WHERE s.page IS NULL
), ranked AS (
  SELECT n.*, ROW_NUMBER() OVER (PARTITION BY identity_hash, occurrence ORDER BY ${LATEST_FIRST}) AS copy_rank
  FROM numbered n
), unique_records AS (SELECT * FROM ranked WHERE copy_rank = 1)`;
