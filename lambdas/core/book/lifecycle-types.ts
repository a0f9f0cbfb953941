import type { Cents } from '../money';

/** Sums over every receivable of the book (kept as totals cells, see book/cells.ts). */
export interface LifecycleTotals {
  /** Σ cancellations, full and partial. */
  readonly cancelledNetCents: Cents;
  /** Σ chargebacks net of reversals. */
  readonly chargedBackNetCents: Cents;
  /** Σ advance fees (a cost of their own, not a short payment). */
  readonly advanceFeeCents: Cents;
}

export const NO_LIFECYCLE: LifecycleTotals = {
  cancelledNetCents: 0,
  chargedBackNetCents: 0,
  advanceFeeCents: 0,
};

/** "Registros sem papel configurado", one group per code (and rule value), as the ingest counts carry them. */
export type { UnclassifiedCount as UnclassifiedLine } from '../ingest/lake/counts';
