/**
 * A contribution (forecast, settlement or lifecycle record) as one entry of a receivable item's maps:
 * one-letter attribute names, because each started KB of an item is one write unit (see item.ts).
 */
import { withAccount } from '../deposits/bank/record-account';
import { EVENT_ROLES, type EventRole, type RoleContribution } from './lifecycle';
import { byHash, type Forecast, type Settlement } from './matcher';
import { type Occurrences, reportOf } from './occurrences';
import type { ParsedReceivableItem, StoredContribution } from './receivable-entity';

/** The item attribute of each event role's map (one letter: item size is write units). */
export const EVENT_ATTRIBUTES = {
  CANCELLATION: 'x',
  CHARGEBACK: 'k',
  CHARGEBACK_REVERSAL: 'r',
  ADVANCE: 'v',
  ADJUSTMENT: 'j',
} as const satisfies Record<EventRole, string>;

export function eventEntry(event: RoleContribution): [string, StoredContribution] {
  return [
    event.hash,
    {
      ...contribution(event),
      ...(event.feeCents === null ? {} : { t: event.feeCents }),
      ...(event.paymentDate === null ? {} : { p: event.paymentDate }),
    },
  ];
}

export function eventsOf(item: ParsedReceivableItem): RoleContribution[] {
  return EVENT_ROLES.flatMap((role) =>
    Object.entries(item[EVENT_ATTRIBUTES[role]] ?? {}).map(([hash, stored]) => ({
      hash,
      role,
      netCents: Number(stored.n),
      feeCents: stored.t === undefined ? null : Number(stored.t),
      paymentDate: stored.p ?? null,
      movementDate: stored.m ?? null,
      occurrences: occurrencesOf(stored),
      ...withAccount(stored.a),
    })),
  ).sort(byHash);
}

export function contribution(c: Forecast | Settlement | RoleContribution): StoredContribution {
  const { netCents, movementDate, occurrences } = c;
  const { copies, pages, edges, seam, firstReport } = occurrences;
  return {
    n: netCents,
    ...(movementDate === null ? {} : { m: movementDate }),
    ...(copies > 1 ? { c: copies } : {}),
    ...(Object.keys(pages).length > 0 ? { o: pages } : {}),
    ...(Object.keys(edges).length > 0 ? { e: edges } : {}),
    ...(seam ? { sd: true } : {}),
    // Usually the earliest report in the page counts already says it (no bytes spent); not once pruned.
    ...(firstReport === earliestReport(Object.keys(pages)) ? {} : { g: firstReport }),
    // Only settlements and events carry one; absent when the record names no bank account.
    ...('bankAccount' in c && c.bankAccount !== undefined ? { a: c.bankAccount } : {}),
  };
}

export function occurrencesOf(stored: StoredContribution): Occurrences {
  const pages = Object.fromEntries(
    Object.entries(stored.o ?? {}).map(([key, count]) => [key, Number(count)]),
  );
  return {
    copies: Number(stored.c ?? 1),
    pages,
    edges: { ...(stored.e ?? {}) },
    seam: stored.sd === true,
    // Items written before the first report was kept: the earliest report still in the page counts.
    firstReport: stored.g ?? earliestReport(Object.keys(pages)),
  };
}

function earliestReport(pageKeys: readonly string[]): string {
  return (
    pageKeys
      .map(reportOf)
      .reduce<string | undefined>((min, r) => (min === undefined || r < min ? r : min), undefined) ?? ''
  );
}
