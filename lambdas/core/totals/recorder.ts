/**
 * Collects one batch's receivable writes into a single delta of the totals: the batch registers
 * itself before its first write and adds the summed delta once at the end (also when it fails
 * part-way, so the writes that did land are counted). A batch that writes nothing costs nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Receivable } from '../recon/item';
import { addCells, type CellsConfig, deltaOf } from './cells';
import type { TotalsStore } from './store';

/** What a receivable writer tells the totals about each write (see recon/writer.ts). */
export interface WriteObserver {
  /** Before a conditional put is sent. */
  beforeWrite(): Promise<void>;
  /** After a put succeeded: the item as it was (undefined when new) and as written. */
  written(before: Receivable | undefined, after: Receivable): void;
}

export interface TotalsBatch extends WriteObserver {
  /** Adds the batch's delta to the totals; a no-op when nothing was written. */
  flush(): Promise<void>;
}

export interface TotalsRecorderDeps {
  readonly totals: TotalsStore;
  readonly config: CellsConfig;
}

export function startTotalsBatch({ totals, config }: TotalsRecorderDeps): TotalsBatch {
  const attempt = randomUUID();
  const delta: Record<string, number> = {};
  let begun: Promise<void> | undefined;
  return {
    beforeWrite() {
      begun ??= totals.begin(attempt);
      return begun;
    },
    written(before, after) {
      addCells(delta, deltaOf(before, after, config));
    },
    async flush() {
      if (begun === undefined) return;
      await begun;
      await totals.apply(attempt, delta);
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
