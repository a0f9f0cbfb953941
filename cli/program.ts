/**
 * The `recon` command line: builds the commander program and maps every way it can end to the
 * documented exit codes (0 ok, 1 run failed, 2 usage error). Errors are printed in plain words; the
 * stack trace only with `--verbose`; the credentials of the environment never (see `printError`).
 */
import { Command, CommanderError } from 'commander';
import { basicAuthorization } from '../lambdas/core/provider/http';
import { buildRedactor } from '../lambdas/core/redact';
import { registerBackfillCommand } from './commands/backfill';
import { registerBankCommand } from './commands/bank';
import { registerBreaksCommand } from './commands/breaks';
import { registerDepositsCommand } from './commands/deposits';
import { registerEventsCommand } from './commands/events';
import { registerExportCommand } from './commands/export';
import { registerInboxCommand } from './commands/inbox';
import { registerQueryCommand } from './commands/query';
import { registerReceivablesCommand } from './commands/receivables';
import { registerReportCommand } from './commands/report';
import { registerRunCommand } from './commands/run';
import { registerSimulatorCommand, type SimulatorCommandDeps } from './commands/simulator';
import { registerTotalsCommand } from './commands/totals';
import { registerWebhookCommands } from './commands/webhooks';
import { webhookCommandDeps } from './commands/webhooks-wiring';
import { CREDENTIAL_ENV } from './credentials';
import { CliError } from './errors';
import { interruptible, untilAborted } from './interrupt';
import type { CliIo } from './io';

/** What the CLI needs from the process beyond its streams (injected so tests drive it in-process). */
export type CliDeps = SimulatorCommandDeps;

/**
 * Commands that watch `io.signal` and clean up before they end (lock, webhook, stores, server). Any
 * other command holds nothing worth waiting for and simply ends as interrupted.
 */
const CLEANS_UP_ON_INTERRUPT = new Set([
  'run',
  'receivables',
  'report',
  'query',
  'simulator',
  'deposits',
  'breaks',
  'inbox',
]);

export function buildProgram(
  io: CliIo,
  deps: CliDeps = { untilStopped: () => untilAborted(io.signal) },
): Command {
  const program = new Command('recon')
    .description('Card receivables reconciliation: run the nightly pipeline locally, inspect its results.')
    .option('--verbose', 'show stack traces on errors')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride()
    .showHelpAfterError('(run recon --help for usage)');
  registerRunCommand(program, io);
  registerReceivablesCommand(program, io);
  registerReportCommand(program, io);
  registerTotalsCommand(program, io);
  registerQueryCommand(program, io);
  registerSimulatorCommand(program, io, deps);
  registerWebhookCommands(program, webhookCommandDeps(io));
  registerBackfillCommand(program, io);
  registerBankCommand(program, io);
  registerDepositsCommand(program, io);
  registerBreaksCommand(program, io);
  registerEventsCommand(program, io);
  registerInboxCommand(program, io);
  registerExportCommand(program, io);
  return program;
}

function exitCodeOf(error: unknown): number {
  // Commander ends a requested --help or --version with exit code 0; everything else it ends is usage.
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  if (error instanceof CliError) return error.exitCode;
  return 1;
}

/** Runs one command line; returns the process exit code instead of exiting, so tests can call it. */
export async function runCli(argv: readonly string[], io: CliIo, deps?: CliDeps): Promise<number> {
  const program = buildProgram(io, deps);
  const command = argv.find((arg) => !arg.startsWith('-')) ?? '';
  const signal = CLEANS_UP_ON_INTERRUPT.has(command) ? undefined : io.signal;
  try {
    await interruptible(program.parseAsync([...argv], { from: 'user' }), signal);
    return 0;
  } catch (error) {
    const code = exitCodeOf(error);
    // Commander has already printed its own message (usage errors, help).
    if (!(error instanceof CommanderError)) printError(error, argv.includes('--verbose'), io);
    return code;
  }
}

/**
 * The last door before the terminal: whatever an inner layer let through, the secrets this process
 * was given (`RECON_API_TOKEN`, `RECON_HMAC_SECRET`, and the Basic header made of the token) are
 * redacted from the error before it is printed. The e-mail is an account name, not a secret.
 */
function printError(error: unknown, verbose: boolean, io: CliIo): void {
  const email = io.env[CREDENTIAL_ENV.email] ?? '';
  const apiToken = io.env[CREDENTIAL_ENV.apiToken];
  const basic = apiToken ? basicAuthorization({ email, apiToken }).slice('Basic '.length) : undefined;
  const redact = buildRedactor([apiToken, basic, io.env[CREDENTIAL_ENV.hmacSecret]]);
  const text = redact(
    error instanceof Error ? (verbose ? (error.stack ?? error.message) : error.message) : String(error),
  );
  // A message of several problems (a configuration) reads as one `recon:` line each.
  const lines = verbose ? [text] : text.split('\n');
  io.stderr(lines.map((line) => `recon: ${line}\n`).join(''));
}
