/**
 * The lines of the ERP export (docs/erp-export.md): what a night changed of a receivable's postable
 * amounts, never an edit in place. A component that moves from an amount already posted gets a
 * REVERSAL line of that amount and a NEW line of the new one, so an ERP that imported the first can
 * follow; a component posted for the first time gets a NEW line only. The id is derived from the
 * receivable, component, night and kind alone: a re-run of the night gives the same ids.
 */
import { createHash } from 'node:crypto';
import type { BreakKind } from '../breaks/kinds';
import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import type { DepositStatus } from '../deposits/types';
import type { Cents } from '../money';
import { fieldsOf, type Receivable } from '../receivables/item';
import { matchedFrom } from '../receivables/manual-match';
import type { ReceivableFields } from '../receivables/matcher';
import {
  baselineOf,
  COMPONENT_NAMES,
  POSTABLE_COMPONENTS,
  type PostableComponent,
  postableOf,
} from '../receivables/postable';
import { explain, type ReasonCode, type ReconStatus } from '../receivables/status';

type StatusConfig = Pick<ReconConfig, 'tolerance' | 'graceDays'>;

export const LINE_KINDS = ['NEW', 'REVERSAL'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/**
 * A receivable's components, a deposit the bank confirmed (deposit-lines.ts), a break a person
 * accepted, written off (write-offs.ts), and an account's fees and adjustments (account-lines.ts).
 */
export type LineComponent =
  | (typeof COMPONENT_NAMES)[PostableComponent]
  | 'DEPOSIT'
  | 'WRITE_OFF'
  | 'ACCOUNT_FEE'
  | 'ACCOUNT_ADJUSTMENT';

/**
 * One posting: a signed amount (a REVERSAL's is the posted amount's opposite) and what it is of: a
 * receivable (`receivableKey`), a deposit (`depositKey`, its account in `bankAccount`) or an accepted
 * break (`breakId`, and the receivable or deposit it is about).
 */
export interface BaixaLine extends ReceivableFields {
  readonly id: string;
  readonly night: IsoDate;
  readonly kind: LineKind;
  readonly component: LineComponent;
  readonly amountCents: Cents;
  readonly receivableKey: string | null;
  readonly depositKey: string | null;
  readonly bankAccount: string | null;
  /** The latest day a payment or an advance paid the receivable; a deposit's, the bank's credit date. */
  readonly paymentDate: IsoDate | null;
  /** As the night left it; null on the reversal of a deposit the night has no result of. */
  readonly status: ReconStatus | DepositStatus | null;
  /** A receivable's reason code; a write-off's, the reason it was accepted with. */
  readonly reason: ReasonCode | string | null;
  readonly breakId: string | null;
  readonly breakKind: BreakKind | null;
  /**
   * A manual match's other side: on the forecast's lines the receivables whose payments were matched
   * to it (keys joined by a space), on the merged payment's the forecast's; null without a match.
   */
  readonly matchedWith: string | null;
}

/** The stable id of a line: what it is of (a receivable's key, a deposit's), component, night, kind. */
export function lineId(subjectKey: string, component: LineComponent, night: IsoDate, kind: LineKind): string {
  return createHash('sha256')
    .update(`${subjectKey}\u0000${component}\u0000${night}\u0000${kind}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * What an amount's move from `old` (posted) to `now` posts: nothing when equal; else the reversal of
 * the posted amount (if any) and the new amount (if any), never an edit in place.
 */
export function movementLines(
  old: Cents,
  now: Cents,
  line: (kind: LineKind, amountCents: Cents) => BaixaLine,
): BaixaLine[] {
  if (old === now) return [];
  return [...(old === 0 ? [] : [line('REVERSAL', -old)]), ...(now === 0 ? [] : [line('NEW', now)])];
}

/** The lines of `night` for a receivable as the night left it (none when the night posted nothing). */
export function linesOf(receivable: Receivable, night: IsoDate, config: StatusConfig): BaixaLine[] {
  const before = baselineOf(receivable, night);
  if (before === undefined) return [];
  const after = postableOf(receivable);
  const describe = {
    receivableKey: receivable.key,
    depositKey: null,
    bankAccount: null,
    breakId: null,
    breakKind: null,
    matchedWith: receivable.mergedInto ?? (matchedFrom(receivable).join(' ') || null),
    ...fieldsOf(receivable),
    paymentDate: explain(receivable, night, config).lastPaymentDate,
    status: receivable.status,
    reason: receivable.reason,
  };
  const line = (component: LineComponent, kind: LineKind, amountCents: Cents): BaixaLine => ({
    id: lineId(receivable.key, component, night, kind),
    night,
    kind,
    component,
    amountCents,
    ...describe,
  });
  return POSTABLE_COMPONENTS.flatMap((c) =>
    movementLines(before[c] ?? 0, after[c] ?? 0, (kind, cents) => line(COMPONENT_NAMES[c], kind, cents)),
  );
}
