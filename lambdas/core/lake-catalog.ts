/** Every table of the lake, for the Glue catalog and the local DuckDB views. */
import { BAIXAS_TABLE } from './baixas/table';
import { BREAK_EVENTS_TABLE, BREAKS_TABLE } from './breaks/lake-tables';
import { BANK_TRANSACTIONS_TABLE } from './deposits/bank/transactions-table';
import { DEPOSIT_RESULTS_TABLE } from './deposits/results-table';
import { QUARANTINE_TABLE, RECORDS_TABLE } from './ingest/lake/tables';
import type { LakeTable } from './lake-schema';
import { RECEIVABLE_CHANGES_TABLE } from './receivable-store/changes-table';

export const LAKE_TABLES: readonly LakeTable[] = [
  RECORDS_TABLE,
  QUARANTINE_TABLE,
  RECEIVABLE_CHANGES_TABLE,
  BANK_TRANSACTIONS_TABLE,
  DEPOSIT_RESULTS_TABLE,
  BREAK_EVENTS_TABLE,
  BREAKS_TABLE,
  BAIXAS_TABLE,
];
