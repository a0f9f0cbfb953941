/**
 * The filters of `recon breaks`: `list` shows what they select, and a decision taken on a selection
 * (every small difference of an acquirer, say) is taken on each break they select, one audit event each.
 */
import { type Command, Option } from 'commander';
import { ACTION_STATUSES, BREAK_KINDS, BREAK_STATUSES } from '../../lambdas/core/breaks/kinds';
import type { BreakView } from '../../lambdas/core/breaks/status';
import { parseAmountCents, parseInteger } from '../options';

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

export function withFilters(command: Command): Command {
  return command
    .addOption(new Option('--kind <kind>', 'only this kind').choices(BREAK_KINDS))
    .addOption(new Option('--status <status>', 'only this status').choices(BREAK_STATUSES))
    .option('--all', 'every status, accepted and resolved included')
    .option('--acquirer <acquirer>', 'only this acquirer')
    .option('--merchant <merchant>', 'only this merchant')
    .option('--min-age <days>', 'first seen at least this many days ago', parseInteger)
    .option('--max-age <days>', 'first seen at most this many days ago', parseInteger)
    .option('--min-amount <reais>', 'money at stake of at least (e.g. 10,50)', parseAmountCents)
    .option('--max-amount <reais>', 'money at stake of at most', parseAmountCents);
}

/** Whether a selection was asked for (any filter given). */
export function hasFilters(o: BreakFilters): boolean {
  return [o.kind, o.status, o.all, o.acquirer, o.merchant, o.minAge, o.maxAge, o.minAmount, o.maxAmount].some(
    (value) => value !== undefined,
  );
}

/** Without --status or --all, the morning's list (new, reopened, persisting). */
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
