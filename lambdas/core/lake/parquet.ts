/**
 * Parquet encoding for the lake. hyparquet-writer is pure JavaScript (no native binary to ship in a
 * Lambda bundle) and writes files Athena and DuckDB read.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';

export type ParquetColumnType = 'STRING' | 'INT32' | 'INT64' | 'BOOLEAN' | 'DOUBLE' | 'JSON';

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
      // INT64 columns take bigint; centavos fit in INT64 without loss.
      data:
        column.type === 'INT64'
          ? column.data.map((v) => (v == null ? null : BigInt(v as number)))
          : [...column.data],
    })),
  });
  return new Uint8Array(buffer);
}
