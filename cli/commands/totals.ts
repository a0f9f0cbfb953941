/**
 * `recon totals`: the book as the nightly summary reads it, from the totals kept per batch; each
 * action state's largest items from a Scan of the local table (the night's kept list is the summary's).
 * `--recount` rebuilds them from every receivable (a full Scan), replaces the kept ones and says
 * whether they were equal: the on-demand proof that the incremental totals are exact.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Command } from 'commander';
import { largestFromScan } from '../../lambdas/core/action-list/store';
import { buildTotalsStore } from '../../lambdas/core/book/book-store';
import { unexpired } from '../../lambdas/core/book/expiry';
import { type BookReaderDeps, buildBookReader } from '../../lambdas/core/book/reader';
import { recountTotals } from '../../lambdas/core/book/recount';
import type { BookView } from '../../lambdas/core/book/types';
import { businessDate, type IsoDate } from '../../lambdas/core/calendar';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { startLocalDynamo } from '../../local/aws/dynamodb';
import type { CliIo } from '../io';
import { DEFAULT_DATA_DIR, environmentOption, parseIsoDate } from '../options';
import { existingState, LOCAL_TABLE, loadReconConfig, readLastRun } from '../runner/data-dir';
import { withRunLock } from '../runner/lock';

interface TotalsOptions {
  readonly dataDir: string;
  readonly env?: ProviderEnvironment;
  readonly asOf?: IsoDate;
  readonly recount?: boolean;
}

export interface TotalsReport {
  readonly asOf: IsoDate;
  /** With --recount: whether the kept totals equalled the recount (null: there were none to trust). */
  readonly keptEqualsRecount?: boolean | null;
  /** Present (false) when the recount was not stored: a batch younger than its lease had not applied. */
  readonly recountStored?: false;
  readonly book: BookView;
}

/** Recounts, replaces the kept totals and compares; or just reads the book. */
export async function readTotals(
  deps: BookReaderDeps,
  asOf: IsoDate,
  recount: boolean,
): Promise<TotalsReport> {
  if (!recount) return { asOf, book: await buildBookReader(deps)(asOf, largestFromScan(deps)) };
  const totals = buildTotalsStore(deps);
  const kept = await totals.load();
  const counted = await recountTotals({ ...deps, totals }, asOf);
  return {
    asOf,
    // Buckets expired on asOf are left out of the book and of the recount (book/expiry.ts).
    keptEqualsRecount: kept ? isDeepStrictEqual(unexpired(kept.cells, asOf), counted.cells) : null,
    ...(counted.stored ? {} : { recountStored: false as const }),
    book: await buildBookReader(deps)(asOf, largestFromScan(deps)),
  };
}

export function registerTotalsCommand(program: Command, io: CliIo): void {
  program
    .command('totals')
    .description("the book's totals as the nightly summary reads them (JSON); --recount rebuilds them")
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(environmentOption())
    .option('--recount', 'recount from every receivable (a full Scan), replace the kept totals, compare')
    .option(
      '--as-of <date>',
      "business date the states are read for (default: the latest run's when pinned, else today)",
      parseIsoDate,
    )
    .action(async (options: TotalsOptions) => {
      const paths = await existingState(options.dataDir, options.env);
      const lastRun = await readLastRun(paths);
      const asOf = options.asOf ?? (lastRun?.pinnedAsOf ? lastRun.asOf : businessDate(new Date()));
      const config = loadReconConfig(io.env);
      const report = await withRunLock(
        paths.lock,
        async () => {
          const dynamo = await startLocalDynamo({ path: paths.dynamodb, tableName: LOCAL_TABLE });
          try {
            const deps = { ddb: dynamo.documentClient, tableName: dynamo.tableName, config };
            return await readTotals(deps, asOf, options.recount === true);
          } finally {
            await dynamo.close();
          }
        },
        io.signal,
      );
      io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    });
}
