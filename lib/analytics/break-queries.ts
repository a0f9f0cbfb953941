/**
 * The breaks' named queries (docs/breaks.md, "In the lake"), appended to `queries.ts`'s list
 * under its portability rules (Trino and DuckDB). `recon_breaks` holds one whole snapshot per night,
 * so a night's rows are counted as they are; `recon_break_events` one row per audit event.
 */
import { AGE_BUCKETS } from '../../lambdas/core/breaks/kinds';
import { BREAK_EVENTS_TABLE, BREAKS_TABLE } from '../../lambdas/core/breaks/lake-tables';
import { countOf } from './sql-parts';

const from = { name: 'from', description: 'first decision date, yyyy-MM-dd' };
const to = { name: 'to', description: 'last decision date (inclusive), yyyy-MM-dd' };

/** Age buckets youngest first, as the report lists them (their labels do not sort as text). */
const bucketOrder = `CASE age_bucket ${AGE_BUCKETS.map((b, i) => `WHEN '${b.label}' THEN ${i}`).join(' ')} END`;

export const BREAK_QUERIES = [
  {
    name: 'open_breaks_by_age',
    description:
      'Open breaks on the latest night written, per age bucket (days since first seen) and acquirer: how many and the money at stake, those nobody decided on yet (new, persisting, reopened) apart from those in treatment or disputed. Accepted and resolved breaks are not open.',
    params: [],
    sql: `WITH latest AS (SELECT MAX(as_of) AS night FROM ${BREAKS_TABLE.name})
SELECT age_bucket, acquirer, COUNT(*) AS breaks, SUM(stake_cents) AS stake_cents,
       ${countOf("status IN ('NEW', 'PERSISTING', 'REOPENED')")} AS to_act_on,
       ${countOf("status = 'IN_TREATMENT'")} AS in_treatment,
       ${countOf("status = 'DISPUTED'")} AS disputed,
       night AS as_of
FROM ${BREAKS_TABLE.name} JOIN latest ON as_of = night
WHERE status IN ('NEW', 'PERSISTING', 'REOPENED', 'IN_TREATMENT', 'DISPUTED')
GROUP BY age_bucket, acquirer, night
ORDER BY ${bucketOrder}, acquirer`,
  },
  {
    name: 'decisions_by_person',
    description:
      'Decisions per person and month (yyyy-MM, São Paulo time): how many of each action and the money at stake of the differences they accepted.',
    params: [from, to],
    sql: `SELECT actor, SUBSTR(decided_on, 1, 7) AS decided_month, COUNT(*) AS decisions,
       ${countOf("action = 'treat'")} AS treated,
       ${countOf("action = 'dispute'")} AS disputed,
       ${countOf("action = 'accept'")} AS accepted,
       ${countOf("action = 'undo'")} AS undone,
       SUM(CASE WHEN action = 'accept' THEN stake_cents ELSE 0 END) AS accepted_cents
FROM ${BREAK_EVENTS_TABLE.name}
WHERE decided_on BETWEEN ? AND ?
GROUP BY actor, SUBSTR(decided_on, 1, 7)
ORDER BY decided_month, actor`,
  },
] as const;
