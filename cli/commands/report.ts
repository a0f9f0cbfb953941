/**
 * `recon report`: where a run's report is. Locally it prints the path of the report's copy in the
 * data directory; deployed (`--bucket`, the stack output LakeBucket) a presigned link to it, valid
 * `--hours`. `--latest` finds the run that finished last through `summaries/latest.json`, which the
 * summarize step writes (run ids are execution names: no listing sorts them by time). `--open`
 * hands the path or link to the system's opener; without it nothing is opened.
 */
import { existsSync } from 'node:fs';
import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { type Command, InvalidArgumentError } from 'commander';
import { LATEST_REPORT_KEY, latestReportSchema } from '../../lambdas/core/latest-report';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { summaryKeys } from '../../lambdas/core/report/summarizer';
import { presignGetObject } from '../../lambdas/runtime/presign';
import { startLocalS3 } from '../../local/aws/s3';
import { CliError, UsageError } from '../errors';
import type { CliIo } from '../io';
import { openWithSystem } from '../opener';
import { DEFAULT_DATA_DIR, environmentOption } from '../options';
import { existingState, LOCAL_BUCKET } from '../runner/data-dir';
import { withRunLock } from '../runner/lock';
import { localCopyOf } from '../runner/run';

interface ReportOptions {
  readonly latest?: boolean;
  readonly run?: string;
  readonly bucket?: string;
  readonly hours: number;
  readonly dataDir: string;
  readonly env?: ProviderEnvironment;
  readonly open?: boolean;
}

function parseHours(value: string): number {
  const hours = Number(value);
  if (!Number.isInteger(hours) || hours < 1 || hours > 168)
    throw new InvalidArgumentError('expected 1 to 168.');
  return hours;
}

/** The report key of the run `summaries/latest.json` names, in the bucket `s3` reaches. */
async function latestReportKey(s3: S3Client, bucket: string): Promise<string> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: LATEST_REPORT_KEY }));
    const text = (await object.Body?.transformToString()) ?? '';
    return latestReportSchema.parse(JSON.parse(text)).reportKey;
  } catch (error) {
    if (error instanceof NoSuchKey)
      throw new CliError(`no ${LATEST_REPORT_KEY} in ${bucket}: no run has finished since it is written.`, 1);
    throw error;
  }
}

async function reportKeyIn(s3: S3Client, bucket: string, options: ReportOptions): Promise<string> {
  return options.run === undefined ? latestReportKey(s3, bucket) : summaryKeys(options.run).html;
}

/** The local copy of the report, found through the local bucket the run wrote to. */
async function localReport(options: ReportOptions, io: CliIo): Promise<string> {
  const paths = await existingState(options.dataDir, options.env);
  const key = await withRunLock(
    paths.lock,
    async () => {
      const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
      try {
        return await reportKeyIn(s3.client, s3.bucket, options);
      } finally {
        await s3.close();
      }
    },
    io.signal,
  );
  const path = localCopyOf(paths.summaries, key);
  if (!existsSync(path)) throw new CliError(`no report at ${path}: was the run id right?`, 1);
  return path;
}

async function deployedReport(bucket: string, options: ReportOptions): Promise<string> {
  const s3 = new S3Client({});
  const key = await reportKeyIn(s3, bucket, options);
  return presignGetObject(s3, bucket, key, { expiresInSeconds: options.hours * 3600 });
}

export function registerReportCommand(program: Command, io: CliIo): void {
  program
    .command('report')
    .description("where a run's report is: its local path, or a presigned link to it with --bucket")
    .option('--latest', 'the run that finished last (summaries/latest.json)')
    .option('--run <runId>', 'this run (the execution name deployed, local-… locally)')
    .option('--bucket <name>', 'the deployed lake bucket (stack output LakeBucket): print a presigned link')
    .option('--hours <n>', 'hours the presigned link works (1-168)', parseHours, 12)
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(environmentOption())
    .option('--open', "open the report with the system's opener (open, xdg-open or start)")
    .action(async (options: ReportOptions) => {
      if (Boolean(options.latest) === (options.run !== undefined))
        throw new UsageError('choose the report: --latest or --run <runId>.');
      const where =
        options.bucket === undefined
          ? await localReport(options, io)
          : await deployedReport(options.bucket, options);
      io.stdout(`${where}\n`);
      if (options.open) await openWithSystem(where);
    });
}
