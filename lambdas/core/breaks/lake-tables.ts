/** The breaks in the lake (`recon_break_events`, `recon_breaks`), as Athena and DuckDB read them. */
import type { LakeTable } from '../lake-schema';

/**
 * Every audit event (chain.ts) as a row, one JSON lines object per event, written when the event is
 * written (events-lake.ts). The decision columns are those of the decision the event leaves in
 * force (an undo's: the one it restores); the kind and stake, of the money it was about. The chain's
 * hashes come along, so the lake's copy can be checked against the table's.
 */
export const BREAK_EVENTS_TABLE = {
  name: 'recon_break_events',
  prefix: 'breaks/events/',
  format: 'jsonl',
  columns: [
    { name: 'break_id', type: 'string' },
    { name: 'ref', type: 'string', comment: 'short reference the CLI and the report print' },
    { name: 'version', type: 'int', comment: '1, 2, 3… per break' },
    { name: 'decided_at', type: 'string', comment: 'instant of the decision, ISO UTC' },
    { name: 'actor', type: 'string', comment: 'who decided' },
    { name: 'action', type: 'string', comment: 'treat, dispute, accept, undo' },
    { name: 'status_before', type: 'string', comment: 'IN_TREATMENT, DISPUTED, ACCEPTED; null: undecided' },
    { name: 'status_after', type: 'string', comment: 'as status_before, after the event' },
    { name: 'reason', type: 'string', comment: "an accepted difference's reason" },
    { name: 'note', type: 'string' },
    { name: 'ticket', type: 'string' },
    { name: 'assignee', type: 'string' },
    { name: 'deadline', type: 'string', comment: "a disputed chargeback's contest deadline" },
    { name: 'undoes', type: 'int', comment: 'the version an undo takes back' },
    { name: 'kind', type: 'string', comment: 'break kind when decided' },
    { name: 'stake_cents', type: 'bigint', comment: 'money at stake when decided' },
    { name: 'acquirer', type: 'string' },
    { name: 'prev_hash', type: 'string' },
    { name: 'hash', type: 'string' },
  ],
  partitions: [{ name: 'decided_on', projection: { type: 'date' } }],
} as const satisfies LakeTable;

/**
 * Every break the night's summary lists, as its view (status.ts) that night: one JSON lines object
 * per business date (snapshot-lake.ts), rewritten whole by a re-run of that night, so a night never
 * holds two generations. A break's status on a night is its row in that night's partition.
 */
export const BREAKS_TABLE = {
  name: 'recon_breaks',
  prefix: 'breaks/snapshots/',
  format: 'jsonl',
  columns: [
    { name: 'break_id', type: 'string' },
    { name: 'ref', type: 'string' },
    { name: 'kind', type: 'string' },
    {
      name: 'status',
      type: 'string',
      comment: 'NEW, PERSISTING, IN_TREATMENT, DISPUTED, ACCEPTED, RESOLVED, REOPENED',
    },
    { name: 'acquirer', type: 'string' },
    { name: 'merchant', type: 'string' },
    { name: 'sale_date', type: 'string' },
    { name: 'nsu', type: 'string' },
    { name: 'installment', type: 'int' },
    { name: 'due_date', type: 'string', comment: "a deposit's payment date, a credit's date" },
    { name: 'place', type: 'string', comment: "a deposit's or credit's bank account (and group)" },
    {
      name: 'stake_cents',
      type: 'bigint',
      comment: 'as the data shows it that night (as decided, once resolved)',
    },
    { name: 'first_seen', type: 'string', comment: 'null: resolved' },
    { name: 'age_days', type: 'int' },
    { name: 'age_bucket', type: 'string', comment: '0-7, 8-30, 31-60, 61+' },
    { name: 'decision_status', type: 'string', comment: 'the decision in force, even when reopened' },
    { name: 'reason', type: 'string' },
    { name: 'note', type: 'string' },
    { name: 'ticket', type: 'string' },
    { name: 'assignee', type: 'string' },
    { name: 'deadline', type: 'string' },
    { name: 'version', type: 'int', comment: "the decision's version" },
  ],
  partitions: [{ name: 'as_of', projection: { type: 'date' } }],
} as const satisfies LakeTable;

/** A row of `table`: exactly its columns, so a column added there is a compile error until mapped. */
export type RowOf<T extends LakeTable> = Record<T['columns'][number]['name'], string | number | null>;
