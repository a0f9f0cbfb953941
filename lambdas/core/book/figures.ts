/**
 * The money figures "who owes what" and the cards name, each defined once: per receivable (what the
 * kept cells, the reference count and the CLI's listing add up), per run summary (what the cards and
 * the table's totals row show) and as SQL over the lake's `receivables` as-of rows (the named query
 * `who_owes_what`). Late is past grace (OVERDUE) only; paid short is UNDERPAID only; taken back is
 * cancellations plus chargebacks net of reversals, whatever the state.
 */
import type { Cents } from '../money';
import type { LifecycleTotals } from './lifecycle-types';
import type { ActionCategory } from './types';

export const FIGURES = ['late', 'paidShort', 'takenBack'] as const;
export type Figure = (typeof FIGURES)[number];

/** The fields of a receivable a figure reads (the summary's, the CLI listing's and the view's alike). */
export interface FigureReceivable {
  readonly status: string;
  readonly forecastNetCents: Cents | null;
  readonly settledNetCents: Cents | null;
  readonly differenceCents?: Cents;
  readonly cancelledNetCents?: Cents;
  readonly chargedBackNetCents?: Cents;
}

/** The card's state of a figure that is an action category's money at stake. */
const CARD_STATE = { late: 'OVERDUE', paidShort: 'UNDERPAID' } as const;

/** Money at stake of a receivable in an action state: the unpaid forecast, the shortfall. */
const atStake = (r: FigureReceivable) =>
  Math.abs(r.differenceCents ?? (r.settledNetCents ?? 0) - (r.forecastNetCents ?? 0));

/** One receivable's part of `figure`. */
export function figureOfReceivable(figure: Figure, r: FigureReceivable): Cents {
  if (figure === 'takenBack') return (r.cancelledNetCents ?? 0) + (r.chargedBackNetCents ?? 0);
  return r.status === CARD_STATE[figure] ? atStake(r) : 0;
}

/** The parts of the run summary the figures read. */
export interface FigureSummary {
  readonly attention: readonly Pick<ActionCategory, 'state' | 'amountCents'>[];
  /** Absent in summaries written before record roles. */
  readonly lifecycle?: LifecycleTotals;
}

/** The whole book's `figure` as the summary holds it (kept totals, less what the team decided); null when not held. */
export function figureOfSummary(figure: Figure, s: FigureSummary): Cents | null {
  if (figure === 'takenBack') {
    return s.lifecycle === undefined ? null : s.lifecycle.cancelledNetCents + s.lifecycle.chargedBackNetCents;
  }
  return s.attention.find((c) => c.state === CARD_STATE[figure])?.amountCents ?? 0;
}

/** Each figure over the lake's as-of receivable rows (lib/analytics/queries.ts), as a SUM's argument. */
export const FIGURE_SQL: Readonly<Record<Figure, string>> = {
  late: `CASE WHEN status = '${CARD_STATE.late}' THEN ABS(difference_cents) ELSE 0 END`,
  paidShort: `CASE WHEN status = '${CARD_STATE.paidShort}' THEN ABS(difference_cents) ELSE 0 END`,
  takenBack: 'COALESCE(cancelled_net_cents, 0) + COALESCE(charged_back_net_cents, 0)',
};
