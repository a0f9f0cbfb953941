/**
 * Builds the run summary from what the workflow reports (jobs and their counts) and the current
 * receivables. Pure: the summarizer feeds it, tests call it directly.
 */
import type { IsoDate } from '../calendar';
import type { JobResult, SummaryInput } from '../workflow/contracts';
import { buildAgingBuckets } from './aging';
import type {
  DailyPoint,
  DifferenceLine,
  JobLine,
  MoneyTotals,
  RunSummary,
  SummaryReceivable,
} from './types';
import { SUMMARY_STATES } from './types';

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

/** Forecast and settled net per due date, sorted by date; receivables without a due date are left out. */
function dailySeries(receivables: readonly SummaryReceivable[]): DailyPoint[] {
  const byDate = new Map<IsoDate, { forecastNetCents: number; settledNetCents: number }>();
  for (const r of receivables) {
    if (r.dueDate === null) continue;
    const day = byDate.get(r.dueDate) ?? { forecastNetCents: 0, settledNetCents: 0 };
    day.forecastNetCents += r.forecastNetCents ?? 0;
    day.settledNetCents += r.settledNetCents ?? 0;
    byDate.set(r.dueDate, day);
  }
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, v]) => ({ date, ...v }));
}

/** How many divergent receivables the summary names; the rest are in `recon receivables` and Athena. */
export const LARGEST_DIFFERENCES = 10;
const DIVERGENT_STATES = new Set(['UNDERPAID', 'OVERPAID', 'UNEXPECTED']);

function toDifferenceLine(r: SummaryReceivable): DifferenceLine {
  const settled = r.settledNetCents ?? 0;
  return {
    status: r.status,
    acquirer: r.acquirer ?? null,
    merchant: r.merchant ?? null,
    saleDate: r.saleDate ?? null,
    nsu: r.nsu ?? null,
    installment: r.installment ?? null,
    forecastNetCents: r.forecastNetCents,
    settledNetCents: settled,
    differenceCents: settled - (r.forecastNetCents ?? 0),
  };
}

/** Largest |difference| first; ties in a stable order so the same book gives the same summary. */
function largestDifferences(receivables: readonly SummaryReceivable[]): DifferenceLine[] {
  const key = (d: DifferenceLine) => `${d.acquirer}|${d.merchant}|${d.saleDate}|${d.nsu}|${d.installment}`;
  return receivables
    .filter((r) => DIVERGENT_STATES.has(r.status))
    .map(toDifferenceLine)
    .sort((a, b) => Math.abs(b.differenceCents) - Math.abs(a.differenceCents) || key(a).localeCompare(key(b)))
    .slice(0, LARGEST_DIFFERENCES);
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

/** The summary of one run; `finishedAt` is passed in so the result is a pure function of its inputs. */
export function buildRunSummary(
  input: SummaryInput,
  receivables: readonly SummaryReceivable[],
  finishedAt: Date,
): RunSummary {
  const jobs = input.jobs.map(toJobLine);
  const failures = jobs.filter((j) => j.outcome !== 'COMPLETED');
  return {
    schemaVersion: 1,
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
    receivables: receivableTotals(receivables),
    aging: { becameOverdue: input.aging.becameOverdue, buckets: buildAgingBuckets(receivables, input.asOf) },
    daily: dailySeries(receivables),
    largestDifferences: largestDifferences(receivables),
    providerRequests: input.jobs.reduce((n, j) => n + j.providerRequests, 0),
  };
}
