/**
 * `recon events`: the nightly run's events (docs/events.md) as the local data directory keeps them,
 * one JSON line each (the CloudEvents envelope the bus carries deployed), each id once.
 */
import { type Command, Option } from 'commander';
import type { IsoDate } from '../../lambdas/core/calendar';
import { EVENT_TYPES, type EventType } from '../../lambdas/core/events/envelope';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { readEventsSince } from '../../local/events-file';
import type { CliIo } from '../io';
import { DEFAULT_DATA_DIR, environmentOption, parseIsoDate } from '../options';
import { existingState } from '../runner/data-dir';

interface EventsOptions {
  readonly dataDir: string;
  readonly env?: ProviderEnvironment;
  readonly since: IsoDate;
  readonly type?: EventType;
}

export function registerEventsCommand(program: Command, io: CliIo): void {
  program
    .command('events')
    .description(
      "print the nightly run's events (CloudEvents, one JSON line each) of the nights since a date",
    )
    .requiredOption('--since <date>', 'first business date (night) to print', parseIsoDate)
    .addOption(new Option('--type <type>', 'only events of this type').choices(EVENT_TYPES))
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(environmentOption())
    .action(async (options: EventsOptions) => {
      const paths = await existingState(options.dataDir, options.env);
      const events = await readEventsSince(paths.events, options.since);
      const printed = options.type ? events.filter((e) => e.type === options.type) : events;
      io.stdout(printed.map((event) => `${JSON.stringify(event)}\n`).join(''));
    });
}
