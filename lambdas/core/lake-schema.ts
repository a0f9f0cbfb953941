/**
 * How a lake table is described, once: the Parquet/JSON writers, the Glue catalog (`lib/analytics`)
 * and the local DuckDB views (`local/lake`) all read each capability's definition, so a column added
 * there appears everywhere and the three cannot drift apart. The tables themselves live with the
 * capability that writes them; `lake-catalog.ts` lists them.
 *
 * Dates are ISO `yyyy-MM-dd` strings in every column and partition: they sort and compare the same
 * way in Athena and DuckDB, with no engine-specific date literal in the shared SQL.
 */

/** Column types in Glue/Hive spelling; `bigint` holds centavos. */
export type LakeColumnType = 'string' | 'int' | 'bigint';

export interface LakeColumn {
  readonly name: string;
  readonly type: LakeColumnType;
  readonly comment?: string;
}

/** How Athena enumerates a partition without a crawler: a fixed list, a range of ISO dates or of months (`yyyy-MM`). */
export type PartitionProjection =
  | { readonly type: 'enum'; readonly values: readonly string[] }
  | { readonly type: 'date' }
  /** `yyyy-MM`, one partition per month. */
  | { readonly type: 'month' };

export interface LakePartition {
  readonly name: string;
  readonly projection: PartitionProjection;
}

export interface LakeTable {
  readonly name: string;
  /** Key prefix of the table's objects, ending in `/`; partitions follow as `name=value/`. */
  readonly prefix: string;
  readonly format: 'parquet' | 'jsonl';
  readonly columns: readonly LakeColumn[];
  readonly partitions: readonly LakePartition[];
}
