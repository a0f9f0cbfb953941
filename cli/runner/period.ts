/**
 * What a local run covers when not told: its movement period and its business date ("as of").
 * Kept apart from `run.ts` so that commands can show these defaults without loading the runner.
 */
import type { IsoDate } from '../../lambdas/core/calendar';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';

interface PeriodOptions {
  readonly env: ProviderEnvironment;
  readonly providerUrl?: string;
  readonly from?: IsoDate;
  readonly to?: IsoDate;
  readonly asOf?: IsoDate;
}

/** The built-in simulator's data range (its default dataset): the sandbox run's default period. */
export const SIMULATOR_PERIOD = { from: '2025-01-01', to: '2025-03-31' } as const;

/**
 * The business date a run against the built-in simulator is "as of" unless told: the morning after
 * its data ends, as the nightly run would see it. Today's date would make every forecast of 2025
 * look long overdue; this one shows every state (see docs/cli.md "The demo's date").
 */
export const SIMULATOR_AS_OF = '2025-04-01';

/** A run period: given dates win; else the simulator's data range or, at a real provider, the
 * workflow's own default (yesterday in production; the 2025 data range in the sandbox). */
export function defaultPeriod(options: Pick<PeriodOptions, 'env' | 'providerUrl' | 'from' | 'to'>) {
  if (options.from || options.to) {
    const to = options.to ?? options.from;
    return { from: options.from ?? to, to };
  }
  if (!options.providerUrl || options.env === 'sandbox') return { ...SIMULATOR_PERIOD };
  return { from: undefined, to: undefined };
}

/** The pinned business date of a run, if any: the given one, or the built-in simulator's. */
export function pinnedAsOf(options: Pick<PeriodOptions, 'asOf' | 'providerUrl'>): IsoDate | undefined {
  return options.asOf ?? (options.providerUrl ? undefined : SIMULATOR_AS_OF);
}
