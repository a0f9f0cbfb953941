/**
 * A manual match as receivable content (docs/breaks.md, "Manual match"): the unexpected payment's
 * receivable keeps its own records and says which receivable it was merged into (MERGED, counted
 * nowhere); the forecast's receivable holds a copy of its settlements, each marked with the key it
 * came from, and derives its state from them. Pure: every function returns the very same object
 * when nothing changes, so a writer's decide function writes nothing on a repeat.
 */
import { canonicalJson } from '../json';
import { byHash, type ReceivableContent, type Settlement } from './matcher';

/** The unexpected payment's receivable merged into `target`. */
export function mergedContent(current: ReceivableContent, target: string): ReceivableContent {
  return current.mergedInto === target ? current : { ...current, mergedInto: target };
}

/** The receivable back on its own: its status is derived from its records again. */
export function unmergedContent(current: ReceivableContent): ReceivableContent {
  if (current.mergedInto === undefined) return current;
  const { mergedInto: _, ...own } = current;
  return own;
}

/**
 * The target's content holding exactly `source`'s settlements as moved from it: what the source
 * gained since (a re-delivered report, a backfill) follows, and nothing is added twice.
 */
export function withMovedFrom(target: ReceivableContent, source: ReceivableContent): ReceivableContent {
  const moved: Settlement[] = source.settlements.map(({ origin: _, ...s }) => ({ ...s, origin: source.key }));
  const kept = target.settlements.filter((s) => s.origin !== source.key);
  const next = [...kept, ...moved].sort(byHash);
  return sameSettlements(target.settlements, next) ? target : { ...target, settlements: next };
}

/** The target's content without what was moved from `sourceKey`. */
export function withoutMovedFrom(target: ReceivableContent, sourceKey: string): ReceivableContent {
  const kept = target.settlements.filter((s) => s.origin !== sourceKey);
  return kept.length === target.settlements.length ? target : { ...target, settlements: kept };
}

/** The keys whose payments were matched to this receivable by hand. */
export function matchedFrom(content: Pick<ReceivableContent, 'settlements'>): string[] {
  return [...new Set(content.settlements.flatMap((s) => (s.origin === undefined ? [] : [s.origin])))].sort();
}

function sameSettlements(a: readonly Settlement[], b: readonly Settlement[]): boolean {
  return a.length === b.length && canonicalJson(a) === canonicalJson(b);
}
