/**
 * `recon bank import FILE…`: bank statements (OFX) into the local stores of the data directory, as
 * the deployed inbox takes them in (docs/deposits.md). Every readable file is taken in; a file that
 * cannot be taken in is quarantined (under `bank/quarantine/` of the local bucket) with its reason
 * on stderr. Exit 0 when every file and every transaction was taken in; 1 when any file, or any single
 * transaction inside a taken file, was quarantined: either way a credit may be missing from matching,
 * and a script must see it.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { ImportResult } from '../../lambdas/core/deposits/bank/import';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { startLocalDynamo } from '../../local/aws/dynamodb';
import { startLocalS3 } from '../../local/aws/s3';
import { RunFailedError } from '../errors';
import type { CliIo } from '../io';
import { DEFAULT_DATA_DIR, environmentOption } from '../options';
import { dataPaths, LOCAL_BUCKET, LOCAL_TABLE, latestEnvironment, loadReconConfig } from '../runner/data-dir';
import { withRunLock } from '../runner/lock';
import { localStatementImporter } from '../runner/statements';

interface BankImportOptions {
  readonly dataDir: string;
  readonly env?: ProviderEnvironment;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What one taken file added, in a line; balance lines the bank lists among transactions, counted. */
function takenLine(result: ImportResult): string {
  const accounts = result.accounts.length > 0 ? ` (${result.accounts.join(', ')})` : '';
  const skipped =
    result.skipped.length > 0 ? `, ${plural(result.skipped.length, 'balance line')} skipped` : '';
  return `${result.name}: ${plural(result.taken, 'transaction')} taken, ${result.new} new${skipped}${accounts}\n`;
}

export function registerBankCommand(program: Command, io: CliIo): void {
  const bank = program.command('bank').description('bank statements: the deposits leg');
  bank
    .command('import')
    .description(
      'take bank statement files (OFX 1.x SGML or 2.x XML) into the local stores, each transaction once',
    )
    .argument('<files...>', 'statement files')
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(environmentOption())
    .action(async (files: string[], options: BankImportOptions) => {
      const config = loadReconConfig(io.env);
      const paths = dataPaths(options.dataDir, options.env ?? (await latestEnvironment(options.dataDir)));
      let refused = 0;
      let partial = 0;
      await withRunLock(
        paths.lock,
        async () => {
          const [dynamo, s3] = await Promise.all([
            startLocalDynamo({ path: paths.dynamodb, tableName: LOCAL_TABLE }),
            startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET }),
          ]);
          try {
            const importStatement = localStatementImporter({ dynamo, s3 }, config);
            for (const file of files) {
              const name = basename(file);
              let bytes: Uint8Array;
              try {
                bytes = new Uint8Array(await readFile(file));
              } catch (error) {
                refused += 1;
                io.stderr(
                  `recon: ${file}: not read (${(error as NodeJS.ErrnoException).code ?? String(error)})\n`,
                );
                continue;
              }
              const result = await importStatement({ name, bytes });
              if (result.status === 'quarantined') {
                refused += 1;
                for (const q of result.quarantined)
                  io.stderr(`recon: ${file}: quarantined, ${q.reason}: ${q.detail}\n`);
                continue;
              }
              io.stdout(takenLine(result));
              if (result.quarantined.length > 0) {
                partial += 1;
                io.stderr(
                  `recon: ${file}: ${plural(result.quarantined.length, 'transaction')} quarantined:\n`,
                );
                for (const q of result.quarantined) io.stderr(`recon:   ${q.reason}: ${q.detail}\n`);
              }
            }
          } finally {
            await Promise.all([dynamo.close(), s3.close()]);
          }
        },
        io.signal,
      );
      if (refused + partial > 0) {
        const parts = [
          ...(refused > 0 ? [`${refused} of ${plural(files.length, 'file')} not taken in`] : []),
          ...(partial > 0 ? [`${plural(partial, 'file')} with quarantined transactions`] : []),
        ];
        throw new RunFailedError(`${parts.join('; ')} (see bank/quarantine/ in the local bucket).`);
      }
    });
}
