/**
 * Parquet encoding for the lake. hyparquet-writer is pure JavaScript (no native binary to ship in a
 * Lambda bundle) and writes files Athena and DuckDB read.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { LakeColumnType } from '../../lake-schema';

export type ParquetColumnType = 'STRING' | 'INT32' | 'INT64' | 'BOOLEAN' | 'DOUBLE' | 'JSON';

/** Parquet type of each lake column type (see `tables.ts`): Glue's `bigint` is INT64, `int` INT32. */
export const PARQUET_TYPE_OF: Record<LakeColumnType, ParquetColumnType> = {
  string: 'STRING',
  int: 'INT32',
  bigint: 'INT64',
};

export interface ParquetColumn {
  readonly name: string;
  readonly type: ParquetColumnType;
  readonly data: readonly unknown[];
}

/** Encodes columns of equal length into one Parquet file (snappy-compressed). */
export function encodeParquet(columns: readonly ParquetColumn[]): Uint8Array {
  const buffer = parquetWriteBuffer({
    columnData: columns.map((column) => ({
      name: column.name,
      type: column.type,
      // INT64 columns take bigint; centavos fit in INT64 without loss. Other columns go as they are:
      // the writer only reads them (it slices each row group's values), so a copy would be garbage.
      data:
        column.type === 'INT64'
          ? column.data.map((v) => (v == null ? null : BigInt(v as number)))
          : (column.data as unknown[]),
    })),
  });
  return new Uint8Array(buffer);
}
