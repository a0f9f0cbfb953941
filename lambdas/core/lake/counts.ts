/**
 * Ingest counts of a page, a job or a run. Merging is addition (and set union for drift), so the
 * totals are the same whatever order the pages were ingested in.
 */
import { z } from 'zod';

/** Counts an ingestion reports for one page, a job or a whole run; merged by adding. */
export const ingestCountsSchema = z.object({
  /** Raw entries received (records plus malformed entries). */
  received: z.number(),
  byCode: z.record(z.string(), z.number()),
  quarantinedByReason: z.record(z.string(), z.number()),
  /** Source columns the alias map does not know, and expected source fields that never appeared. */
  drift: z.object({
    unknownColumns: z.array(z.string()).readonly(),
    missingFields: z.array(z.string()).readonly(),
  }),
});
export type IngestCounts = z.output<typeof ingestCountsSchema>;

export function emptyIngestCounts(): IngestCounts {
  return {
    received: 0,
    byCode: {},
    quarantinedByReason: {},
    drift: { unknownColumns: [], missingFields: [] },
  };
}

export function mergeIngestCounts(a: IngestCounts, b: IngestCounts): IngestCounts {
  return {
    received: a.received + b.received,
    byCode: addCounts(a.byCode, b.byCode),
    quarantinedByReason: addCounts(a.quarantinedByReason, b.quarantinedByReason),
    drift: {
      unknownColumns: union(a.drift.unknownColumns, b.drift.unknownColumns),
      missingFields: union(a.drift.missingFields, b.drift.missingFields),
    },
  };
}

/** Adds one to `counts[key]` (a page's tally while it is built). */
export function increment(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

function addCounts(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
): Record<string, number> {
  const sum: Record<string, number> = { ...a };
  for (const [key, n] of Object.entries(b)) sum[key] = (sum[key] ?? 0) + n;
  return sum;
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].sort();
}
