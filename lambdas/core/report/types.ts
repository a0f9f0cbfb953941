/**
 * The run summary: what one nightly execution did, as plain JSON. It is written to S3 next to the
 * HTML report, printed by `recon run --json`, and read by people through the report and SNS.
 */

import type { ActionCategory, AgingBucket, BookReceivables, CappedTotals, WeeklyPoint } from '../book/types';
import type { IsoDate } from '../calendar';
import type { FullLists } from '../report-kit/short-list';
import type { ReportLanguage } from '../report-language';
import type { JobOutcome, SummaryInput } from '../workflow/contracts';
import type { SectionsSummary } from './sections';

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
  /** The full lists the run wrote beside the report, by list name (report-kit/short-list.ts); absent: none. */
  readonly fullLists?: FullLists;
}

/** The run's identity and period, as the workflow hands them over. */
type RunInfo = Pick<SummaryInput, 'runId' | 'environment' | 'from' | 'to' | 'asOf' | 'startedAt'>;

/** The report's languages, defined in the core's leaf module and named here with the rest of the summary's types. */
export { DEFAULT_REPORT_LANGUAGE, REPORT_LANGUAGES, type ReportLanguage } from '../report-language';

/**
 * The sections' parts (the fee audit, the account fees, lifecycle figures, unclassified records, the
 * bank leg) are declared by the sections themselves (sections.ts).
 */
export interface RunSummary extends RunInfo, SectionsSummary {
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
  readonly receivables: BookReceivables;
  readonly aging: { readonly becameOverdue: number; readonly buckets: readonly AgingBucket[] };
  /** Forecast and settled net per due week, weeks without receivables left out. */
  readonly weekly: readonly WeeklyPoint[];
  /** One entry per {@link ACTION_STATES} state, in that order, even when empty. */
  readonly attention: readonly ActionCategory[];
  /** Receivables that hit `maxContributions`: shown among what needs action. */
  readonly capped: CappedTotals;
  readonly providerRequests: number;
  /** The full lists the run wrote beside the report, by list name (report-kit/short-list.ts); absent: none. */
  readonly fullLists?: FullLists;
  /** The web inbox's address, when the run knew one: what needs action links into it (inbox-links.ts). */
  readonly inboxUrl?: string;
  /** The night's ERP lines the run wrote beside the report in CSV (docs/erp-export.md); absent: none. */
  readonly erpLines?: { readonly file: string; readonly lines: number };
}
