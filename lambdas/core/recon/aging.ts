/**
 * The nightly aging sweep: OPEN receivables whose due date + grace has passed become OVERDUE. OPEN is
 * not in the byStatus index (see INDEXED_STATUSES: indexing it would cost an index write per forecast
 * and per settlement), so the sweep is a parallel Scan filtered to OPEN receivables below the cut-off.
 * A Scan is billed by the bytes it reads, 0.5 read unit per 4 KB: about US$ 0.01 per million stored
 * receivables a night, less than the index writes it replaces cost per night's records. Each change
 * is one version-checked write; when a settlement landed in between, the re-read item is re-derived (and
 * is no longer OPEN), so the sweep never overwrites a payment. Conversely a settlement arriving
 * after the sweep re-derives the status on its own write, so it ends SETTLED (or UNDER/OVERPAID).
 */
import { addDays, type IsoDate } from '../calendar';
import { forEachLimited } from './limit';
import { scanPages } from './queries';
import { explain } from './status';
import { buildReceivableWriter, type WriterDeps } from './writer';

export interface AgingResult {
  readonly becameOverdue: number;
  /** PutItem requests sent (rejected ones included). */
  readonly writes: number;
  readonly conflicts: number;
}

export interface Aging {
  ageReceivables(asOf: IsoDate): Promise<AgingResult>;
}

export interface AgingDeps extends WriterDeps {
  /** Conditional writes in flight at once per Scan segment. @default 16 */
  readonly concurrency?: number;
  /** Scan segments read in parallel. @default 4 */
  readonly scanSegments?: number;
}

export function buildAging(deps: AgingDeps): Aging {
  const writer = buildReceivableWriter(deps);
  const { config } = deps;
  return {
    async ageReceivables(asOf) {
      let becameOverdue = 0;
      let writes = 0;
      let conflicts = 0;
      const openDueBefore = addDays(asOf, -config.graceDays);
      const totalSegments = deps.scanSegments ?? 4;
      const segments = Array.from({ length: totalSegments }, (_, segment) => segment);
      await forEachLimited(segments, totalSegments, async (segment) => {
        for await (const page of scanPages(deps, { segment, totalSegments, openDueBefore })) {
          await forEachLimited(page, deps.concurrency ?? 16, async (seen) => {
            const outcome = await writer.update(seen.key, seen, asOf, (current) =>
              current?.status === 'OPEN' && explain(current, asOf, config).status === 'OVERDUE'
                ? current
                : undefined,
            );
            if (outcome.written) becameOverdue += 1;
            writes += outcome.writes;
            conflicts += outcome.conflicts;
          });
        }
      });
      return { becameOverdue, writes, conflicts };
    },
  };
}
