/**
 * Who owes what, per acquirer: what the book expected, received, is late, was paid short and was
 * taken back, the fees charged above the contract and the deposits that never reached the bank.
 * Built only from what the run summary already holds (the book view read from the kept totals, the
 * fee audit's lines, the bank leg's results), never from a read of every receivable. The book's five
 * figures per acquirer come from the kept per-acquirer cells (acquirer-cells.ts); a summary without
 * them (written before those cells, or a table not recounted since) has them null per acquirer, and
 * the totals row carries them.
 */
import type { DepositsSection } from '../deposits/section-model';
import { amountAtStake } from '../deposits/section-model';
import type { Cents } from '../money';
import { NO_RECEIVABLES } from './acquirer-cells';
import { figureOfSummary } from './figures';
import type { LifecycleTotals } from './lifecycle-types';
import type { AcquirerBook, ActionCategory, BookByAcquirer, BookReceivables } from './types';

/**
 * The fee audit's part of the summary as far as the table reads it (fee-audit/section-model.ts),
 * named by its shape: the fee audit reads the receivables' store, which keeps the book, so the book
 * importing it would close a cycle.
 */
interface AuditedFees {
  readonly state: string;
  readonly overchargedCents?: Cents;
  readonly byAcquirerBrand?: readonly { readonly acquirer: string; readonly overchargedCents: Cents }[];
}

/** A figure is null where the summary does not hold it. */
export interface OwedFigures {
  readonly expectedCents: Cents | null;
  readonly receivedCents: Cents | null;
  /** Forecasts past due and grace, unpaid. */
  readonly lateCents: Cents | null;
  /** What the short payments miss. */
  readonly paidShortCents: Cents | null;
  /** Chargebacks net of reversals, and cancellations. */
  readonly takenBackCents: Cents | null;
  readonly feesAboveContractCents: Cents | null;
  /** Deposits the records say were paid and the statements never showed. */
  readonly depositsMissingCents: Cents | null;
}

export interface AcquirerOwed extends OwedFigures {
  readonly acquirer: string;
}

export interface WhoOwesWhat {
  /** Largest known amount owed (late, paid short, fees above the contract, missing deposits) first. */
  readonly acquirers: readonly AcquirerOwed[];
  readonly total: OwedFigures;
}

/** The parts of the run summary the table reads. */
export interface WhoOwesWhatInput {
  readonly receivables: BookReceivables;
  readonly attention: readonly ActionCategory[];
  /** Absent in summaries written before record roles. */
  readonly lifecycle?: LifecycleTotals;
  readonly feeAudit?: AuditedFees;
  readonly deposits?: DepositsSection;
  /** Absent in summaries written before the per-acquirer cells, or while they are incomplete. */
  readonly byAcquirer?: BookByAcquirer;
}

/** Each acquirer's sum of `amounts`. */
function sumBy(amounts: readonly { acquirer: string; cents: Cents }[]): Map<string, Cents> {
  const sums = new Map<string, Cents>();
  for (const { acquirer, cents } of amounts) sums.set(acquirer, (sums.get(acquirer) ?? 0) + cents);
  return sums;
}

/** What the acquirer is asked for: late, short, fees above the contract, deposits missing. */
const owing = (a: AcquirerOwed) =>
  (a.lateCents ?? 0) +
  (a.paidShortCents ?? 0) +
  (a.feesAboveContractCents ?? 0) +
  (a.depositsMissingCents ?? 0);

const NO_BOOK: Record<keyof AcquirerBook, null> = {
  expectedCents: null,
  receivedCents: null,
  lateCents: null,
  paidShortCents: null,
  takenBackCents: null,
};

/** The book's figures of one acquirer: zeros when the split holds none of its receivables. */
const bookOf = (split: BookByAcquirer | undefined, acquirer: string) =>
  split === undefined ? NO_BOOK : (split[acquirer] ?? NO_RECEIVABLES);

/** The table's figures; null when the book holds no receivable and no acquirer is named elsewhere. */
export function whoOwesWhat(s: WhoOwesWhatInput): WhoOwesWhat | null {
  const audit = s.feeAudit?.state === 'ON' ? s.feeAudit : undefined;
  const bank = s.deposits?.state === 'ON' ? s.deposits : undefined;
  const fees = sumBy(
    (audit?.byAcquirerBrand ?? []).map((l) => ({ acquirer: l.acquirer, cents: l.overchargedCents })),
  );
  // Every expected deposit names its acquirer; only a credit nobody expected has none.
  const missing = sumBy(
    (bank?.results ?? []).flatMap((r) =>
      r.acquirer === null
        ? []
        : [{ acquirer: r.acquirer, cents: r.status === 'NOT_DEPOSITED' ? amountAtStake(r) : 0 }],
    ),
  );
  // Receivables without an acquirer stay in the totals row only.
  const booked = Object.keys(s.byAcquirer ?? {}).filter((name) => name !== '');
  const names = [...new Set([...booked, ...fees.keys(), ...missing.keys()])];
  if (names.length === 0 && s.receivables.total.count === 0) return null;
  const acquirers = names
    .map(
      (acquirer): AcquirerOwed => ({
        acquirer,
        ...bookOf(s.byAcquirer, acquirer),
        feesAboveContractCents: audit ? (fees.get(acquirer) ?? 0) : null,
        depositsMissingCents: bank ? (missing.get(acquirer) ?? 0) : null,
      }),
    )
    .sort((a, b) => owing(b) - owing(a) || a.acquirer.localeCompare(b.acquirer));
  return {
    acquirers,
    total: {
      expectedCents: s.receivables.total.forecastNetCents,
      receivedCents: s.receivables.total.settledNetCents,
      lateCents: figureOfSummary('late', s),
      paidShortCents: figureOfSummary('paidShort', s),
      takenBackCents: figureOfSummary('takenBack', s),
      feesAboveContractCents: audit ? (audit.overchargedCents ?? 0) : null,
      depositsMissingCents: bank ? bank.totals.NOT_DEPOSITED.amountCents : null,
    },
  };
}
