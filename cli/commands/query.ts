/**
 * `recon query`: the Athena named queries (or any SQL) over the local lake, with DuckDB. The local
 * S3 bucket is mirrored into `<data-dir>/<env>/lake` and read through views named like the Glue tables.
 */
import { type Command, Option } from 'commander';
import { isIsoDate } from '../../lambdas/core/calendar';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { RECEIVABLE_CHANGES_TABLE } from '../../lambdas/core/receivable-store/changes-table';
import { NAMED_QUERIES, type NamedQuery } from '../../lib/analytics/queries';
import type { LocalLake, Row } from '../../local/lake/duckdb';
import { UsageError } from '../errors';
import { FORMATS, type Format, formatRows } from '../format';
import type { CliIo } from '../io';
import { DEFAULT_DATA_DIR, environmentOption } from '../options';
import { type DataPaths, existingState, LOCAL_BUCKET } from '../runner/data-dir';
import { withRunLock } from '../runner/lock';

interface QueryOptions {
  readonly sql?: string;
  readonly param: readonly string[];
  readonly dataDir: string;
  readonly env?: ProviderEnvironment;
  readonly format: Format;
}

/** Parameters nobody gave: the whole movement range, and the last night in the change log. */
const OPEN_RANGE = { from: '0001-01-01', to: '9999-12-31' } as const;

/** `name=value` pairs, refused unless the query takes that parameter and the value is a real date. */
function parseParams(pairs: readonly string[], query: NamedQuery | undefined): Record<string, string> {
  if (pairs.length > 0 && !query) throw new UsageError('--param applies to named queries, not to --sql.');
  const known = query?.params.map((p) => p.name) ?? [];
  const params: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--param expects name=value, got "${pair}".`);
    const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
    if (!known.includes(name)) {
      throw new UsageError(`query ${query?.name} has no parameter "${name}"; it takes: ${known.join(', ')}.`);
    }
    // Every parameter of the named queries is a date (see lib/analytics/queries.ts).
    if (!isIsoDate(value)) {
      throw new UsageError(`--param ${name}: "${value}" is not a calendar date like 2025-01-31.`);
    }
    params[name] = value;
  }
  return params;
}

/** Runs a named query with the defaults filled in; an empty answer is explained on stderr. */
async function runNamed(lake: LocalLake, query: NamedQuery, given: Record<string, string>, io: CliIo) {
  // The default as_of is the last date the change log has: the state after the latest run.
  const nights = (
    await lake.runSql(
      `SELECT DISTINCT CAST(changed_on AS VARCHAR) AS changed_on FROM ${RECEIVABLE_CHANGES_TABLE.name} ORDER BY 1`,
    )
  ).map((r) => String(r.changed_on));
  const rows = await lake.runNamedQuery(query.name, {
    ...OPEN_RANGE,
    as_of: nights.at(-1) ?? '',
    ...given,
  });
  if (rows.length > 0) return rows;
  const asOf = given.as_of;
  if (asOf !== undefined && (nights[0] === undefined || asOf < nights[0])) {
    io.stderr(`recon: no receivable changed on or before ${asOf}; first change: ${nights[0] ?? 'none'}.\n`);
  } else io.stderr('recon: no rows.\n');
  return rows;
}

/** Opens the local lake of `paths` under the run lock for `work`. */
async function withLake<T>(paths: DataPaths, io: CliIo, work: (lake: LocalLake) => Promise<T>): Promise<T> {
  // Loaded on use: DuckDB's native binding is heavy for the other commands' start.
  const [{ startLocalS3 }, { openLocalLake }] = await Promise.all([
    import('../../local/aws/s3'),
    import('../../local/lake/duckdb'),
  ]);
  return withRunLock(
    paths.lock,
    async () => {
      const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
      try {
        const lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir: paths.lake });
        try {
          return await work(lake);
        } finally {
          lake.close();
        }
      } finally {
        await s3.close();
      }
    },
    io.signal,
  );
}

const collectPairs = (value: string, previous: string[]) => [...previous, value];

export function registerQueryCommand(program: Command, io: CliIo): void {
  const names = NAMED_QUERIES.map(
    (q) =>
      `  ${q.name}: ${q.description}${q.params.length ? ` (--param ${[...new Set(q.params.map((p) => p.name))].join(', ')})` : ''}`,
  ).join('\n');
  program
    .command('query')
    .description('run an Athena named query (or --sql) with DuckDB over the local lake')
    .argument('[name]', 'named query')
    .option('--sql <sql>', 'run this SQL instead of a named query')
    .option(
      '--param <name=value>',
      'query parameter (repeatable); as_of defaults to the last night in the change log, from/to to everything',
      collectPairs,
      [],
    )
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(environmentOption())
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .addHelpText('after', `\nNamed queries:\n${names}`)
    .action(async (name: string | undefined, options: QueryOptions) => {
      if ((name === undefined) === (options.sql === undefined)) {
        throw new UsageError('give either a query name or --sql, not both.');
      }
      const query = NAMED_QUERIES.find((q) => q.name === name);
      if (name !== undefined && !query) {
        throw new UsageError(
          `unknown query "${name}"; known: ${NAMED_QUERIES.map((q) => q.name).join(', ')}.`,
        );
      }
      const given = parseParams(options.param, query);
      const paths = await existingState(options.dataDir, options.env);
      const rows = await withLake(
        paths,
        io,
        (lake): Promise<Row[]> => (query ? runNamed(lake, query, given, io) : lake.runSql(options.sql ?? '')),
      );
      const columns = rows[0] ? Object.keys(rows[0]) : [];
      // A table or CSV of no columns would be a blank line that looks like output.
      if (columns.length > 0) io.stdout(formatRows(options.format, columns, rows));
    });
}
