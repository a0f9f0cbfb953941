/**
 * The run summary: what one nightly execution did, as plain JSON. It is written to S3 next to the
 * HTML report, printed by `recon run --json`, and read by people through the report and SNS.
 */
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';
import type { ReportLanguage } from '../report-language';
import type { JobOutcome, SummaryInput } from '../workflow/contracts';
import type { DepositsSection } from './deposits';
import type { FeeAuditSection } from './fee-audit';
import type { LifecycleTotals, PeriodFees, UnclassifiedLine } from './lifecycle-types';

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

/** The whole book as the summary shows it, however it was obtained (recounted or kept incrementally). */
export interface BookView {
  readonly receivables: RunSummary['receivables'];
  readonly agingBuckets: readonly AgingBucket[];
  readonly weekly: readonly WeeklyPoint[];
  readonly attention: readonly ActionCategory[];
  readonly capped: CappedTotals;
  readonly lifecycle: LifecycleTotals;
}

export interface JobLine {
  readonly kind: string;
  readonly configurationId: number;
  readonly from: IsoDate;
  readonly to: IsoDate;
  readonly reportId: string | null;
  readonly outcome: JobOutcome;
  readonly error: string | null;
  readonly pages: number;
  readonly received: number;
  readonly providerRequests: number;
}

/** The run's identity and period, as the workflow hands them over. */
type RunInfo = Pick<SummaryInput, 'runId' | 'environment' | 'from' | 'to' | 'asOf' | 'startedAt'>;

/** The report's languages, defined in the core's leaf module and named here with the rest of the summary's types. */
export { DEFAULT_REPORT_LANGUAGE, REPORT_LANGUAGES, type ReportLanguage } from '../report-language';

export interface RunSummary extends RunInfo {
  /** 2: action categories and weekly agenda replace the single difference list and daily series. */
  readonly schemaVersion: 2;
  /** The language the report and message were written in (the local copy re-renders in the same). */
  readonly language: ReportLanguage;
  readonly finishedAt: string;
  readonly elapsedMs: number;
  /** FAILED when any job did not complete: the CLI exits 1 and the SNS subject says so. */
  readonly outcome: 'SUCCEEDED' | 'FAILED';
  /** Jobs that did not complete, listed first by every reader. */
  readonly failures: readonly JobLine[];
  readonly jobs: readonly JobLine[];
  readonly records: {
    readonly received: number;
    readonly byCode: Readonly<Record<string, number>>;
    readonly quarantined: number;
    readonly quarantinedByReason: Readonly<Record<string, number>>;
  };
  readonly drift: { readonly unknownColumns: readonly string[]; readonly missingFields: readonly string[] };
  readonly receivables: {
    readonly total: MoneyTotals;
    readonly byStatus: Readonly<Record<string, MoneyTotals>>;
  };
  readonly aging: { readonly becameOverdue: number; readonly buckets: readonly AgingBucket[] };
  /** Forecast and settled net per due week, weeks without receivables left out. */
  readonly weekly: readonly WeeklyPoint[];
  /** One entry per {@link ACTION_STATES} state, in that order, even when empty. */
  readonly attention: readonly ActionCategory[];
  /** Receivables that hit `maxContributions`: shown among what needs action. */
  readonly capped: CappedTotals;
  readonly providerRequests: number;
  /** The fee audit's section (docs/fee-audit.md); absent in summaries made before it existed. */
  readonly feeAudit?: FeeAuditSection;
  /** Lifecycle parts; absent in summaries written before record roles. */
  readonly lifecycle?: LifecycleTotals;
  /** The fees and debits of the period; absent when the summarizer reads no account-level items. */
  readonly fees?: PeriodFees;
  /** Records no role classifies, from the run's ingest counts. */
  readonly unclassified?: readonly UnclassifiedLine[];
  /** The bank leg: deposits expected against received (docs/deposits.md); absent when not read. */
  readonly deposits?: DepositsSection;
}
