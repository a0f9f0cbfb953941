/**
 * The receivable's life beyond forecast and payment (docs/lifecycle.md): cancellations,
 * chargebacks and their reversals, advances and linked adjustments. Each is a contribution like a
 * forecast or a settlement (one identity, counted as often as it occurs in one report), so the same
 * set of records gives the same amounts in any order and after any re-delivery. Amounts are stored
 * in the direction their role fixes (`ingest/records/roles.ts`): magnitudes, an adjustment signed.
 */
import type { IsoDate } from '../calendar';
import type { RecordRole } from '../ingest/records/roles';
import type { Cents } from '../money';
import type { Occurrences } from './occurrences';

/** Roles a receivable holds besides its forecasts and settlements. */
export const EVENT_ROLES = [
  'CANCELLATION',
  'CHARGEBACK',
  'CHARGEBACK_REVERSAL',
  'ADVANCE',
  'ADJUSTMENT',
] as const satisfies readonly RecordRole[];
export type EventRole = (typeof EVENT_ROLES)[number];

export function isEventRole(role: RecordRole): role is EventRole {
  return (EVENT_ROLES as readonly RecordRole[]).includes(role);
}

/** One record of an {@link EventRole} that belongs to a receivable. */
export interface RoleContribution {
  readonly hash: string;
  readonly role: EventRole;
  /** Net centavos in the role's direction: a magnitude, an ADJUSTMENT signed. */
  readonly netCents: Cents;
  /** The advance fee (VLTAXA, a magnitude) of an ADVANCE; null otherwise. */
  readonly feeCents: Cents | null;
  /** The day the money moved (an advance's payment, a chargeback's debit), when the record says it. */
  readonly paymentDate: IsoDate | null;
  readonly movementDate: IsoDate | null;
  readonly occurrences: Occurrences;
  /** The bank account the money moved in or out of, when the record names one (item attribute `a`). */
  readonly bankAccount?: string;
}

/** The lifecycle amounts of a receivable (all integer centavos; 0 without such records). */
export interface LifecycleMoney {
  readonly cancelledNetCents: Cents;
  /** Chargebacks minus their reversals. */
  readonly chargedBackNetCents: Cents;
  /** The reversals alone (the ERP export posts them apart from the chargebacks). */
  readonly reversedNetCents: Cents;
  readonly adjustmentNetCents: Cents;
  readonly advanceFeeCents: Cents;
  /** What advances paid (part of settledNetCents). */
  readonly advancedNetCents: Cents;
  readonly advanceCount: number;
  /** The latest day a chargeback took money back (its payment date, else its movement date). */
  readonly lastChargebackDate: IsoDate | null;
  /** The latest day an advance paid. */
  readonly lastAdvanceDate: IsoDate | null;
}

const NO_EVENTS: readonly RoleContribution[] = [];

export function lifecycleMoney(events: readonly RoleContribution[] = NO_EVENTS): LifecycleMoney {
  const sum = (role: EventRole, amount: (e: RoleContribution) => Cents = (e) => e.netCents) =>
    events.reduce((total, e) => (e.role === role ? total + amount(e) * e.occurrences.copies : total), 0);
  const latest = (role: EventRole) =>
    events.reduce<IsoDate | null>((last, e) => {
      const day = e.paymentDate ?? e.movementDate;
      return e.role === role && day !== null && (last === null || day > last) ? day : last;
    }, null);
  return {
    cancelledNetCents: sum('CANCELLATION'),
    chargedBackNetCents: sum('CHARGEBACK') - sum('CHARGEBACK_REVERSAL'),
    reversedNetCents: sum('CHARGEBACK_REVERSAL'),
    adjustmentNetCents: sum('ADJUSTMENT'),
    advanceFeeCents: sum('ADVANCE', (e) => e.feeCents ?? 0),
    advancedNetCents: sum('ADVANCE'),
    advanceCount: sum('ADVANCE', () => 1),
    lastChargebackDate: latest('CHARGEBACK'),
    lastAdvanceDate: latest('ADVANCE'),
  };
}

/** Whether the receivable holds a record of `role`. */
export function holds(events: readonly RoleContribution[] | undefined, role: EventRole): boolean {
  return events?.some((e) => e.role === role) ?? false;
}
