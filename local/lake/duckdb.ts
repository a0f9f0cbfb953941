/**
 * The lake on this machine: Athena has no local stand-in, so the lake's objects are mirrored from
 * (local) S3 into a directory and DuckDB reads the same Parquet and JSON lines files through views
 * named and typed like the Glue tables. The named queries of `lib/analytics/queries.ts` then run
 * unchanged; this is what `recon query` uses.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { GetObjectCommand, ListObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import { DuckDBInstance } from '@duckdb/node-api';
import { CONTRACT_RATES_KEY, CONTRACT_RATES_TABLE } from '../../lambdas/core/fee-audit/rates-table';
import { LAKE_TABLES } from '../../lambdas/core/lake-catalog';
import type { LakeColumnType, LakeTable } from '../../lambdas/core/lake-schema';
import { findNamedQuery } from '../../lib/analytics/queries';

export interface LocalLakeOptions {
  readonly s3: S3Client;
  readonly bucket: string;
  /** Directory the lake's objects are mirrored into (the table prefixes below it are replaced). */
  readonly workDir: string;
}

export type Row = Record<string, unknown>;
export type QueryParams = Readonly<Record<string, string | number>>;

export interface LocalLake {
  /** Objects mirrored per table name (the contracted-rate table: 1 or 0). */
  readonly mirrored: Readonly<Record<string, number>>;
  runNamedQuery(name: string, params: QueryParams): Promise<Row[]>;
  runSql(sql: string, values?: readonly (string | number)[]): Promise<Row[]>;
  close(): void;
}

const DUCKDB_TYPES: Record<LakeColumnType, string> = { string: 'VARCHAR', int: 'INTEGER', bigint: 'BIGINT' };
const DOWNLOAD_CONCURRENCY = 8;

export async function openLocalLake(options: LocalLakeOptions): Promise<LocalLake> {
  const mirrored: Record<string, number> = {};
  for (const table of LAKE_TABLES) mirrored[table.name] = await mirrorPrefix(options, table.prefix);
  const rates = await mirrorPrefix(options, CONTRACT_RATES_TABLE.prefix);
  mirrored[CONTRACT_RATES_TABLE.name] = rates;
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  for (const table of LAKE_TABLES) {
    await connection.run(
      viewSql(table, join(options.workDir, table.prefix), (mirrored[table.name] ?? 0) > 0),
    );
  }
  await connection.run(contractRatesViewSql(join(options.workDir, CONTRACT_RATES_KEY), rates > 0));

  async function runSql(sql: string, values: readonly (string | number)[] = []): Promise<Row[]> {
    // Without values the SQL is not prepared, so `--sql` may hold several statements.
    const reader = await connection.runAndReadAll(sql, values.length > 0 ? [...values] : undefined);
    return reader.getRowObjectsJS().map(plainRow);
  }

  return {
    mirrored,
    runSql,
    runNamedQuery(name, params) {
      const query = findNamedQuery(name);
      const values = query.params.map((param) => {
        const value = params[param.name];
        if (value === undefined)
          throw new Error(`query "${name}" needs parameter "${param.name}" (${param.description})`);
        return value;
      });
      return runSql(query.sql, values);
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** Replaces `workDir/prefix` with the objects under `prefix`; returns how many there were. */
async function mirrorPrefix({ s3, bucket, workDir }: LocalLakeOptions, prefix: string): Promise<number> {
  await rm(join(workDir, prefix), { recursive: true, force: true });
  const keys: string[] = [];
  // ListObjects (V1) paged by marker, not V2: s3rver's V2 continuation token is DES-encrypted, which
  // Node's OpenSSL 3 refuses, so a V2 listing past 1,000 keys failed and with it `recon query`.
  let marker: string | undefined;
  do {
    const page = await s3.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: marker }));
    for (const object of page.Contents ?? [])
      if (object.Key && !object.Key.endsWith('/')) keys.push(object.Key);
    marker = page.IsTruncated ? (page.NextMarker ?? page.Contents?.at(-1)?.Key) : undefined;
  } while (marker);
  for (let i = 0; i < keys.length; i += DOWNLOAD_CONCURRENCY) {
    await Promise.all(
      keys.slice(i, i + DOWNLOAD_CONCURRENCY).map(async (key) => {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const file = join(workDir, key);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, (await object.Body?.transformToByteArray()) ?? new Uint8Array());
      }),
    );
  }
  return keys.length;
}

/**
 * A view with exactly the Glue table's columns and types (partitions last, as Athena shows them),
 * over the mirrored files; an empty typed view when the table has no file yet, so queries still run.
 */
function viewSql(table: LakeTable, directory: string, hasFiles: boolean): string {
  const columns = [
    ...table.columns.map((column) => ({ name: column.name, type: DUCKDB_TYPES[column.type] })),
    ...table.partitions.map((partition) => ({ name: partition.name, type: 'VARCHAR' })),
  ];
  const select = columns
    .map((c) => `CAST(${quoteIdent(c.name)} AS ${c.type}) AS ${quoteIdent(c.name)}`)
    .join(', ');
  if (!hasFiles) {
    const nulls = columns.map((c) => `CAST(NULL AS ${c.type}) AS ${quoteIdent(c.name)}`).join(', ');
    return `CREATE OR REPLACE VIEW ${table.name} AS SELECT ${nulls} WHERE false`;
  }
  // Partition values stay text (hive_types_autocast = false): dates compare as ISO strings, as in Athena.
  const hive = 'hive_partitioning = true, hive_types_autocast = false';
  const source =
    table.format === 'parquet'
      ? `read_parquet(${quoteLiteral(join(directory, '**', '*.parquet'))}, ${hive}, union_by_name = true)`
      : `read_json(${quoteLiteral(join(directory, '**', '*.jsonl'))}, format = 'newline_delimited', ${hive}, columns = {${table.columns
          .map((c) => `${quoteLiteral(c.name)}: '${DUCKDB_TYPES[c.type]}'`)
          .join(', ')}})`;
  return `CREATE OR REPLACE VIEW ${table.name} AS SELECT ${select} FROM ${source}`;
}

/**
 * The contracted-rate CSV as Athena's OpenCSVSerde reads it: header skipped, every column text under
 * the Glue table's names, so `fee_audit`'s casts and normalization run the same here.
 */
function contractRatesViewSql(file: string, hasFile: boolean): string {
  const { name, columns } = CONTRACT_RATES_TABLE;
  if (!hasFile) {
    const nulls = columns.map((c) => `CAST(NULL AS VARCHAR) AS ${quoteIdent(c)}`).join(', ');
    return `CREATE OR REPLACE VIEW ${name} AS SELECT ${nulls} WHERE false`;
  }
  const types = columns.map((c) => `${quoteLiteral(c)}: 'VARCHAR'`).join(', ');
  return `CREATE OR REPLACE VIEW ${name} AS SELECT * FROM read_csv(${quoteLiteral(file)}, header = true, delim = ',', quote = '"', escape = '"', columns = {${types}})`;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** DuckDB returns BIGINT/HUGEINT as bigint: numbers when exact, decimal strings when not. */
function plainRow(row: Record<string, unknown>): Row {
  const plain: Row = {};
  for (const [key, value] of Object.entries(row)) {
    plain[key] =
      typeof value === 'bigint'
        ? value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
          ? Number(value)
          : value.toString()
        : value;
  }
  return plain;
}
