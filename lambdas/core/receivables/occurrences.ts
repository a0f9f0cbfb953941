/**
 * How many times one record (one identity, see `ingest/records/identity.ts`) counts in a receivable.
 *
 * The provider gives no record id: two equal partial payments on one day are two records with one
 * identity, and the same record re-delivered in a later report (a re-run, an overlapping period) is
 * one record. So a contribution counts as many times as its identity occurs in the report that holds
 * it most often: `copies = max over reports of (the distinct lines carrying it in that report)`.
 * Re-downloading a page, re-delivering the record elsewhere, or seeing the pages in another order
 * never raises that number; a twin on another line of the same report does. Within one report:
 * - a record with a line sequence (a report-wide line number, `lineSequence`) counts once per
 *   distinct sequence, whatever page serves it: a page seam that serves one line twice adds nothing;
 * - without one, distinct lines of each page count, except that a copy on the LAST line of page p
 *   and the FIRST line of page p+1 counts once (a seam that overlaps by one record: unstable order or
 *   an off-by-one at the provider) and marks the contribution `seam`, for review: an equal twin that
 *   really straddled the seam is then counted once, never a seam copy twice.
 *
 * Counts are kept under `<generatedOn>|<reportId>|<page>` (or `…|#<sequence>`) while they can still
 * change (a report's pages arrive over one job, or a resumed one); entries of reports generated more
 * than {@link OCCURRENCE_RETENTION_DAYS} before the business date are dropped on the next write (but
 * those of the latest report that held it), and `copies`, `seam` and `firstReport` keep what they
 * proved, so an item does not grow with every re-delivery.
 */
import { addDays, type IsoDate } from '../calendar';
import type { CanonicalRecord } from '../ingest/records/canonical';

/** Page key (or line key) → distinct lines of the page (or of the sequence) carrying the identity. */
export type PageCounts = Readonly<Record<string, number>>;
/** Page key → where on the page the identity sits: `F` its first line, `L` its last, `FL` both. */
export type PageEdges = Readonly<Record<string, string>>;

export interface Occurrences {
  /** How many times the contribution counts (at least 1). */
  readonly copies: number;
  readonly pages: PageCounts;
  readonly edges: PageEdges;
  /** True once copies on both sides of a page seam were counted once (a person should look). */
  readonly seam: boolean;
  /**
   * `<generatedOn>|<reportId>` of the earliest report that held it: tells a correction from the
   * record it corrects (see `corrections.ts`); `''` when unknown (kept before this was recorded).
   */
  readonly firstReport: string;
}

type Located = Pick<CanonicalRecord, 'source' | 'line' | 'lineSequence'>;

/** Longer than any job, resumed or not, can take to fetch one report's pages. */
export const OCCURRENCE_RETENTION_DAYS = 35;

function reportKeyOf(record: Pick<CanonicalRecord, 'source'>): string {
  return `${record.source.generatedOn}|${record.source.reportId}`;
}

export function pageKeyOf(record: Pick<CanonicalRecord, 'source'>): string {
  return `${reportKeyOf(record)}|${record.source.page}`;
}

/** The key a record's occurrence is counted under: its line sequence in the report, else its page. */
function countKeyOf(record: Located): string {
  if (record.lineSequence === null) return pageKeyOf(record);
  return `${reportKeyOf(record)}|#${record.lineSequence.replace(/[%|]/g, (c) => encodeURIComponent(c))}`;
}

/** The report part of a count key (`%`-escaped sequences hold no `|`). */
export function reportOf(key: string): string {
  return key.slice(0, key.lastIndexOf('|'));
}

export interface SeenCounts {
  readonly counts: PageCounts;
  readonly edges: PageEdges;
  readonly firstReport: string;
}

/** Distinct lines per page (or sequence) of one identity's records, where they sit, the first report. */
export function countPages(records: readonly Located[]): SeenCounts {
  const lines = new Map<string, Set<number>>();
  const counts: Record<string, number> = {};
  const edges: Record<string, string> = {};
  let firstReport: string | undefined;
  for (const record of records) {
    const report = reportKeyOf(record);
    if (firstReport === undefined || report < firstReport) firstReport = report;
    const key = countKeyOf(record);
    if (record.lineSequence !== null) {
      counts[key] = 1; // a sequence is one record however many lines serve it
      continue;
    }
    const seen = lines.get(key) ?? new Set<number>();
    seen.add(record.line);
    lines.set(key, seen);
    counts[key] = seen.size;
    const last = record.source.lines !== undefined && record.line === record.source.lines - 1;
    const edge = `${record.line === 0 ? 'F' : ''}${last ? 'L' : ''}`;
    if (edge !== '') edges[key] = joinEdges(edges[key], edge);
  }
  return { counts, edges, firstReport: firstReport ?? '' };
}

function joinEdges(a: string | undefined, b: string): string {
  const both = `${a ?? ''}${b}`;
  return `${both.includes('F') ? 'F' : ''}${both.includes('L') ? 'L' : ''}`;
}

/**
 * Merges what a batch saw into a contribution's occurrences (per page the larger count and the union
 * of edges: re-reading a page never adds). Returns the same object when nothing changes.
 */
export function mergeOccurrences(current: Occurrences | undefined, seen: SeenCounts): Occurrences {
  const pages: Record<string, number> = { ...(current?.pages ?? {}) };
  const edges: Record<string, string> = { ...(current?.edges ?? {}) };
  let changed = current === undefined;
  for (const [key, count] of Object.entries(seen.counts)) {
    if ((pages[key] ?? 0) < count) {
      pages[key] = count;
      changed = true;
    }
  }
  for (const [key, edge] of Object.entries(seen.edges)) {
    const joined = joinEdges(edges[key], edge);
    if (joined !== edges[key]) {
      edges[key] = joined;
      changed = true;
    }
  }
  const firstReport =
    current === undefined || seen.firstReport < current.firstReport ? seen.firstReport : current.firstReport;
  if (!changed && current && firstReport === current.firstReport) return current;
  const counted = copiesIn(pages, edges);
  return {
    copies: Math.max(current?.copies ?? 1, counted.copies),
    pages,
    edges,
    seam: (current?.seam ?? false) || counted.seam,
    firstReport,
  };
}

/** The largest number of occurrences any one report has, seam copies counted once. */
function copiesIn(pages: PageCounts, edges: PageEdges): { copies: number; seam: boolean } {
  const { perReport, seam } = countsPerReport(pages, edges);
  return { copies: Math.max(1, ...perReport.values()), seam };
}

/** Occurrences per report (`<generatedOn>|<reportId>`), seam copies counted once; empty once pruned. */
export function copiesPerReport(
  occurrences: Pick<Occurrences, 'pages' | 'edges'>,
): ReadonlyMap<string, number> {
  return countsPerReport(occurrences.pages, occurrences.edges).perReport;
}

function countsPerReport(
  pages: PageCounts,
  edges: PageEdges,
): { perReport: Map<string, number>; seam: boolean } {
  const perReport = new Map<string, number>();
  for (const [key, count] of Object.entries(pages)) {
    const report = reportOf(key);
    perReport.set(report, (perReport.get(report) ?? 0) + count);
  }
  let seam = false;
  for (const [key, edge] of Object.entries(edges)) {
    const report = reportOf(key);
    const next = `${report}|${Number(key.slice(report.length + 1)) + 1}`;
    if (edge.includes('L') && edges[next]?.includes('F')) {
      perReport.set(report, (perReport.get(report) ?? 1) - 1);
      seam = true;
    }
  }
  return { perReport, seam };
}

/** Drops the counts of reports generated before the retention window; the conclusions are kept. */
export function pruneOccurrences(occurrences: Occurrences, asOf: IsoDate): Occurrences {
  const oldest = addDays(asOf, -OCCURRENCE_RETENTION_DAYS);
  // The latest report's counts are kept whatever its age: they say what the provider last stated,
  // which decides twins corrected by a later report (corrections.ts) for the life of the receivable.
  const latest = Object.keys(occurrences.pages)
    .map(reportOf)
    .reduce((max, r) => (r > max ? r : max), '');
  const recent = ([key]: [string, unknown]) => key.slice(0, 10) >= oldest || reportOf(key) === latest;
  const pages = Object.entries(occurrences.pages).filter(recent);
  const edges = Object.entries(occurrences.edges).filter(recent);
  if (
    pages.length === Object.keys(occurrences.pages).length &&
    edges.length === Object.keys(occurrences.edges).length
  ) {
    return occurrences;
  }
  return { ...occurrences, pages: Object.fromEntries(pages), edges: Object.fromEntries(edges) };
}
