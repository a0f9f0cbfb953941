/**
 * The filters of `recon breaks` as options; what they select is the core's (breaks/filters.ts), which
 * the web inbox shares.
 */
import { type Command, Option } from 'commander';
import { BREAK_KINDS, BREAK_STATUSES } from '../../lambdas/core/breaks/kinds';
import { parseAmountCents, parseInteger } from '../options';

export function withFilters(command: Command): Command {
  return command
    .addOption(new Option('--kind <kind>', 'only this kind').choices(BREAK_KINDS))
    .addOption(new Option('--status <status>', 'only this status').choices(BREAK_STATUSES))
    .option('--all', 'every status, accepted and resolved included')
    .option('--acquirer <acquirer>', 'only this acquirer')
    .option('--merchant <merchant>', 'only this merchant')
    .option('--min-age <days>', 'first seen at least this many days ago', parseInteger)
    .option('--max-age <days>', 'first seen at most this many days ago', parseInteger)
    .option('--min-amount <reais>', 'money at stake of at least (e.g. 10,50)', parseAmountCents)
    .option('--max-amount <reais>', 'money at stake of at most', parseAmountCents);
}
