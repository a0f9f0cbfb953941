/**
 * The book as the summary reads it: reconciliation states, the receivables that need action, money
 * totals, aging and the weekly agenda. Plain JSON types, kept by the write path (book/cells.ts) and
 * shown by the report.
 */
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';
import type { LifecycleTotals } from './lifecycle-types';

/** The kept totals: counts and centavos by cell name (cells.ts says what each name holds). */
export type Cells = Readonly<Record<string, number>>;

/** One acquirer's share of the book. */
export interface AcquirerBook {
  readonly expectedCents: Cents;
  readonly receivedCents: Cents;
  /** Forecasts past due and grace, unpaid (the late card's definition). */
  readonly lateCents: Cents;
  /** What the short payments miss (the paid-short card's definition). */
  readonly paidShortCents: Cents;
  readonly takenBackCents: Cents;
}

/** Per acquirer; `''` holds receivables without one. Null: the kept cells do not carry the split yet. */
export type BookByAcquirer = Readonly<Record<string, AcquirerBook>>;

/** Reconciliation states in the order a finance reader scans them (problems after the happy path). */
export const SUMMARY_STATES = [
  'SETTLED',
  'ADVANCED',
  'CANCELLED',
  'UNDERPAID',
  'OVERPAID',
  'OPEN',
  'OVERDUE',
  'UNEXPECTED',
  'CHARGED_BACK',
  'UNLINKED',
] as const;
export type ActionState = (typeof ACTION_STATES)[number];

/**
 * The few fields of a receivable the summary needs. Kept structural so that the reconciliation
 * module's `ReceivableView` fits without the summary depending on the store.
 */
export interface SummaryReceivable {
  readonly status: string;
  readonly forecastNetCents: Cents | null;
  readonly settledNetCents: Cents | null;
  readonly dueDate: IsoDate | null;
  /** Identity, shown for the largest differences (absent fields print empty). */
  readonly acquirer?: string | null;
  readonly merchant?: string | null;
  readonly saleDate?: IsoDate | null;
  readonly nsu?: string | null;
  readonly installment?: number | null;
  /** True once a record was refused because the receivable holds `maxContributions` already. */
  readonly capped?: boolean;
  /** The receivable's reason code (the report labels the ones that call for a review). */
  readonly reason?: string;
  /** Lifecycle amounts (docs/lifecycle.md); absent reads as a receivable of forecasts and payments only. */
  readonly differenceCents?: Cents;
  readonly cancelledNetCents?: Cents;
  readonly chargedBackNetCents?: Cents;
  readonly advanceFeeCents?: Cents;
  readonly lastChargebackDate?: IsoDate | null;
}

/**
 * The states somebody must act on, in the order the report's top section shows them: paid short,
 * paid over, late, paid without forecast, charged back (to contest in time), a cancellation or
 * chargeback without its sale (to check). A state added later joins this list and gets a label.
 */
export const ACTION_STATES = [
  'UNDERPAID',
  'OVERPAID',
  'OVERDUE',
  'UNEXPECTED',
  'CHARGED_BACK',
  'UNLINKED',
] as const;

/** One receivable that needs action, as the report names it (acquirer, merchant, sale, NSU, installment). */
export interface ActionItem {
  readonly status: string;
  readonly acquirer: string | null;
  readonly merchant: string | null;
  readonly saleDate: IsoDate | null;
  readonly nsu: string | null;
  readonly installment: number | null;
  readonly dueDate: IsoDate | null;
  readonly forecastNetCents: Cents | null;
  readonly settledNetCents: Cents;
  /** Settled minus forecast: negative = short or late; its magnitude is the money at stake. */
  readonly differenceCents: Cents;
  /** Reason code, when it calls for a review beyond the state (POSSIBLE_CORRECTION…). */
  readonly review?: string;
  /** A chargeback's amount (net of reversals) and latest date, from which it can be contested. */
  readonly chargedBackNetCents?: Cents;
  readonly chargebackDate?: IsoDate;
}

/**
 * One action state: how many, how much money is at stake (the sum of |difference|: the shortfall,
 * the excess, the late forecast, the unforecast deposit), and its largest items. `largest` is a
 * bounded top N, so a summary kept up to date record by record stays small.
 */
export interface ActionCategory {
  readonly state: string;
  readonly count: number;
  readonly amountCents: Cents;
  readonly largest: readonly ActionItem[];
}

/** Money of a set of receivables; `differenceCents` is settled minus forecast (negative = short). */
export interface MoneyTotals {
  readonly count: number;
  readonly forecastNetCents: Cents;
  readonly settledNetCents: Cents;
  readonly differenceCents: Cents;
}

/**
 * Where unpaid money stands: not yet due, due but still within the grace days (OPEN, not late),
 * or late (OVERDUE: past grace), the last split by days past due.
 */
export type AgingKind = 'notDue' | 'withinGrace' | 'late';

/** Unpaid money by days late; the report words each bucket from its kind and bounds, in its language. */
export interface AgingBucket {
  readonly kind: AgingKind;
  /** Days past due, inclusive bounds; null means unbounded on that side. */
  readonly minDays: number | null;
  readonly maxDays: number | null;
  readonly count: number;
  /** Forecast net still unpaid. */
  readonly amountCents: Cents;
}

/** The agenda de recebíveis, one point per week that has receivables due. */
export interface WeeklyPoint {
  /** Monday of the week the receivables fall due in. */
  readonly weekStart: IsoDate;
  readonly forecastNetCents: Cents;
  readonly settledNetCents: Cents;
}

/** The label key of capped receivables among the action cards (not a reconciliation state). */
export const CAPPED = 'CAPPED';

/**
 * Receivables flagged `capped`: records were refused (quarantined as TOO_MANY_CONTRIBUTIONS), so
 * their totals miss money somebody must look at. Amount: Σ|settled − forecast| as stored.
 */
export interface CappedTotals {
  readonly count: number;
  readonly amountCents: Cents;
}

/** The book's receivables: all of them, and by reconciliation state. */
export interface BookReceivables {
  readonly total: MoneyTotals;
  readonly byStatus: Readonly<Record<string, MoneyTotals>>;
}

/** The whole book as the summary shows it, however it was obtained (recounted or kept incrementally). */
export interface BookView {
  readonly receivables: BookReceivables;
  readonly agingBuckets: readonly AgingBucket[];
  readonly weekly: readonly WeeklyPoint[];
  readonly attention: readonly ActionCategory[];
  readonly capped: CappedTotals;
  readonly lifecycle: LifecycleTotals;
  /** The book per acquirer; null while the kept totals do not carry the split (acquirer-cells.ts). */
  readonly byAcquirer: BookByAcquirer | null;
}
