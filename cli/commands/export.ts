/**
 * `recon export baixas`: the settled movements for the ERP (docs/erp-export.md), as the nightly runs
 * of the local data directory wrote them (`exports/baixas/` in its s3rver), or of a deployed stack
 * with `--bucket` (its lake bucket; AWS credentials and region from the SDK's usual sources).
 * `--cursor` hands the lines of the nights after it, each once; `--since` hands the nights from a
 * date again, marked as a re-export. The cursor for the next pull goes to standard error (or standard output with `--out`),
 * so the lines can be piped as they are.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { S3Client } from '@aws-sdk/client-s3';
import { type Command, Option } from 'commander';
import { EXPORT_FORMATS, type ExportFormat, renderLines } from '../../lambdas/core/baixas/layout';
import { GENERIC_MAPPING, parseErpMapping } from '../../lambdas/core/baixas/mapping';
import { cursorSchema, type PullFrom, pullLines } from '../../lambdas/core/baixas/pull';
import { buildBaixasStore } from '../../lambdas/core/baixas/store';
import type { IsoDate } from '../../lambdas/core/calendar';
import { ConfigError, parseConfigJson } from '../../lambdas/core/config-issues';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { startLocalS3 } from '../../local/aws/s3';
import { UsageError } from '../errors';
import type { CliIo } from '../io';
import { DEFAULT_DATA_DIR, environmentOption, parseIsoDate } from '../options';
import { existingState, LOCAL_BUCKET, loadReconConfig } from '../runner/data-dir';
import { withRunLock } from '../runner/lock';

interface ExportOptions {
  readonly dataDir: string;
  readonly env?: ProviderEnvironment;
  readonly since?: IsoDate;
  readonly cursor?: IsoDate;
  readonly format: ExportFormat;
  readonly mapping?: string;
  readonly out?: string;
  readonly bucket?: string;
}

function parseCursor(value: string): IsoDate {
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--cursor ${value}: a cursor is the night it names, yyyy-MM-dd`);
  return parsed.data;
}

/** The mapping of `--mapping`, else the configuration's `erpExport`, else the generic layout. */
async function mappingOf(options: ExportOptions, io: CliIo) {
  if (options.mapping === undefined) return loadReconConfig(io.env).erpExport ?? GENERIC_MAPPING;
  const file = options.mapping;
  try {
    return parseErpMapping(parseConfigJson(await readFile(file, 'utf8'), file), 'mapping', file);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/** The lines of the local data directory, read under its run lock from its s3rver. */
async function localPull(options: ExportOptions, from: PullFrom, io: CliIo) {
  const paths = await existingState(options.dataDir, options.env);
  return withRunLock(
    paths.lock,
    async () => {
      const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
      try {
        return await pullLines(buildBaixasStore({ s3: s3.client, bucket: s3.bucket }), from);
      } finally {
        await s3.close();
      }
    },
    io.signal,
  );
}

export function registerExportCommand(program: Command, io: CliIo): void {
  const exports = program.command('export').description('files for other systems');
  exports
    .command('baixas')
    .description("the settled movements for the ERP: the nights' lines after a cursor, each once")
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(environmentOption())
    .addOption(new Option('--cursor <night>', 'the cursor the last pull printed').argParser(parseCursor))
    .addOption(
      new Option('--since <date>', 'the nights from this date again, marked reexport')
        .argParser(parseIsoDate)
        .conflicts('cursor'),
    )
    .addOption(new Option('--format <format>', 'output format').choices(EXPORT_FORMATS).default('csv'))
    .option(
      '--mapping <file>',
      'a JSON mapping of columns and account codes (default: erpExport, else generic)',
    )
    .option('--out <file>', 'write the lines to this file instead of standard output')
    .option(
      '--bucket <name>',
      'the deployed lake bucket (stack output LakeBucket) instead of the data directory',
    )
    .action(async (options: ExportOptions) => {
      const mapping = await mappingOf(options, io);
      const from: PullFrom =
        options.cursor !== undefined
          ? { cursor: options.cursor }
          : options.since !== undefined
            ? { since: options.since }
            : {};
      const pull =
        options.bucket === undefined
          ? await localPull(options, from, io)
          : await pullLines(buildBaixasStore({ s3: new S3Client({}), bucket: options.bucket }), from);
      const text = renderLines(pull.lines, mapping, options.format);
      const cursor = `cursor: ${pull.cursor ?? ''}\n`;
      if (options.out === undefined) {
        io.stdout(text);
        io.stderr(cursor);
        return;
      }
      await writeFile(options.out, text);
      io.stdout(`${pull.lines.length} lines written to ${options.out}\n${cursor}`);
    });
}
