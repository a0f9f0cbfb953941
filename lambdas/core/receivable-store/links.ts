/**
 * The receivables' side of a manual match (docs/breaks.md, "Manual match"): every write goes through
 * the receivable writer with the book totals' observer, so the totals move by the exact deltas of
 * the two items, and through the touched log, so the nightly export and action list see them.
 *
 * Linking writes the unexpected payment's receivable first (MERGED: it keeps its records, so nothing
 * is lost), then the forecast's (it holds a copy of those settlements). Unlinking goes the other way:
 * the forecast's first, then the payment's back on its own. A process that stops between the two
 * leaves the source saying where it went; the decision's pending mark (breaks/manual-match.ts) has
 * the next reader finish the work, and every step is a no-op when already done.
 */

import { buildTotalsStore } from '../book/book-store';
import type { WriteObserver } from '../book/recorder';
import { inTotalsBatch } from '../book/recorder';
import type { IsoDate } from '../calendar';
import type { Receivable } from '../receivables/item';
import { mergedContent, unmergedContent, withMovedFrom, withoutMovedFrom } from '../receivables/manual-match';
import type { ReceivableContent } from '../receivables/matcher';
import type { TouchedLog } from './touched';
import { buildReceivableWriter, type ReceivableWriter, type WriterDeps } from './writer';

export interface LinksDeps extends WriterDeps {
  /** Business date the written statuses are derived for and the touched log files them under. */
  readonly asOf: () => IsoDate;
  readonly touched?: Pick<TouchedLog, 'record'>;
}

export interface ReceivableLinks {
  read(key: string): Promise<Receivable | undefined>;
  /** Merges `source` into `target` (both must exist); a no-op when already done. Returns both as written. */
  link(source: string, target: string): Promise<Receivable[]>;
  /** Takes back whatever match `source` is merged by; a no-op when it is on its own. */
  unlink(source: string): Promise<Receivable[]>;
}

/** What `update` writes: the content, or nothing when it is the very same. */
const changed = (current: Receivable, next: ReceivableContent) => (next === current ? undefined : next);

/**
 * Brings `target` to hold exactly `source`'s settlements: after a link, and whenever the merged
 * source gains records (apply-records.ts), so re-ingestion and backfills follow the match.
 */
export async function followMerged(
  writer: ReceivableWriter,
  source: Receivable,
  asOf: IsoDate,
  observer: WriteObserver,
): Promise<Receivable | undefined> {
  const target = source.mergedInto;
  if (target === undefined) return undefined;
  const decide = (current: Receivable | undefined) =>
    current === undefined ? undefined : changed(current, withMovedFrom(current, source));
  return (await writer.update(target, await writer.read(target), asOf, decide, observer)).receivable;
}

export function buildReceivableLinks(deps: LinksDeps): ReceivableLinks {
  const writer = buildReceivableWriter(deps);
  const totals = { totals: buildTotalsStore(deps), config: deps.config, now: deps.now };

  async function written(asOf: IsoDate, items: readonly (Receivable | undefined)[]): Promise<Receivable[]> {
    const present = items.filter((r): r is Receivable => r !== undefined);
    await deps.touched?.record(asOf, present);
    return present;
  }

  return {
    read: (key) => writer.read(key),

    async link(source, target) {
      const asOf = deps.asOf();
      const items = await inTotalsBatch(totals, async (observer) => {
        const decide = (current: Receivable | undefined) =>
          current === undefined ? undefined : changed(current, mergedContent(current, target));
        const merged = await writer.update(source, await writer.read(source), asOf, decide, observer);
        if (merged.receivable === undefined) throw new Error(`receivable ${source} is not in the table`);
        return [merged.receivable, await followMerged(writer, merged.receivable, asOf, observer)];
      });
      return written(asOf, items);
    },

    async unlink(source) {
      const asOf = deps.asOf();
      const from = await writer.read(source);
      const target = from?.mergedInto;
      if (from === undefined || target === undefined) return [];
      const items = await inTotalsBatch(totals, async (observer) => {
        const release = (current: Receivable | undefined) =>
          current === undefined ? undefined : changed(current, withoutMovedFrom(current, source));
        const into = await writer.update(target, await writer.read(target), asOf, release, observer);
        const restore = (current: Receivable | undefined) =>
          current === undefined ? undefined : changed(current, unmergedContent(current));
        return [(await writer.update(source, from, asOf, restore, observer)).receivable, into.receivable];
      });
      return written(asOf, items);
    },
  };
}
