/**
 * `recon simulator`: the provider simulator on its own, for trying the API by hand or pointing
 * `recon run --provider-url` at it. Runs until interrupted (Ctrl-C).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Command, Option } from 'commander';
import { addDays } from '../../lambdas/core/calendar';
import { startSimulator } from '../../local/simulator';
import { CREDENTIAL_ENV, simulatorCredentials } from '../credentials';
import type { CliIo } from '../io';
import { parseInteger, parseIsoDate, parsePort } from '../options';

interface SimulatorCommandOptions {
  readonly mode: 'sandbox' | 'production';
  readonly port: number;
  readonly seed?: number;
  readonly lifecycle?: boolean;
  readonly statementsDir?: string;
  readonly asOf?: string;
}

/** The simulator's default dataset period: the statements cover its deposits. */
const PERIOD = { from: '2025-01-01', to: '2025-03-31' };

export interface SimulatorCommandDeps {
  /** Resolves when the user asks to stop (SIGINT/SIGTERM in the real CLI). */
  readonly untilStopped: () => Promise<void>;
}

export function registerSimulatorCommand(program: Command, io: CliIo, deps: SimulatorCommandDeps): void {
  program
    .command('simulator')
    .description('start the provider simulator and print its URL (stop with Ctrl-C)')
    .addOption(
      new Option('--mode <mode>', 'behave like the sandbox or production')
        .choices(['sandbox', 'production'])
        .default('sandbox'),
    )
    .option('--port <n>', 'port on 127.0.0.1 (0 = any free port)', parsePort, 0)
    .option('--seed <n>', 'seed of the generated data (same seed, same data)', parseInteger)
    .option(
      '--lifecycle',
      "add cancellations, chargebacks, advances, adjustments and fees (codes A2, A3, E1, F1, G1 with the simulator's own meaning)",
    )
    .option(
      '--statements-dir <dir>',
      "write the simulated bank's OFX statements of the dataset period into DIR (the simulator's own accounts, memos and variance)",
    )
    .option(
      '--as-of <date>',
      'last statement export day (yyyy-MM-dd; default 10 days after the period)',
      parseIsoDate,
    )
    .action(async (options: SimulatorCommandOptions) => {
      const credentials = simulatorCredentials(io.env);
      const simulator = await startSimulator({
        mode: options.mode,
        port: options.port,
        credentials: { email: credentials.email, apiToken: credentials.apiToken },
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.lifecycle ? { dataset: { lifecycle: true } } : {}),
      });
      if (options.statementsDir !== undefined) {
        const asOf = options.asOf ?? addDays(PERIOD.to, 10);
        const { files } = simulator.statements({ ...PERIOD, asOf });
        mkdirSync(options.statementsDir, { recursive: true });
        for (const file of files) writeFileSync(join(options.statementsDir, file.name), file.bytes);
        io.stderr(`${files.length} bank statements up to ${asOf} written to ${options.statementsDir}\n`);
      }
      io.stdout(`${simulator.url}\n`);
      io.stderr(
        `simulator (${options.mode}) listening on ${simulator.url}\n` +
          `e-mail: ${credentials.email}; API token: ${io.env[CREDENTIAL_ENV.apiToken] ? `from ${CREDENTIAL_ENV.apiToken}` : "the simulator's built-in test token (set RECON_API_TOKEN to choose one)"}\n`,
      );
      try {
        await deps.untilStopped();
      } finally {
        await simulator.close();
      }
    });
}
