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
  type CountedContributions,
  comparedForecast,
  countedContributions,
  sumOf,
} from './corrections';
import { holds, type LifecycleMoney, lifecycleMoney, type RoleContribution } from './lifecycle';
import { copiesOf, type ReceivableContent } from './matcher';

export const RECON_STATUSES = [
  'OPEN',
  'SETTLED',
  'UNDERPAID',
  'OVERPAID',
  'OVERDUE',
  'UNEXPECTED',
  // The receivable's life beyond forecast and payment (docs/lifecycle.md).
  'CANCELLED',
  'CHARGED_BACK',
  'ADVANCED',
  'UNLINKED',
  // An unexpected payment a person matched to a forecast: its money counts there, nowhere here.
  'MERGED',
] as const;
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
  /** Cancelled in full before any payment: nothing is due, never late. */
  'CANCELLED_BEFORE_PAYMENT',
  /** Cancelled in full after a payment: the acquirer should debit what it paid. */
  'CANCELLED_AFTER_PAYMENT',
  /** Settled against the forecast minus a partial cancellation. */
  'PARTLY_CANCELLED',
  /** Money received and charged back (not fully reversed): contest within the acquirer's deadline. */
  'CHARGEBACK',
  /** Paid early by an advance; the advance fee is its own amount. */
  'ADVANCE',
  /**
   * Advanced, and paid again on its due date: the advance counts, the payment is set aside; a person
   * should check the acquirer did not pay twice.
   */
  'ADVANCE_AND_PAYMENT',
  /** Records of a sale recon has neither a forecast nor a payment for (it may come in a later report). */
  'CANCELLATION_WITHOUT_SALE',
  'CHARGEBACK_WITHOUT_SALE',
  'ADJUSTMENT_WITHOUT_SALE',
  /** Matched by hand to another receivable's forecast (breaks/manual-match.ts): counted there. */
  'MATCHED_BY_HAND',
  /**
   * A payment arrived under the receivable's own key after payments were matched to it by hand: the
   * own one counts, the matched ones are set aside (never counted twice); a person should undo the match.
   */
  'MATCH_CONFLICT',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface Explanation {
  readonly status: ReconStatus;
  readonly reason: ReasonCode;
  /** Null when there is no forecast (UNEXPECTED). */
  readonly forecastNetCents: Cents | null;
  /** Sum of the settlements that count plus what advances paid; 0 when none. */
  readonly settledNetCents: Cents;
  /**
   * received + advance fees − expected (a missing forecast counts as 0): negative means paid short.
   * Without lifecycle records: settled − forecast.
   */
  readonly differenceCents: Cents;
  readonly settlementCount: number;
  readonly lastPaymentDate: IsoDate | null;
  readonly cancelledNetCents: Cents;
  readonly chargedBackNetCents: Cents;
  readonly adjustmentNetCents: Cents;
  readonly advanceFeeCents: Cents;
  /** forecast − cancelled + adjustments. */
  readonly expectedNetCents: Cents;
  /** settled − charged back. */
  readonly receivedNetCents: Cents;
  /** The latest chargeback's date: the team contests within the acquirer's deadline from it. */
  readonly lastChargebackDate: IsoDate | null;
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

type StatusMoney = Omit<Explanation, 'status' | 'reason' | 'lastPaymentDate' | 'lastChargebackDate'>;
type Derived = { status: ReconStatus; reason: ReasonCode };
/** Whether an advance paid the receivable, and whether a payment of it came as well. */
type Advance = 'none' | 'advanced' | 'paid too';

/** Money received and compared with what is expected (advance fees count as received). */
function settledStatus(money: StatusMoney, advance: Advance, config: StatusConfig): Derived {
  const difference = money.differenceCents;
  if (Math.abs(difference) <= toleranceCents(money.expectedNetCents, config.tolerance)) {
    if (advance !== 'none')
      return { status: 'ADVANCED', reason: advance === 'paid too' ? 'ADVANCE_AND_PAYMENT' : 'ADVANCE' };
    if (money.cancelledNetCents > 0) return { status: 'SETTLED', reason: 'PARTLY_CANCELLED' };
    if (difference !== 0) return { status: 'SETTLED', reason: 'WITHIN_TOLERANCE' };
    return { status: 'SETTLED', reason: money.settlementCount > 1 ? 'PARTIAL_PAYMENTS' : 'EXACT' };
  }
  return difference < 0
    ? { status: 'UNDERPAID', reason: 'SHORT_PAYMENT' }
    : { status: 'OVERPAID', reason: 'OVER_PAYMENT' };
}

/** The states of docs/lifecycle.md, evaluated in its order: a function of the record set and the date. */
function statusOf(
  content: ReceivableContent,
  money: StatusMoney,
  assessment: Assessment,
  asOf: IsoDate,
  config: StatusConfig,
): Derived {
  if (content.mergedInto !== undefined) return { status: 'MERGED', reason: 'MATCHED_BY_HAND' };
  const events = content.events ?? [];
  const advanced = holds(events, 'ADVANCE');
  const paid = content.settlements.length > 0 || advanced;
  if (money.forecastNetCents === null) {
    // Every chargeback is contested in time, whether or not recon saw the sale (every first run).
    if (money.chargedBackNetCents > 0) return { status: 'CHARGED_BACK', reason: 'CHARGEBACK_WITHOUT_SALE' };
    if (!paid && events.length > 0) return { status: 'UNLINKED', reason: unlinkedReason(events) };
    return { status: 'UNEXPECTED', reason: 'NO_FORECAST' };
  }
  if (money.chargedBackNetCents > 0) return { status: 'CHARGED_BACK', reason: 'CHARGEBACK' };
  const cancelledInFull =
    money.cancelledNetCents > 0 &&
    money.expectedNetCents <= toleranceCents(money.expectedNetCents, config.tolerance);
  if (cancelledInFull) {
    return { status: 'CANCELLED', reason: paid ? 'CANCELLED_AFTER_PAYMENT' : 'CANCELLED_BEFORE_PAYMENT' };
  }
  const advance: Advance = !advanced ? 'none' : assessment.counted.advancedAndPaid ? 'paid too' : 'advanced';
  if (paid) return settledStatus(money, advance, config);
  return isPastGrace(content.dueDate, asOf, config.graceDays)
    ? { status: 'OVERDUE', reason: 'PAST_DUE' }
    : { status: 'OPEN', reason: 'AWAITING_PAYMENT' };
}

function unlinkedReason(events: readonly RoleContribution[]): ReasonCode {
  if (holds(events, 'CHARGEBACK') || holds(events, 'CHARGEBACK_REVERSAL')) return 'CHARGEBACK_WITHOUT_SALE';
  return holds(events, 'CANCELLATION') ? 'CANCELLATION_WITHOUT_SALE' : 'ADJUSTMENT_WITHOUT_SALE';
}

/** States whose own reason says what to do: a review reason never replaces it. */
const LIFECYCLE_STATES: ReadonlySet<ReconStatus> = new Set([
  'CANCELLED',
  'CHARGED_BACK',
  'ADVANCED',
  'UNLINKED',
  'MERGED',
]);

/** Which contributions count (see `corrections.ts`): worked out once per explanation. */
interface Assessment {
  readonly counted: CountedContributions;
  readonly forecast: ComparedForecast;
  readonly lifecycle: LifecycleMoney;
}

function assess(content: ReceivableContent): Assessment {
  const counted = countedContributions(content);
  return {
    counted,
    forecast: comparedForecast(content.forecasts),
    lifecycle: lifecycleMoney(counted.events.counted),
  };
}

/** The review reason that replaces the derived one, if any: the most urgent first. */
function reviewReason(content: ReceivableContent, assessment: Assessment): ReasonCode | undefined {
  if (assessment.counted.matchConflict) return 'MATCH_CONFLICT';
  if (assessment.counted.settlements.correction) return 'POSSIBLE_CORRECTION';
  if (assessment.forecast.duplicate) return 'DUPLICATE_FORECAST';
  if (assessment.counted.advancedAndPaid) return 'ADVANCE_AND_PAYMENT';
  const contributions = [...content.forecasts, ...content.settlements, ...(content.events ?? [])];
  return contributions.some((c) => c.occurrences.seam) ? 'POSSIBLE_SEAM_DUPLICATE' : undefined;
}

/**
 * The money of a receivable, independent of the date and the configuration: the compared forecast,
 * the settlements that count (see `corrections.ts`) and the lifecycle records, each counted as often
 * as it occurs (two equal partial payments are two).
 */
export function moneyOf(content: ReceivableContent): StatusMoney {
  return moneyOfAssessment(assess(ownMoney(content)));
}

/**
 * What a receivable's money is made of: a receivable merged by a manual match keeps its payments in
 * its item, but they count in the receivable it was merged into, so none here (the lake's rows, the
 * CLI's listing and the book agree: counted once).
 */
function ownMoney(content: ReceivableContent): ReceivableContent {
  return content.mergedInto === undefined ? content : { ...content, settlements: [] };
}

/** {@link moneyOf} with its lifecycle amounts, for the ERP export (a merged one's payments count where merged). */
export function moneyWithLifecycleOf(
  content: ReceivableContent,
): StatusMoney & { lifecycle: LifecycleMoney } {
  const assessment = assess(ownMoney(content));
  return { ...moneyOfAssessment(assessment), lifecycle: assessment.lifecycle };
}

function moneyOfAssessment({ counted, forecast, lifecycle }: Assessment): StatusMoney {
  const settlements = counted.settlements.counted;
  const settledNetCents = sumOf(settlements) + lifecycle.advancedNetCents;
  const forecastNetCents = forecast.forecast?.netCents ?? null;
  // Charged back on a sale recon never saw: what was paid stands for the unknown forecast, so the
  // difference (the money at stake) is what was taken back.
  const basis = forecastNetCents ?? (lifecycle.chargedBackNetCents > 0 ? settledNetCents : 0);
  const expectedNetCents = basis - lifecycle.cancelledNetCents + lifecycle.adjustmentNetCents;
  const receivedNetCents = settledNetCents - lifecycle.chargedBackNetCents;
  return {
    forecastNetCents,
    settledNetCents,
    differenceCents: receivedNetCents + lifecycle.advanceFeeCents - expectedNetCents,
    settlementCount: settlements.reduce((sum, s) => sum + copiesOf(s), 0) + lifecycle.advanceCount,
    cancelledNetCents: lifecycle.cancelledNetCents,
    chargedBackNetCents: lifecycle.chargedBackNetCents,
    adjustmentNetCents: lifecycle.adjustmentNetCents,
    advanceFeeCents: lifecycle.advanceFeeCents,
    expectedNetCents,
    receivedNetCents,
  };
}

/** Status, reason and the amounts behind them, as of a business date. */
export function explain(stored: ReceivableContent, asOf: IsoDate, config: StatusConfig): Explanation {
  const content = ownMoney(stored);
  const assessment = assess(content);
  const money = moneyOfAssessment(assessment);
  const lastPaymentDate = content.settlements.reduce<IsoDate | null>(
    (last, s) => (s.paymentDate !== null && (last === null || s.paymentDate > last) ? s.paymentDate : last),
    assessment.lifecycle.lastAdvanceDate,
  );
  const derived = statusOf(content, money, assessment, asOf, config);
  // A restated lifecycle record is flagged whatever the state (a chargeback's amount is contested).
  const review = assessment.counted.events.correction
    ? 'POSSIBLE_CORRECTION'
    : LIFECYCLE_STATES.has(derived.status)
      ? undefined
      : reviewReason(content, assessment);
  return {
    ...derived,
    reason: review ?? derived.reason,
    ...money,
    lastPaymentDate,
    lastChargebackDate: assessment.lifecycle.lastChargebackDate,
  };
}
