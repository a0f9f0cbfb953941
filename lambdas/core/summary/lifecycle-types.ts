/**
 * The summary's lifecycle parts (docs/lifecycle.md): money the book's cancellations,
 * chargebacks and advances moved, the period's account-level fees and debits, and the records no
 * role classifies. Types only, so types.ts and the modules that compute these share it.
 */
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';

/** Sums over every receivable of the book (kept as totals cells, see totals/cells.ts). */
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

/** One acquirer's account-level items in the run's period. */
export interface AcquirerFees {
  readonly acquirer: string;
  /** Fees (rent, service fees): debits, positive. */
  readonly feeCents: Cents;
  /** Unlinked adjustments, signed (negative = a debit). */
  readonly adjustmentNetCents: Cents;
  /** Records counted (twins count twice). */
  readonly count: number;
}

/** One account-level record (its copies together), as the report names it. */
export interface FeeItem {
  readonly acquirer: string;
  readonly merchant: string;
  readonly date: IsoDate | '';
  readonly role: 'FEE' | 'ADJUSTMENT';
  /** A fee's debit (positive) or an adjustment's signed amount, times its copies. */
  readonly amountCents: Cents;
  readonly reasonText: string | null;
}

/** The fees and debits of the run's period: totals per acquirer and the largest items. */
export interface PeriodFees {
  readonly byAcquirer: readonly AcquirerFees[];
  readonly largest: readonly FeeItem[];
}

/** Which account-level items the summary reads: the run's acquirers over its period. */
export interface FeesQuery {
  readonly acquirers: readonly string[];
  readonly from: IsoDate;
  readonly to: IsoDate;
}

/** "Registros sem papel configurado", one group per code (and rule value), as the ingest counts carry them. */
export type { UnclassifiedCount as UnclassifiedLine } from '../lake/counts';
