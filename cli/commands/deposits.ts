/**
 * `recon deposits`: the bank leg's results (docs/deposits.md) as the lake holds them in the local
 * data directory (`recon_deposit_results` in its s3rver), one line per expected deposit or
 * unexplained credit, in date order.
 */
import { type Command, Option } from 'commander';
import type { IsoDate } from '../../lambdas/core/calendar';
import { anyStatementTaken } from '../../lambdas/core/deposits/bank/inbox';
import { resultDate } from '../../lambdas/core/deposits/result-date';
import { anyDepositResult, readDepositResults } from '../../lambdas/core/deposits/results-lake';
import { DEPOSIT_STATUSES, type DepositResult, type DepositStatus } from '../../lambdas/core/deposits/types';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { startLocalS3 } from '../../local/aws/s3';
import { RunFailedError } from '../errors';
import { FORMATS, type Format, formatRows } from '../format';
import type { CliIo } from '../io';
import { DEFAULT_DATA_DIR, environmentOption, parseIsoDate } from '../options';
import { type DataPaths, existingState, LOCAL_BUCKET } from '../runner/data-dir';
import { withRunLock } from '../runner/lock';

/** The listing's columns: the contract first, then what explains a line. */
export const DEPOSIT_COLUMNS = [
  'status',
  'acquirer',
  'bankAccount',
  'paymentDate',
  'expectedCents',
  'creditDate',
  'creditCents',
  'differenceCents',
  'fitid',
  'group',
  'windowEnds',
  'memo',
  'creditIdentity',
  'reversalDate',
  'reversalCents',
  'reversalIdentity',
] as const satisfies readonly (keyof DepositResult)[];

const text = (value: string | null) => value ?? '';

/** Date, then where the money goes, then the credit: two listings of the same results are byte-identical. */
export function compareDeposits(a: DepositResult, b: DepositResult): number {
  return (
    resultDate(a).localeCompare(resultDate(b)) ||
    text(a.acquirer).localeCompare(text(b.acquirer)) ||
    a.bankAccount.localeCompare(b.bankAccount) ||
    a.group.localeCompare(b.group) ||
    text(a.creditDate).localeCompare(text(b.creditDate)) ||
    text(a.creditIdentity).localeCompare(text(b.creditIdentity))
  );
}

/**
 * Said instead of an empty list when statements were taken in but never matched: `recon bank
 * import` only stores them, the match runs with the night (`recon run`), and an empty list would
 * read as "nothing to reconcile".
 */
const NOT_MATCHED_YET =
  "bank statements were imported but never matched: run `recon run` to match them against the acquirers' payments, then `recon deposits` again.";

/**
 * The results of a data directory dated in [from, to], in listing order. {@link RunFailedError}
 * ({@link NOT_MATCHED_YET}) when statements were taken in and no match ever ran.
 */
export async function listDeposits(options: {
  paths: DataPaths;
  from?: IsoDate | undefined;
  to?: IsoDate | undefined;
  signal?: AbortSignal | undefined;
}): Promise<DepositResult[]> {
  const { paths } = options;
  const range = {
    ...(options.from === undefined ? {} : { from: options.from }),
    ...(options.to === undefined ? {} : { to: options.to }),
  };
  return withRunLock(
    paths.lock,
    async () => {
      const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
      try {
        const results = await readDepositResults(s3.client, s3.bucket, range);
        if (
          results.length === 0 &&
          !(await anyDepositResult(s3.client, s3.bucket)) &&
          (await anyStatementTaken(s3.client, s3.bucket))
        )
          throw new RunFailedError(NOT_MATCHED_YET);
        return results.sort(compareDeposits);
      } finally {
        await s3.close();
      }
    },
    options.signal,
  );
}

interface DepositsOptions {
  readonly dataDir: string;
  readonly env?: ProviderEnvironment;
  readonly status?: DepositStatus;
  readonly from?: IsoDate;
  readonly to?: IsoDate;
  readonly format: Format;
}

export function registerDepositsCommand(program: Command, io: CliIo): void {
  program
    .command('deposits')
    .description('list the bank leg: every expected deposit and unexplained credit with its result')
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(environmentOption())
    .addOption(new Option('--status <status>', 'only results of this status').choices(DEPOSIT_STATUSES))
    .option('--from <date>', 'first payment (or credit) date', parseIsoDate)
    .option('--to <date>', 'last payment (or credit) date, inclusive', parseIsoDate)
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .action(async (options: DepositsOptions) => {
      const paths = await existingState(options.dataDir, options.env);
      const all = await listDeposits({ paths, from: options.from, to: options.to, signal: io.signal });
      const rows = (options.status ? all.filter((r) => r.status === options.status) : all).map((r) =>
        // Every format in the columns' order (jsonl included), so the three agree.
        Object.fromEntries(DEPOSIT_COLUMNS.map((c) => [c, r[c]])),
      );
      io.stdout(
        formatRows(
          options.format,
          DEPOSIT_COLUMNS,
          rows as Record<(typeof DEPOSIT_COLUMNS)[number], unknown>[],
        ),
      );
    });
}
