/**
 * Builds the run summary from what the workflow reports (jobs and their counts) and the book: either
 * the kept-up totals (book/book.ts, what the nightly run uses) or every receivable (the reference
 * the recount test compares with). Pure: the summarizer feeds it, tests call it directly.
 */

import { byAcquirerFromReceivables } from '../book/acquirer-cells';
import { buildWeeklyAgenda } from '../book/agenda';
import { buildAgingBuckets } from '../book/aging-buckets';
import { buildAttention, toActionItem } from '../book/attention';
import { lifecycleOfReceivables, unclassifiedOf } from '../book/lifecycle';
import type { BookView, CappedTotals, MoneyTotals, SummaryReceivable } from '../book/types';
import { SUMMARY_STATES } from '../book/types';
import type { IsoDate } from '../calendar';
import type { JobResult, SummaryInput } from '../workflow/contracts';
import type { JobLine, ReportLanguage, RunSummary } from './types';

const EMPTY_TOTALS: MoneyTotals = { count: 0, forecastNetCents: 0, settledNetCents: 0, differenceCents: 0 };

function addToTotals(totals: MoneyTotals, r: SummaryReceivable): MoneyTotals {
  const forecast = r.forecastNetCents ?? 0;
  const settled = r.settledNetCents ?? 0;
  return {
    count: totals.count + 1,
    forecastNetCents: totals.forecastNetCents + forecast,
    settledNetCents: totals.settledNetCents + settled,
    differenceCents: totals.differenceCents + settled - forecast,
  };
}

function addCountMaps(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n;
}

function sortedKeys(map: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
}

function totalRecords(jobs: readonly JobResult[]) {
  const byCode: Record<string, number> = {};
  const quarantinedByReason: Record<string, number> = {};
  const unknownColumns = new Set<string>();
  const missingFields = new Set<string>();
  let received = 0;
  for (const { counts } of jobs) {
    received += counts.received;
    addCountMaps(byCode, counts.byCode);
    addCountMaps(quarantinedByReason, counts.quarantinedByReason);
    for (const c of counts.drift.unknownColumns) unknownColumns.add(c);
    for (const f of counts.drift.missingFields) missingFields.add(f);
  }
  return {
    records: {
      received,
      byCode: sortedKeys(byCode),
      quarantined: Object.values(quarantinedByReason).reduce((a, b) => a + b, 0),
      quarantinedByReason: sortedKeys(quarantinedByReason),
    },
    drift: { unknownColumns: [...unknownColumns].sort(), missingFields: [...missingFields].sort() },
  };
}

function toJobLine(job: JobResult): JobLine {
  return {
    kind: job.kind,
    configurationId: job.configurationId,
    from: job.from,
    to: job.to,
    reportId: job.reportId,
    outcome: job.outcome,
    error: job.error ?? null,
    pages: job.pages,
    received: job.counts.received,
    providerRequests: job.providerRequests,
  };
}

function receivableTotals(receivables: readonly SummaryReceivable[]): RunSummary['receivables'] {
  const byStatus: Record<string, MoneyTotals> = Object.fromEntries(
    SUMMARY_STATES.map((s) => [s, EMPTY_TOTALS]),
  );
  let total = EMPTY_TOTALS;
  for (const r of receivables) {
    byStatus[r.status] = addToTotals(byStatus[r.status] ?? EMPTY_TOTALS, r);
    total = addToTotals(total, r);
  }
  return { total, byStatus };
}

function cappedTotals(receivables: readonly SummaryReceivable[]): CappedTotals {
  const capped = receivables.filter((r) => r.capped === true);
  return {
    count: capped.length,
    amountCents: capped.reduce((n, r) => n + Math.abs(toActionItem(r).differenceCents), 0),
  };
}

/** The book's view computed from every receivable (the reference a kept-up view must equal). */
export function bookFromReceivables(receivables: readonly SummaryReceivable[], asOf: IsoDate): BookView {
  return {
    receivables: receivableTotals(receivables),
    agingBuckets: buildAgingBuckets(receivables, asOf),
    weekly: buildWeeklyAgenda(receivables),
    attention: buildAttention(receivables),
    capped: cappedTotals(receivables),
    lifecycle: lifecycleOfReceivables(receivables),
    byAcquirer: byAcquirerFromReceivables(receivables),
  };
}

/** How the summary is stamped: `finishedAt` is passed in so the result is a pure function of its inputs. */
export interface SummaryStamp {
  readonly finishedAt: Date;
  readonly language: ReportLanguage;
}

export function buildRunSummaryFromBook(
  input: SummaryInput,
  book: BookView,
  { finishedAt, language }: SummaryStamp,
  /** The period's account-level fees and debits, when the summarizer reads them. */
  fees?: RunSummary['fees'],
): RunSummary {
  const jobs = input.jobs.map(toJobLine);
  const failures = jobs.filter((j) => j.outcome !== 'COMPLETED');
  return {
    schemaVersion: 2,
    language,
    runId: input.runId,
    environment: input.environment,
    from: input.from,
    to: input.to,
    asOf: input.asOf,
    startedAt: input.startedAt,
    finishedAt: finishedAt.toISOString(),
    elapsedMs: Math.max(0, finishedAt.getTime() - Date.parse(input.startedAt)),
    outcome: failures.length > 0 ? 'FAILED' : 'SUCCEEDED',
    failures,
    jobs,
    ...totalRecords(input.jobs),
    receivables: book.receivables,
    aging: { becameOverdue: input.aging.becameOverdue, buckets: book.agingBuckets },
    weekly: book.weekly,
    attention: book.attention,
    capped: book.capped,
    providerRequests: input.jobs.reduce((n, j) => n + j.providerRequests, 0),
    lifecycle: book.lifecycle,
    ...(book.byAcquirer ? { byAcquirer: book.byAcquirer } : {}),
    ...(fees ? { fees } : {}),
    unclassified: unclassifiedOf(input.jobs),
  };
}
