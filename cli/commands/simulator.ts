/**
 * `recon simulator`: the provider simulator on its own, for trying the API by hand or pointing
 * `recon run --provider-url` at it. Runs until interrupted (Ctrl-C).
 */
import { type Command, Option } from 'commander';
import { startSimulator } from '../../local/simulator';
import { CREDENTIAL_ENV, simulatorCredentials } from '../credentials';
import type { CliIo } from '../io';
import { parseInteger, parsePort } from '../options';

interface SimulatorCommandOptions {
  readonly mode: 'sandbox' | 'production';
  readonly port: number;
  readonly seed?: number;
  readonly lifecycle?: boolean;
}

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
    .action(async (options: SimulatorCommandOptions) => {
      const credentials = simulatorCredentials(io.env);
      const simulator = await startSimulator({
        mode: options.mode,
        port: options.port,
        credentials: { email: credentials.email, apiToken: credentials.apiToken },
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.lifecycle ? { dataset: { lifecycle: true } } : {}),
      });
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
