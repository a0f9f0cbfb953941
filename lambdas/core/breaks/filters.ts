/**
 * Which breaks a selection takes: `recon breaks list` and the web inbox show what it selects, and a
 * decision taken on a selection (every small difference of an acquirer, say) is taken on each break
 * it selects, one audit event each. One definition, so the terminal and the page never disagree.
 */
import { ACTION_STATUSES, BREAK_STATUSES } from './kinds';
import type { BreakView } from './status';

export interface BreakFilters {
  readonly kind?: string;
  readonly status?: string;
  readonly all?: boolean;
  readonly acquirer?: string;
  readonly merchant?: string;
  readonly minAge?: number;
  readonly maxAge?: number;
  readonly minAmount?: number;
  readonly maxAmount?: number;
}

/** Whether a selection was asked for (any filter given). */
export function hasFilters(o: BreakFilters): boolean {
  return [o.kind, o.status, o.all, o.acquirer, o.merchant, o.minAge, o.maxAge, o.minAmount, o.maxAmount].some(
    (value) => value !== undefined,
  );
}

/** Without a status or `all`, the morning's list (new, reopened, persisting). */
export function matches(b: BreakView, o: BreakFilters): boolean {
  const statuses = o.status ? [o.status] : o.all ? BREAK_STATUSES : ACTION_STATUSES;
  return (
    statuses.includes(b.status) &&
    (o.kind === undefined || b.kind === o.kind) &&
    (o.acquirer === undefined || b.subject.acquirer === o.acquirer) &&
    (o.merchant === undefined || b.subject.merchant === o.merchant) &&
    (o.minAge === undefined || (b.ageDays ?? 0) >= o.minAge) &&
    (o.maxAge === undefined || (b.ageDays ?? 0) <= o.maxAge) &&
    (o.minAmount === undefined || b.stakeCents >= o.minAmount) &&
    (o.maxAmount === undefined || b.stakeCents <= o.maxAmount)
  );
}
