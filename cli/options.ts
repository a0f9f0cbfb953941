/** Option value parsers shared by commands: they turn bad input into commander usage errors (exit 2). */
import { InvalidArgumentError, Option } from 'commander';
import { isIsoDate } from '../lambdas/core/calendar';
import { parseReaisCents } from '../lambdas/core/money';
import { DEFAULT_REPORT_LANGUAGE, REPORT_LANGUAGES } from '../lambdas/core/report-language';

export function parseIsoDate(value: string): string {
  if (!isIsoDate(value)) throw new InvalidArgumentError('expected a calendar date like 2025-01-31.');
  return value;
}

/** A web address (http or https): anything else would become a link that is not one. */
export function parseWebAddress(value: string): string {
  if (!/^https?:\/\/\S+$/.test(value)) throw new InvalidArgumentError('expected an http(s) address.');
  return value;
}

/**
 * `--lang`: the language a command writes `what` in, Brazilian Portuguese unless asked. A local
 * data directory keeps no stage settings, so the stage's `reportLanguage` is not there to default to.
 */
export const languageOption = (what: string) =>
  new Option('--lang <language>', `language of ${what}`)
    .choices(REPORT_LANGUAGES)
    .default(DEFAULT_REPORT_LANGUAGE);

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  }
  return port;
}

export function parseInteger(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError('expected a whole number.');
  return n;
}

/** An amount in reais as a person types it (`10`, `10,50`, `10.5`), in centavos. */
export function parseAmountCents(value: string): number {
  const cents = parseReaisCents(value);
  if (cents === undefined) throw new InvalidArgumentError('expected an amount in reais like 10,50.');
  return cents;
}

/** Default data directory: local state of `recon run` (gitignored). */
export const DEFAULT_DATA_DIR = '.recon';

/** `--env` of listings: which environment's local state to read (each has its own, see data-dir.ts). */
export const environmentOption = () =>
  new Option(
    '--env <env>',
    'environment whose local state to read (default: that of the latest run)',
  ).choices(['sandbox', 'production']);
