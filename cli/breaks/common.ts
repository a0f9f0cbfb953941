/** The options every `recon breaks` command takes, and how a decision's refusal maps to exit codes. */
import { type Command, Option } from 'commander';
import { DecisionRefusedError } from '../../lambdas/core/breaks/decision';
import { DecisionConflictError } from '../../lambdas/core/breaks/decision-store';
import type { ReportLanguage } from '../../lambdas/core/report/types';
import { CliError } from '../errors';
import { FORMATS, type Format } from '../format';
import { DEFAULT_DATA_DIR, environmentOption, languageOption, parseIsoDate } from '../options';
import { CONFLICT_EXIT_CODE, REFUSED_EXIT_CODE, type SessionOptions } from './session';

export interface OutputOptions extends SessionOptions {
  readonly format: Format;
  readonly lang: ReportLanguage;
}

/** Which local stores and which business date a pendências command reads. */
export function withStoreOptions(command: Command): Command {
  return command
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(environmentOption())
    .option(
      '--as-of <date>',
      "business date (default: the latest run's when pinned, else today)",
      parseIsoDate,
    );
}

export function withCommon(command: Command): Command {
  return withStoreOptions(command)
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .addOption(languageOption('the table'));
}

/** A decision's conflict or refusal as the CLI's exit codes; anything else as it is. */
export function asCliError(error: unknown): unknown {
  if (error instanceof DecisionConflictError) return new CliError(error.message, CONFLICT_EXIT_CODE);
  if (error instanceof DecisionRefusedError) return new CliError(error.message, REFUSED_EXIT_CODE);
  return error;
}
