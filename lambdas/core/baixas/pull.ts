/**
 * "What is new since my last pull" (docs/erp-export.md). The lines are kept per night, so a cursor
 * is the last night a pull returned: the next pull with it returns the later nights, each line once.
 * A pull `since` a date hands the nights from that date again, the same lines each time, marked
 * `reexport` so an ERP that keeps the ids can tell them from new ones.
 */
import { z } from 'zod';
import type { IsoDate } from '../calendar';
import type { ExportedLine } from './layout';
import type { BaixasStore } from './store';

/** A cursor is a night (yyyy-MM-dd). */
export const cursorSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a cursor is the night it names, yyyy-MM-dd');

export type PullFrom = { readonly cursor: IsoDate } | { readonly since: IsoDate } | Record<string, never>;

export interface Pull {
  readonly lines: ExportedLine[];
  /** The last night returned, for the next pull (the given cursor when nothing was new; null when nothing ever was). */
  readonly cursor: IsoDate | null;
}

export async function pullLines(
  store: Pick<BaixasStore, 'nightsAfter' | 'linesOf'>,
  from: PullFrom,
): Promise<Pull> {
  const reexport = 'since' in from;
  const all = await store.nightsAfter('cursor' in from ? from.cursor : null);
  const nights = reexport ? all.filter((night) => night >= from.since) : all;
  const lines: ExportedLine[] = [];
  for (const night of nights) {
    for (const line of await store.linesOf(night)) lines.push({ ...line, reexport });
  }
  const cursor = nights.at(-1) ?? ('cursor' in from ? from.cursor : null);
  return { lines, cursor };
}
