/**
 * What one report contains: the records of its kind reported on the movement period, plus malformed
 * entries, in a seeded order. Entries are plain integers (record index, or -(n+1) for malformed entry
 * n) so a 100,000-record report costs one typed array; records are encoded only when a page is asked.
 */
import { toEpochDay } from '../../../lambdas/core/calendar';
import type { ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import type { RecordCounts } from '../types';
import { dayRange, type KindRecords, type Universe } from '../universe/dataset';
import { intBetween, rngFor, shuffleInPlace } from '../universe/random';

/**
 * One malformed entry is anchored after every MALFORMED_SPACING records (by reporting day), so any
 * report with at least that many records holds at least one, and counts add up across adjacent
 * periods (recon splits long periods into <= 30-day reports).
 */
export const MALFORMED_SPACING = 100;

export interface ContentFilters {
  readonly acquirers?: readonly string[];
  readonly merchants?: readonly string[];
}

/** Index of the record malformed entry `n` is anchored to (it takes that record's day). */
export function malformedAnchor(seed: number, kind: ReportKind, n: number): number {
  return intBetween(rngFor(seed, 'malformed-offset', kind), 0, MALFORMED_SPACING - 1) + n * MALFORMED_SPACING;
}

/** Malformed entry numbers n whose anchor position lies in [start, end). */
function malformedIn(seed: number, kind: ReportKind, start: number, end: number): number[] {
  const offset = malformedAnchor(seed, kind, 0);
  const first = Math.max(0, Math.ceil((start - offset) / MALFORMED_SPACING));
  const result: number[] = [];
  for (let n = first; offset + n * MALFORMED_SPACING < end; n++) result.push(n);
  return result;
}

function passes(records: KindRecords, index: number, filters: ContentFilters): boolean {
  const sale = records.records[index]?.receivable.sale;
  if (!sale) return false;
  if (filters.acquirers?.length && !filters.acquirers.includes(sale.acquirer)) return false;
  return !(filters.merchants?.length && !filters.merchants.includes(sale.merchant));
}

/** Entries of a report of `kind` for [from, to] (ISO dates), shuffled deterministically. */
export function reportEntries(
  universe: Universe,
  seed: number,
  kind: ReportKind,
  period: { from: string; to: string },
  filters: ContentFilters = {},
): Int32Array {
  const records = universe[kind];
  const [start, end] = dayRange(records, toEpochDay(period.from), toEpochDay(period.to));
  const clean: number[] = [];
  for (let i = start; i < end; i++) if (passes(records, i, filters)) clean.push(i);
  const malformed = malformedIn(seed, kind, start, end).map((n) => -(n + 1));
  const entries = Int32Array.from([...clean, ...malformed]);
  shuffleInPlace(rngFor(seed, 'order', kind, period.from, period.to), entries);
  return entries;
}

/** Counts of what the reports of both kinds for [from, to] contain (no establishment/acquirer filter). */
export function recordCounts(
  universe: Universe,
  seed: number,
  period: { from: string; to: string },
): RecordCounts {
  const byCode: Record<string, number> = {};
  let malformed = 0;
  for (const kind of ['sales', 'financial'] as const) {
    const records = universe[kind];
    const [start, end] = dayRange(records, toEpochDay(period.from), toEpochDay(period.to));
    for (let i = start; i < end; i++) {
      const code = records.records[i]?.code as string;
      byCode[code] = (byCode[code] ?? 0) + 1;
    }
    malformed += malformedIn(seed, kind, start, end).length;
  }
  const clean = Object.values(byCode).reduce((sum, n) => sum + n, 0);
  return { byCode, malformed, total: clean + malformed };
}
