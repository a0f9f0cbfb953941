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

/**
 * Why a period cannot be run as asked, in one sentence, or null. A period that ends after today
 * would run and say "nothing needs action" about days whose sales and payments cannot be known yet;
 * states derived as of a date before the period's end would count its last days' receivables as
 * not yet due against payments still to come. The simulator's pinned date counts as given.
 */
export function refusedPeriod(
  options: Pick<PeriodOptions, 'env' | 'providerUrl' | 'from' | 'to' | 'asOf'>,
  today: IsoDate,
): string | null {
  const { to } = defaultPeriod(options);
  if (to === undefined) return null;
  if (to > today) {
    return `the period ends on ${to}, after today (${today}, America/Sao_Paulo): sales and payments of a future day cannot be known yet.`;
  }
  const asOf = pinnedAsOf(options);
  if (asOf !== undefined && asOf < to) {
    const which =
      options.asOf === undefined ? `the built-in simulator's business date ${asOf}` : `--as-of ${asOf}`;
    return `${which} is before the period's last day ${to}: pass an --as-of on or after ${to}.`;
  }
  return null;
}
