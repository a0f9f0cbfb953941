/**
 * The nightly aging sweep: OPEN receivables whose due date + grace has passed become OVERDUE. It
 * touches only those: the book totals keep, per due date, how many receivables are stored OPEN
 * (cell `o:<date>`, see book/cells.ts), so the sweep knows which dates still have any past grace,
 * and reads just those dates' due lists (due-lists.ts), gathered first from the nights logged since
 * the last sweep. The work is the receivables that fall due that night (plus any a failed night
 * left), never the book. Each change is one version-checked write; when a settlement landed in
 * between, the re-read item is re-derived (and is no longer OPEN), so the sweep never overwrites a
 * payment. Conversely a settlement arriving after the sweep re-derives the status on its own write,
 * so it ends SETTLED (or UNDER/OVERPAID).
 * The aged receivables are logged in the touched log like a batch's, so the night's change export
 * and its kept action list (action-list/store.ts) see them.
 *
 * A date whose OPEN count the lists do not account for (receivables stored before the lists existed,
 * or a night whose log was lost) keeps its count: the sweep reports them as `unlisted` and logs the
 * dates, and the book totals (which derive OVERDUE from due dates when read) stay exact regardless.
 */

import { openDatesPastGrace } from '../book/book';
import { buildTotalsStore } from '../book/book-store';
import { cell } from '../book/cells';
import { inTotalsBatch } from '../book/recorder';
import { trustedTotals } from '../book/recount';
import type { IsoDate } from '../calendar';
import { mapWithConcurrency } from '../concurrency';
import { readReceivables } from '../receivable-store/batch-read';
import type { TouchedLog } from '../receivable-store/touched';
import { buildReceivableWriter, type WriterDeps } from '../receivable-store/writer';
import type { Receivable } from '../receivables/item';
import { explain } from '../receivables/status';
import type { DueLists } from './due-lists';

export interface AgingResult {
  readonly becameOverdue: number;
  /** PutItem requests sent (rejected ones included). */
  readonly writes: number;
  readonly conflicts: number;
  /** Receivables stored OPEN past grace that no due list names (see above); 0 normally. */
  readonly unlisted: number;
}

export interface Aging {
  ageReceivables(asOf: IsoDate): Promise<AgingResult>;
}

export interface AgingDeps extends WriterDeps {
  readonly dueLists: DueLists;
  /** Where the night's changed receivables are logged: the aged ones join the night's batches. */
  readonly touched: Pick<TouchedLog, 'record'>;
  /** Told the due dates whose OPEN receivables the lists do not all name. */
  readonly warn?: (message: string, details: Record<string, unknown>) => void;
  /** Conditional writes in flight at once per due date. @default 16 */
  readonly concurrency?: number;
  /** Due dates swept in parallel. @default 4 */
  readonly dateConcurrency?: number;
}

/** Keys read back per round: bounds the memory of a due date with many receivables. */
const READ_CHUNK = 1_000;

export function buildAging(deps: AgingDeps): Aging {
  const writer = buildReceivableWriter(deps);
  const { config, dueLists } = deps;
  const totals = { ...deps, totals: buildTotalsStore(deps) };
  return {
    async ageReceivables(asOf) {
      let becameOverdue = 0;
      let writes = 0;
      let conflicts = 0;
      const unlistedByDate: Record<IsoDate, number> = {};
      await dueLists.gather(asOf, config.graceDays);
      const { cells } = await trustedTotals(totals, asOf);
      const dates = openDatesPastGrace(cells, asOf, config.graceDays);
      await inTotalsBatch(totals, (observer) =>
        mapWithConcurrency(dates, deps.dateConcurrency ?? 4, async (dueDate) => {
          const keys = [...(await dueLists.keysDue(dueDate))].sort();
          let storedOpen = 0;
          for (let i = 0; i < keys.length; i += READ_CHUNK) {
            const seen = await readReceivables(deps, keys.slice(i, i + READ_CHUNK));
            // Logged as the night's batches log theirs, an earlier sweep's too: its log may have been lost.
            const overdue: Receivable[] = [];
            await mapWithConcurrency([...seen.values()], deps.concurrency ?? 16, async (receivable) => {
              if (receivable.status === 'OPEN' && receivable.dueDate === dueDate) storedOpen += 1;
              const decide = (current: typeof receivable | undefined) =>
                current?.status === 'OPEN' && explain(current, asOf, config).status === 'OVERDUE'
                  ? current
                  : undefined;
              const outcome = await writer.update(receivable.key, receivable, asOf, decide, observer);
              if (outcome.written) becameOverdue += 1;
              if (outcome.receivable?.status === 'OVERDUE') overdue.push(outcome.receivable);
              writes += outcome.writes;
              conflicts += outcome.conflicts;
            });
            await deps.touched.record(asOf, overdue);
          }
          const missing = (cells[cell('o', dueDate)] ?? 0) - storedOpen;
          if (missing > 0) unlistedByDate[dueDate] = missing;
        }),
      );
      const unlisted = Object.values(unlistedByDate).reduce((sum, n) => sum + n, 0);
      if (unlisted > 0) {
        deps.warn?.('receivables stored OPEN past grace are in no due list; left OPEN', {
          byDueDate: unlistedByDate,
        });
      }
      return { becameOverdue, writes, conflicts, unlisted };
    },
  };
}
