/**
 * Ingest counts of a page, a job or a run. Merging is addition (and set union for drift), so the
 * totals are the same whatever order the pages were ingested in.
 */
import { z } from 'zod';

/** One group of "registros sem papel configurado" (ingest/records/unclassified.ts): a count, never the records. */
const unclassifiedGroupSchema = z.object({
  code: z.string(),
  column: z.string().optional(),
  value: z.string().optional(),
  why: z.enum(['NO_ROLE', 'NO_RULE_FOR_VALUE', 'UNKNOWN_SIGN']),
  count: z.number(),
  setting: z.string(),
});

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
  /** Records no role classifies, grouped (absent when there are none, as in counts made before roles). */
  unclassified: z.array(unclassifiedGroupSchema).readonly().optional(),
  /** Acquirers the records named: where the summary looks for the period's account-level items. */
  acquirers: z.array(z.string()).readonly().optional(),
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
    ...optional('unclassified', mergeUnclassified(a.unclassified ?? [], b.unclassified ?? [])),
    ...optional('acquirers', union(a.acquirers ?? [], b.acquirers ?? [])),
  };
}

/** `{ [key]: list }`, or nothing for an empty list (counts without them stay as they were). */
function optional<K extends string, T>(key: K, list: readonly T[]): { [k in K]?: readonly T[] } {
  return list.length === 0 ? {} : ({ [key]: list } as { [k in K]: readonly T[] });
}

export type UnclassifiedCount = z.output<typeof unclassifiedGroupSchema>;

const groupId = (g: UnclassifiedCount) => `${g.code}|${g.why}|${g.value ?? ''}`;

/** Groups of both, counts of the same group added; largest first, then by code and value. */
export function mergeUnclassified<G extends UnclassifiedCount>(a: readonly G[], b: readonly G[]): G[] {
  const groups = new Map<string, G>();
  for (const g of [...a, ...b]) {
    const id = groupId(g);
    const seen = groups.get(id);
    groups.set(id, seen ? { ...seen, count: seen.count + g.count } : g);
  }
  return [...groups.values()].sort(
    (x, y) =>
      y.count - x.count || x.code.localeCompare(y.code) || (x.value ?? '').localeCompare(y.value ?? ''),
  );
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
