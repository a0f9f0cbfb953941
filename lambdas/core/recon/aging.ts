/**
 * The nightly aging sweep: OPEN receivables whose due date + grace has passed become OVERDUE. Only
 * the OPEN partition of the byStatus index, below the cut-off date, is read. Each change is one
 * version-checked write; when a settlement landed in between, the re-read item is re-derived (and
 * is no longer OPEN), so the sweep never overwrites a payment. Conversely a settlement arriving
 * after the sweep re-derives the status on its own write, so it ends SETTLED (or UNDER/OVERPAID).
 */
import { addDays, type IsoDate } from '../calendar';
import { forEachLimited } from './limit';
import { pagesByStatus } from './queries';
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
  /** Conditional writes in flight at once. @default 16 */
  readonly concurrency?: number;
}

export function buildAging(deps: AgingDeps): Aging {
  const writer = buildReceivableWriter(deps);
  const { config } = deps;
  return {
    async ageReceivables(asOf) {
      let becameOverdue = 0;
      let writes = 0;
      let conflicts = 0;
      const dueBefore = addDays(asOf, -config.graceDays);
      for await (const page of pagesByStatus(deps, 'OPEN', { dueBefore })) {
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
      return { becameOverdue, writes, conflicts };
    },
  };
}
