/**
 * `recon run`: the nightly pipeline on this machine (see `cli/runner/run.ts`). Progress on stderr,
 * the summary table at the end; with `--json`, stdout holds only the JSON summary. Exit code 1 when
 * a report did not complete.
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { type Command, Option } from 'commander';
import { businessDate } from '../../lambdas/core/calendar';
import type { ReconConfig } from '../../lambdas/core/config';
import { describeRateErrors, parseContractRates } from '../../lambdas/core/fee-audit/rates';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import type { ReportLanguage } from '../../lambdas/core/report/types';
import { DEMO_WORLD } from '../../local/demo';
import { type LocalCredentials, providerCredentials, simulatorCredentials } from '../credentials';
import { RunFailedError, UsageError } from '../errors';
import { InterruptedError, untilAborted } from '../interrupt';
import type { CliIo } from '../io';
import { DEFAULT_DATA_DIR, languageOption, parseInteger, parseIsoDate, parseWebAddress } from '../options';
import { loadReconConfig } from '../runner/data-dir';
import { refusedPeriod, SIMULATOR_AS_OF } from '../runner/period';
import { buildProgressSink } from '../runner/progress';
import type { LocalRunResult } from '../runner/run';
import { renderSummaryTable } from '../runner/table';

/** How long a failure waits for a Ctrl-C that is already on its way (see the run action). */
const SIGNAL_GRACE_MS = 200;

interface RunOptions {
  readonly env: ProviderEnvironment;
  readonly providerUrl?: string;
  readonly from?: string;
  readonly to?: string;
  readonly lang: ReportLanguage;
  readonly asOf?: string;
  readonly dataDir: string;
  readonly webhook?: 'local' | 'off';
  readonly json?: boolean;
  readonly simSeed?: number;
  readonly simSales?: number;
  readonly simPageSize?: number;
  readonly contractRates?: string;
  readonly inboxUrl?: string;
  readonly bare?: boolean;
}

/** The demo's world (local/demo.ts): the built-in simulator's, unless `--bare`. */
function isDemo(options: RunOptions): boolean {
  if (options.bare && options.providerUrl) {
    throw new UsageError(
      '--bare is for the built-in simulator: a provider at --provider-url sends what it has.',
    );
  }
  return !options.bare && !options.providerUrl;
}

/** Loopback webhooks only work with the built-in simulator (a real provider needs a public HTTPS URL). */
function webhookMode(options: RunOptions): 'local' | 'off' {
  if (options.env === 'sandbox') {
    if (options.webhook === 'local')
      throw new UsageError('the sandbox sends no webhooks: use --webhook off.');
    return 'off';
  }
  return options.webhook ?? (options.providerUrl ? 'off' : 'local');
}

function credentialsFor(options: RunOptions, webhook: 'local' | 'off', env: CliIo['env']): LocalCredentials {
  if (!options.providerUrl) return simulatorCredentials(env);
  const found = providerCredentials(env, webhook === 'local');
  if ('missing' in found)
    throw new UsageError(`--provider-url needs ${found.missing.join(', ')} in the environment.`);
  return found;
}

function simulatorSettings(options: RunOptions, demo: boolean) {
  const dataset = {
    ...(options.simSales === undefined ? {} : { sales: options.simSales }),
    ...(options.simPageSize === undefined ? {} : { recordsPerPage: options.simPageSize }),
    ...(demo ? DEMO_WORLD.dataset : {}),
  };
  return { ...(options.simSeed === undefined ? {} : { seed: options.simSeed }), dataset };
}

/** The table's text once every row reads; a bad table stops the run before anything starts (exit 2). */
async function readContractRates(file: string, config: ReconConfig): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`--contract-rates ${file}: cannot read the file.`);
  }
  const parsed = parseContractRates(text, config);
  if (!parsed.ok) {
    throw new UsageError(`--contract-rates ${file} has bad rows:\n${describeRateErrors(parsed.errors)}`);
  }
  return text;
}

const hidden = (flags: string, description: string) =>
  new Option(flags, description).argParser(parseInteger).hideHelp();

export function registerRunCommand(program: Command, io: CliIo): void {
  program
    .command('run')
    .description('run the nightly pipeline locally (provider simulator unless --provider-url)')
    .addOption(
      new Option('--env <env>', 'provider environment').choices(['sandbox', 'production']).default('sandbox'),
    )
    .option(
      '--provider-url <url>',
      'a real provider instead of the built-in simulator (credentials from RECON_*)',
    )
    .option(
      '--from <date>',
      'first movement date (default: sandbox data range, or yesterday in production)',
      parseIsoDate,
    )
    .option('--to <date>', 'last movement date, inclusive', parseIsoDate)
    .option(
      '--as-of <date>',
      `business date the states are derived for (default: today; ${SIMULATOR_AS_OF} with the built-in simulator)`,
      parseIsoDate,
    )
    .addOption(languageOption('the HTML report'))
    .option('--data-dir <dir>', 'local state directory', DEFAULT_DATA_DIR)
    .addOption(
      new Option(
        '--webhook <mode>',
        'local: loopback webhook receiver (production); off: polling only',
      ).choices(['local', 'off']),
    )
    .option(
      '--contract-rates <file>',
      'contracted-rate CSV for the fee audit (docs/fee-audit.md); kept for later runs',
    )
    .option(
      '--inbox-url <url>',
      "the web inbox's address (http or https): the report and message link into it (docs/inbox.md)",
      parseWebAddress,
    )
    .option('--json', 'print only the JSON summary on stdout')
    .addOption(hidden('--sim-seed <n>', 'built-in simulator: data seed'))
    .addOption(hidden('--sim-sales <n>', 'built-in simulator: number of sales'))
    .addOption(hidden('--sim-page-size <n>', 'built-in simulator: records per page'))
    .option(
      '--bare',
      "built-in simulator: forecasts and payments only, no record roles, contracted rates or bank statements (default: the demo's whole world, read with the simulator's record roles unless RECON_CONFIG sets recordRoles/recordSign)",
    )
    .action(async (options: RunOptions) => {
      if (options.from && options.to && options.to < options.from) {
        throw new UsageError(`--to ${options.to} is before --from ${options.from}.`);
      }
      const today = businessDate(new Date());
      if (options.asOf && options.asOf > today) {
        throw new UsageError(`--as-of ${options.asOf} is in the future.`);
      }
      const refused = refusedPeriod(options, today);
      if (refused !== null) throw new UsageError(refused);
      const webhook = webhookMode(options);
      const demo = isDemo(options);
      // Usage errors (credentials, RECON_CONFIG) before the seconds it takes to load the runner.
      const credentials = credentialsFor(options, webhook, io.env);
      const reconConfig = loadReconConfig(io.env, demo ? DEMO_WORLD.recon : {});
      const contractRates = options.contractRates
        ? await readContractRates(options.contractRates, reconConfig)
        : undefined;
      const progress = buildProgressSink({ write: io.stderr, isTTY: io.stderrIsTTY, now: Date.now });
      let result: LocalRunResult;
      progress({ type: 'stage', message: 'preparing the local pipeline' });
      try {
        // Loaded on use: the runner pulls in the CDK app, which would slow every other command's start.
        const { runLocalPipeline } = await import('../runner/run');
        result = await runLocalPipeline({
          env: options.env,
          ...(options.providerUrl ? { providerUrl: options.providerUrl } : {}),
          ...(options.from ? { from: options.from } : {}),
          ...(options.to ? { to: options.to } : {}),
          reportLanguage: options.lang,
          ...(options.asOf ? { asOf: options.asOf } : {}),
          dataDir: options.dataDir,
          webhook,
          credentials,
          reconConfig,
          simulator: simulatorSettings(options, demo),
          ...(contractRates === undefined ? {} : { contractRates }),
          ...(options.inboxUrl ? { inboxUrl: options.inboxUrl } : {}),
          demo,
          onProgress: progress,
          // Ctrl-C stops the run cleanly: the local webhook is deregistered and the lock released.
          ...(io.signal ? { signal: io.signal } : {}),
        });
      } catch (error) {
        // A terminal's Ctrl-C reaches the whole process group, tsx's esbuild service included: its end
        // ("The service is no longer running") can surface here before our own SIGINT handler has run.
        if (io.signal && !io.signal.aborted)
          await Promise.race([untilAborted(io.signal), delay(SIGNAL_GRACE_MS)]);
        if (!io.signal?.aborted) throw error;
        throw new InterruptedError(
          'interrupted: the run was stopped and cleaned up; run the same command again to finish it (nothing is counted twice).',
        );
      } finally {
        progress.done();
      }
      const { summary, files } = result;
      const table = renderSummaryTable(summary, files.html, inboxCommand(options.dataDir));
      if (options.json) {
        io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
        io.stderr(table);
      } else io.stdout(table);
      if (summary.outcome === 'FAILED') {
        throw new RunFailedError(`${summary.failures.length} report(s) did not complete; see ${files.html}`);
      }
    });
}

/** The command that opens this data directory's pendências in the browser, as the run's last line. */
function inboxCommand(dataDir: string): string {
  if (dataDir === DEFAULT_DATA_DIR) return 'npx recon inbox';
  const quoted = /^[\w./-]+$/.test(dataDir) ? dataDir : `'${dataDir.replaceAll("'", "'\\''")}'`;
  return `npx recon inbox --data-dir ${quoted}`;
}
