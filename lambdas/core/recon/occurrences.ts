/**
 * How many times one record (one identity, see `records/identity.ts`) counts in a receivable.
 *
 * The provider gives no record id: two equal partial payments on one day are two records with one
 * identity, and the same record re-delivered in a later report (a re-run, an overlapping period) is
 * one record. So a contribution counts as many times as its identity occurs in the report that holds
 * it most often: `copies = max over reports of (Σ over that report's pages of the distinct lines
 * carrying it)`. Re-downloading a page, re-delivering the record elsewhere, or seeing the pages in
 * another order never raises that number; a twin on another page of the same report does.
 *
 * Per-page counts are kept under `<generatedOn>|<reportId>|<page>` while they can still change (a
 * report's pages arrive over one job, or a resumed one); entries of reports generated more than
 * {@link OCCURRENCE_RETENTION_DAYS} before the business date are dropped on the next write, and
 * `copies` keeps what they proved, so an item does not grow with every re-delivery.
 */
import { addDays, type IsoDate } from '../calendar';
import type { CanonicalRecord } from '../records/canonical';

/** Page key → distinct lines of the page carrying the identity. */
export type PageCounts = Readonly<Record<string, number>>;

export interface Occurrences {
  /** How many times the contribution counts (at least 1). */
  readonly copies: number;
  readonly pages: PageCounts;
}

/** Longer than any job, resumed or not, can take to fetch one report's pages. */
export const OCCURRENCE_RETENTION_DAYS = 35;

export function pageKeyOf(record: Pick<CanonicalRecord, 'source'>): string {
  const { generatedOn, reportId, page } = record.source;
  return `${generatedOn}|${reportId}|${page}`;
}

/** Distinct lines per page of one identity's records (a record given twice with one line counts once). */
export function countPages(records: readonly Pick<CanonicalRecord, 'source' | 'line'>[]): PageCounts {
  const lines = new Map<string, Set<number>>();
  for (const record of records) {
    const key = pageKeyOf(record);
    const seen = lines.get(key) ?? new Set<number>();
    seen.add(record.line);
    lines.set(key, seen);
  }
  return Object.fromEntries([...lines].map(([key, seen]) => [key, seen.size]));
}

/**
 * Merges new page counts into a contribution's occurrences (per page the larger count: re-reading a
 * page never adds). Returns the same object when nothing changes.
 */
export function mergeOccurrences(current: Occurrences | undefined, counts: PageCounts): Occurrences {
  const pages: Record<string, number> = { ...(current?.pages ?? {}) };
  let changed = current === undefined;
  for (const [key, count] of Object.entries(counts)) {
    if ((pages[key] ?? 0) < count) {
      pages[key] = count;
      changed = true;
    }
  }
  if (!changed && current) return current;
  return { copies: Math.max(current?.copies ?? 1, copiesIn(pages)), pages };
}

/** The largest number of occurrences any one report has. */
function copiesIn(pages: PageCounts): number {
  const perReport = new Map<string, number>();
  for (const [key, count] of Object.entries(pages)) {
    const report = key.slice(0, key.lastIndexOf('|'));
    perReport.set(report, (perReport.get(report) ?? 0) + count);
  }
  return Math.max(1, ...perReport.values());
}

/** Drops the page counts of reports generated before the retention window; `copies` is kept. */
export function pruneOccurrences(occurrences: Occurrences, asOf: IsoDate): Occurrences {
  const oldest = addDays(asOf, -OCCURRENCE_RETENTION_DAYS);
  const kept = Object.entries(occurrences.pages).filter(([key]) => key.slice(0, 10) >= oldest);
  if (kept.length === Object.keys(occurrences.pages).length) return occurrences;
  return { copies: occurrences.copies, pages: Object.fromEntries(kept) };
}
