/**
 * `recon query`: the Athena named queries (or any SQL) over the local lake, with DuckDB. The local
 * S3 bucket is mirrored into `<data-dir>/lake` and read through views named like the Glue tables.
 */
import { join } from 'node:path';
import { type Command, Option } from 'commander';
import { NAMED_QUERIES } from '../../../lib/analytics/queries';
import type { QueryParams } from '../../lake/duckdb';
import { dataPaths, hasLocalState, LOCAL_BUCKET } from '../../runner/data-dir';
import { withRunLock } from '../../runner/lock';
import { CliError, UsageError } from '../errors';
import { FORMATS, type Format, formatRows } from '../format';
import type { CliIo } from '../io';
import { DEFAULT_DATA_DIR } from '../options';

interface QueryOptions {
  readonly sql?: string;
  readonly param: readonly string[];
  readonly dataDir: string;
  readonly format: Format;
}

/** Parameters nobody gave: the whole movement range, and the latest snapshot. */
const OPEN_RANGE = { from: '0001-01-01', to: '9999-12-31' } as const;

function parseParams(pairs: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--param expects name=value, got "${pair}".`);
    params[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return params;
}

const collectPairs = (value: string, previous: string[]) => [...previous, value];

export function registerQueryCommand(program: Command, io: CliIo): void {
  const names = NAMED_QUERIES.map((q) => `  ${q.name}: ${q.description}`).join('\n');
  program
    .command('query')
    .description('run an Athena named query (or --sql) with DuckDB over the local lake')
    .argument('[name]', 'named query')
    .option('--sql <sql>', 'run this SQL instead of a named query')
    .option(
      '--param <name=value>',
      'query parameter (repeatable); as_of defaults to the latest snapshot',
      collectPairs,
      [],
    )
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .addHelpText('after', `\nNamed queries:\n${names}`)
    .action(async (name: string | undefined, options: QueryOptions) => {
      if ((name === undefined) === (options.sql === undefined)) {
        throw new UsageError('give either a query name or --sql, not both.');
      }
      if (name !== undefined && !NAMED_QUERIES.some((q) => q.name === name)) {
        throw new UsageError(
          `unknown query "${name}"; known: ${NAMED_QUERIES.map((q) => q.name).join(', ')}.`,
        );
      }
      const given = parseParams(options.param);
      const paths = dataPaths(options.dataDir);
      if (!hasLocalState(paths))
        throw new CliError(`no local data in ${paths.root}; run \`recon run\` first.`, 1);
      // Loaded on use: DuckDB's native binding is heavy for the other commands' start.
      const [{ startLocalS3 }, { openLocalLake }] = await Promise.all([
        import('../../aws/s3'),
        import('../../lake/duckdb'),
      ]);
      await withRunLock(paths.lock, async () => {
        const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
        try {
          const lake = await openLocalLake({
            s3: s3.client,
            bucket: s3.bucket,
            workDir: join(paths.root, 'lake'),
          });
          try {
            let rows: Record<string, unknown>[];
            if (options.sql !== undefined) rows = await lake.runSql(options.sql);
            else {
              const [latest] = await lake.runSql('SELECT max(as_of) AS as_of FROM recon_receivables');
              const params: QueryParams = { ...OPEN_RANGE, as_of: String(latest?.as_of ?? ''), ...given };
              rows = await lake.runNamedQuery(name ?? '', params);
            }
            const columns = rows[0] ? Object.keys(rows[0]) : [];
            io.stdout(formatRows(options.format, columns, rows));
          } finally {
            lake.close();
          }
        } finally {
          await s3.close();
        }
      });
    });
}
