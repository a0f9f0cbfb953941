/**
 * Collects one batch's receivable writes into a single delta of the totals: the batch registers
 * itself before its first write and adds the summed delta once at the end (also when it fails
 * part-way, so the writes that did land are counted). A batch that writes nothing costs nothing.
 * A batch one of whose writes is in doubt (it may have landed unseen) adds no delta and marks itself
 * abandoned, so the next reader recounts instead of trusting a delta that may miss that write; and a
 * batch stops writing once its write budget is spent, so a reader can tell it dead (attempts.ts).
 */
import type { Receivable } from '../receivables/item';
import { newAttemptId, WRITE_BUDGET_MS } from './attempts';
import type { TotalsStore } from './book-store';
import { addCells, type CellsConfig, deltaOf } from './cells';

/** What a receivable writer tells the totals about each write (see receivable-store/writer.ts). */
export interface WriteObserver {
  /** Before a conditional put is sent; rejects once the batch may no longer write. */
  beforeWrite(): Promise<void>;
  /** After a put landed: the item as it was (undefined when new) and as written. */
  written(before: Receivable | undefined, after: Receivable): void;
  /** A put whose fate is unknown: it may have landed without the writer being able to tell. */
  inDoubt(): void;
}

export interface TotalsBatch extends WriteObserver {
  /** Adds the batch's delta to the totals (or gives it up when in doubt); a no-op when nothing was written. */
  flush(): Promise<void>;
}

export interface TotalsRecorderDeps {
  readonly totals: TotalsStore;
  readonly config: CellsConfig;
  /** The clock of the batch's start time and write budget. */
  readonly now: () => Date;
}

export function startTotalsBatch({ totals, config, now }: TotalsRecorderDeps): TotalsBatch {
  const start = now();
  const attempt = newAttemptId(start);
  const delta: Record<string, number> = {};
  let begun: Promise<void> | undefined;
  let doubt = false;
  return {
    beforeWrite() {
      if (now().getTime() - start.getTime() >= WRITE_BUDGET_MS) {
        return Promise.reject(new Error(`totals batch ${attempt}: write budget spent, no more writes`));
      }
      begun ??= totals.begin(attempt);
      return begun;
    },
    written(before, after) {
      addCells(delta, deltaOf(before, after, config));
    },
    inDoubt() {
      doubt = true;
    },
    async flush() {
      if (begun === undefined) return;
      await begun;
      await (doubt ? totals.abandon(attempt) : totals.apply(attempt, delta));
    },
  };
}

/** Runs `work` as one batch: flushes its delta whether `work` succeeds or throws. */
export async function inTotalsBatch<T>(
  deps: TotalsRecorderDeps,
  work: (batch: WriteObserver) => Promise<T>,
): Promise<T> {
  const batch = startTotalsBatch(deps);
  try {
    return await work(batch);
  } finally {
    await batch.flush();
  }
}
