/**
 * The nightly aging sweep: OPEN receivables whose due date + grace has passed become OVERDUE. It
 * touches only those: the book totals keep, per due date, how many receivables are stored OPEN
 * (cell `o:<date>`, see totals/cells.ts), so the sweep knows which dates still have any past grace,
 * and queries just those dates' partitions of the byWork index (`OPEN#<date>`, see TABLE.workIndex).
 * The work is the receivables that fall due that night (plus any a failed night left), never the
 * book. Each change is one version-checked write; when a settlement landed in between, the re-read
 * item is re-derived (and is no longer OPEN), so the sweep never overwrites a payment. Conversely a
 * settlement arriving after the sweep re-derives the status on its own write, so it ends SETTLED (or
 * UNDER/OVERPAID). The index is eventually consistent: an item written OPEN moments before may be
 * missed; its date keeps its `o:` count and the next sweep takes it.
 */
import type { IsoDate } from '../calendar';
import { mapWithConcurrency } from '../concurrency';
import { openDatesPastGrace } from '../totals/book';
import { inTotalsBatch } from '../totals/recorder';
import { trustedTotals } from '../totals/recount';
import { buildTotalsStore } from '../totals/store';
import { openDuePartition } from './item';
import { workPages } from './queries';
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
  /** Conditional writes in flight at once per due date. @default 16 */
  readonly concurrency?: number;
  /** Due dates swept in parallel. @default 4 */
  readonly dateConcurrency?: number;
}

export function buildAging(deps: AgingDeps): Aging {
  const writer = buildReceivableWriter(deps);
  const { config } = deps;
  const totals = { ...deps, totals: buildTotalsStore(deps) };
  return {
    async ageReceivables(asOf) {
      let becameOverdue = 0;
      let writes = 0;
      let conflicts = 0;
      const { cells } = await trustedTotals(totals, asOf);
      const dates = openDatesPastGrace(cells, asOf, config.graceDays);
      await inTotalsBatch(totals, (observer) =>
        mapWithConcurrency(dates, deps.dateConcurrency ?? 4, async (dueDate) => {
          for await (const page of workPages(deps, openDuePartition(dueDate))) {
            await mapWithConcurrency(page, deps.concurrency ?? 16, async (seen) => {
              const decide = (current: typeof seen | undefined) =>
                current?.status === 'OPEN' && explain(current, asOf, config).status === 'OVERDUE'
                  ? current
                  : undefined;
              const outcome = await writer.update(seen.key, seen, asOf, decide, observer);
              if (outcome.written) becameOverdue += 1;
              writes += outcome.writes;
              conflicts += outcome.conflicts;
            });
          }
        }),
      );
      return { becameOverdue, writes, conflicts };
    },
  };
}
