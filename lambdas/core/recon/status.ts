/**
 * Reconciliation states and their explanation, derived from a receivable's contributions and the
 * business date alone. Nothing here is stored as an accumulator, so a late settlement, a replay or
 * an aging sweep can never leave a stale status behind: every write re-derives it.
 */
import { daysBetween, type IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import type { Cents } from '../money';
import {
  type ComparedForecast,
  type CountedSettlements,
  comparedForecast,
  countedSettlements,
  sumOf,
} from './corrections';
import { copiesOf, type ReceivableContent } from './matcher';

export const RECON_STATUSES = ['OPEN', 'SETTLED', 'UNDERPAID', 'OVERPAID', 'OVERDUE', 'UNEXPECTED'] as const;
export type ReconStatus = (typeof RECON_STATUSES)[number];

/** Why a receivable has its status; one code, the most useful to a person reading the list. */
export const REASON_CODES = [
  /** Settled, sum equal to the forecast, one settlement. */
  'EXACT',
  /** Settled, sum equal to the forecast, several settlements. */
  'PARTIAL_PAYMENTS',
  /** Settled, sum differs from the forecast but within tolerance. */
  'WITHIN_TOLERANCE',
  'SHORT_PAYMENT',
  'OVER_PAYMENT',
  /** Settlement(s) and no forecast. */
  'NO_FORECAST',
  /** Forecast, no settlement, not yet due + grace. */
  'AWAITING_PAYMENT',
  /** Forecast, no settlement, due + grace has passed. */
  'PAST_DUE',
  /**
   * Two or more A1 records for one key that no date orders (or one A1 given twice in a report): the
   * largest is compared (see `corrections.ts`); a person should look.
   */
  'DUPLICATE_FORECAST',
  /**
   * A settlement for the same payment date (and movement date) came in a later report with another
   * amount: the later one counts, the earlier is set aside, never summed; a person should look.
   */
  'POSSIBLE_CORRECTION',
  /** A record on the last line of one page and the first of the next counted once; a person should look. */
  'POSSIBLE_SEAM_DUPLICATE',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface Explanation {
  readonly status: ReconStatus;
  readonly reason: ReasonCode;
  /** Null when there is no forecast (UNEXPECTED). */
  readonly forecastNetCents: Cents | null;
  /** Sum of all settlements; 0 when none. */
  readonly settledNetCents: Cents;
  /** settled − forecast (a missing forecast counts as 0): negative means paid short. */
  readonly differenceCents: Cents;
  readonly settlementCount: number;
  readonly lastPaymentDate: IsoDate | null;
}

type StatusConfig = Pick<ReconConfig, 'tolerance' | 'graceDays'>;

/**
 * The tolerance rule shared with the simulator's ground truth: a difference counts as none when
 * |difference| <= max(absoluteCents, floor(forecast × percent / 100)), with the percent taken to two
 * decimals and the relative part computed in integers (no floating-point edge at exact boundaries).
 */
export function toleranceCents(forecastNetCents: Cents, tolerance: ReconConfig['tolerance']): Cents {
  const basisPoints = Math.round(tolerance.percent * 100);
  return Math.max(tolerance.absoluteCents, Math.floor((forecastNetCents * basisPoints) / 10_000));
}

/** True when an unsettled forecast due on `dueDate` is late on `asOf` (strictly after due + grace). */
export function isPastGrace(dueDate: IsoDate | null, asOf: IsoDate, graceDays: number): boolean {
  return dueDate !== null && daysBetween(dueDate, asOf) > graceDays;
}

function settledStatus(
  forecastNetCents: Cents,
  settledNetCents: Cents,
  settlementCount: number,
  config: StatusConfig,
): { status: ReconStatus; reason: ReasonCode } {
  const difference = settledNetCents - forecastNetCents;
  if (Math.abs(difference) <= toleranceCents(forecastNetCents, config.tolerance)) {
    if (difference !== 0) return { status: 'SETTLED', reason: 'WITHIN_TOLERANCE' };
    return { status: 'SETTLED', reason: settlementCount > 1 ? 'PARTIAL_PAYMENTS' : 'EXACT' };
  }
  return difference < 0
    ? { status: 'UNDERPAID', reason: 'SHORT_PAYMENT' }
    : { status: 'OVERPAID', reason: 'OVER_PAYMENT' };
}

function statusOf(
  content: ReceivableContent,
  money: Pick<Explanation, 'forecastNetCents' | 'settledNetCents' | 'settlementCount'>,
  asOf: IsoDate,
  config: StatusConfig,
): { status: ReconStatus; reason: ReasonCode } {
  if (money.forecastNetCents === null) return { status: 'UNEXPECTED', reason: 'NO_FORECAST' };
  if (content.settlements.length > 0) {
    return settledStatus(money.forecastNetCents, money.settledNetCents, money.settlementCount, config);
  }
  return isPastGrace(content.dueDate, asOf, config.graceDays)
    ? { status: 'OVERDUE', reason: 'PAST_DUE' }
    : { status: 'OPEN', reason: 'AWAITING_PAYMENT' };
}

/** Which contributions count (see `corrections.ts`): worked out once per explanation. */
interface Assessment {
  readonly settlements: CountedSettlements;
  readonly forecast: ComparedForecast;
}

function assess(content: ReceivableContent): Assessment {
  return {
    settlements: countedSettlements(content.settlements),
    forecast: comparedForecast(content.forecasts),
  };
}

/** The review reason that replaces the derived one, if any: the most urgent first. */
function reviewReason(content: ReceivableContent, assessment: Assessment): ReasonCode | undefined {
  if (assessment.settlements.correction) return 'POSSIBLE_CORRECTION';
  if (assessment.forecast.duplicate) return 'DUPLICATE_FORECAST';
  const contributions = [...content.forecasts, ...content.settlements];
  return contributions.some((c) => c.occurrences.seam) ? 'POSSIBLE_SEAM_DUPLICATE' : undefined;
}

/**
 * The money of a receivable, independent of the date and the configuration: the compared forecast
 * and the settlements that count (see `corrections.ts`), each counted as often as it occurs (two
 * equal partial payments are two).
 */
export function moneyOf(content: ReceivableContent): Money {
  return moneyOfAssessment(assess(content));
}

type Money = Pick<
  Explanation,
  'forecastNetCents' | 'settledNetCents' | 'differenceCents' | 'settlementCount'
>;

function moneyOfAssessment({ settlements, forecast }: Assessment): Money {
  const settledNetCents = sumOf(settlements.counted);
  const forecastNetCents = forecast.forecast?.netCents ?? null;
  return {
    forecastNetCents,
    settledNetCents,
    differenceCents: settledNetCents - (forecastNetCents ?? 0),
    settlementCount: settlements.counted.reduce((sum, s) => sum + copiesOf(s), 0),
  };
}

/** Status, reason and the amounts behind them, as of a business date. */
export function explain(content: ReceivableContent, asOf: IsoDate, config: StatusConfig): Explanation {
  const assessment = assess(content);
  const money = moneyOfAssessment(assessment);
  const lastPaymentDate = content.settlements.reduce<IsoDate | null>(
    (last, s) => (s.paymentDate !== null && (last === null || s.paymentDate > last) ? s.paymentDate : last),
    null,
  );
  const derived = statusOf(content, money, asOf, config);
  return {
    ...derived,
    reason: reviewReason(content, assessment) ?? derived.reason,
    ...money,
    lastPaymentDate,
  };
}
