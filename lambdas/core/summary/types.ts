/**
 * The run summary: what one nightly execution did, as plain JSON. It is written to S3 next to the
 * HTML report, printed by `recon run --json`, and read by people through the report and SNS.
 */
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';
import type { JobOutcome, SummaryInput } from '../workflow/contracts';

/** Reconciliation states in the order a finance reader scans them (problems after the happy path). */
export const SUMMARY_STATES = ['SETTLED', 'UNDERPAID', 'OVERPAID', 'OPEN', 'OVERDUE', 'UNEXPECTED'] as const;

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
}

/** One receivable paid short, over or without forecast, for the "look at these first" list. */
export interface DifferenceLine {
  readonly status: string;
  readonly acquirer: string | null;
  readonly merchant: string | null;
  readonly saleDate: IsoDate | null;
  readonly nsu: string | null;
  readonly installment: number | null;
  readonly forecastNetCents: Cents | null;
  readonly settledNetCents: Cents;
  readonly differenceCents: Cents;
}

/** Money of a set of receivables; `differenceCents` is settled minus forecast (negative = short). */
export interface MoneyTotals {
  readonly count: number;
  readonly forecastNetCents: Cents;
  readonly settledNetCents: Cents;
  readonly differenceCents: Cents;
}

export interface AgingBucket {
  readonly label: string;
  /** Days past due, inclusive bounds; null means unbounded on that side. */
  readonly minDays: number | null;
  readonly maxDays: number | null;
  readonly count: number;
  /** Forecast net still unpaid. */
  readonly amountCents: Cents;
}

export interface DailyPoint {
  /** Due date of the receivables counted on this day. */
  readonly date: IsoDate;
  readonly forecastNetCents: Cents;
  readonly settledNetCents: Cents;
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

export interface RunSummary extends RunInfo {
  readonly schemaVersion: 1;
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
  readonly daily: readonly DailyPoint[];
  /** The receivables paid short, over or without forecast with the largest differences, largest first. */
  readonly largestDifferences: readonly DifferenceLine[];
  readonly providerRequests: number;
}
