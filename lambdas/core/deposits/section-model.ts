/**
 * The bank leg's part of the run summary (docs/deposits.md, "Where deposits show"): the report
 * window's deposit results, the missing deposits first (the action), totals per status to the
 * centavo and, per day and acquirer, what was expected against what the bank received. Plain JSON,
 * built from `DepositResult[]` only, so it does not depend on how the results were matched or read.
 */
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';
import { resultDate } from './result-date';
import { DEPOSIT_STATUSES, type DepositResult, type DepositStatus } from './types';

/** Money of the results of one status. */
export interface DepositStatusTotals {
  readonly count: number;
  /** Σ expectedCents (0 for unexplained credits, which have none). */
  readonly expectedCents: Cents;
  /** Σ creditCents (0 for deposits that did not arrive). */
  readonly creditCents: Cents;
  /**
   * The money the status is about: the missing amount (NOT_DEPOSITED, AWAITING_DEPOSIT), the
   * difference's magnitude (DEPOSIT_DIFFERS), the deposit a reversal took back (DEPOSIT_REVERSED),
   * the credit (DEPOSITED, UNEXPLAINED_CREDIT, CREDIT_REVERSED).
   */
  readonly amountCents: Cents;
}

/** One day and acquirer: what its payments said should arrive against what arrived. */
export interface DepositDayLine {
  /** The payment date; an unexplained credit's posting date. */
  readonly date: IsoDate;
  /** null: credits whose memo names no known acquirer. */
  readonly acquirer: string | null;
  readonly expectedCents: Cents;
  readonly receivedCents: Cents;
  /** The part of expected still within its window (AWAITING_DEPOSIT): not missing yet. */
  readonly awaitingCents: Cents;
  /** received − (expected − awaiting): negative is money short or missing, never money not due yet. */
  readonly differenceCents: Cents;
  readonly missing: number;
  readonly differing: number;
  readonly unexplained: number;
}

export type DepositsSection =
  /** No bank statement was ever imported: the bank leg is not in use. */
  | { readonly state: 'OFF' }
  | {
      readonly state: 'ON';
      readonly from: IsoDate;
      readonly to: IsoDate;
      /** The window's results, in the report's order ({@link compareForReport}). */
      readonly results: readonly DepositResult[];
      readonly totals: Readonly<Record<DepositStatus, DepositStatusTotals>>;
      /** Per day and acquirer, date order; days without results left out. */
      readonly byDay: readonly DepositDayLine[];
      /**
       * The results a person decided on (their `depositIdentity`, result-identity.ts): shown in the
       * section, left out of what needs action, as the pendências count them.
       */
      readonly decided?: readonly string[];
    };

/** What the summarizer asks for: the run's period (the deposits of its payment dates). */
export interface DepositsQuery {
  readonly from: IsoDate;
  readonly to: IsoDate;
  readonly asOf: IsoDate;
}

/** The money a result is about, as {@link DepositStatusTotals.amountCents} sums it. */
export function amountAtStake(r: DepositResult): Cents {
  switch (r.status) {
    case 'DEPOSIT_DIFFERS':
      return Math.abs(r.differenceCents ?? 0);
    case 'NOT_DEPOSITED':
    case 'AWAITING_DEPOSIT':
    // The credit came and left again: what is missing is the deposit itself.
    case 'DEPOSIT_REVERSED':
      return r.expectedCents ?? 0;
    case 'NO_DEPOSIT_DUE':
      // What the acquirer takes beyond the day's payments (the expected amount is zero or less).
      return Math.abs(r.expectedCents ?? 0);
    default:
      return r.creditCents ?? r.expectedCents ?? 0;
  }
}

/** The order a reader acts in: missing, reversed, differing, unexplained, awaiting, deposited. */
export const REPORT_STATUS_ORDER: readonly DepositStatus[] = [
  'NOT_DEPOSITED',
  'DEPOSIT_REVERSED',
  'DEPOSIT_DIFFERS',
  'UNEXPLAINED_CREDIT',
  'AWAITING_DEPOSIT',
  'DEPOSITED',
  'NO_DEPOSIT_DUE',
  'CREDIT_REVERSED',
];

const text = (value: string | null) => value ?? '';

/** Status in {@link REPORT_STATUS_ORDER}, then largest money first, then a stable identity order. */
export function compareForReport(a: DepositResult, b: DepositResult): number {
  return (
    REPORT_STATUS_ORDER.indexOf(a.status) - REPORT_STATUS_ORDER.indexOf(b.status) ||
    amountAtStake(b) - amountAtStake(a) ||
    resultDate(a).localeCompare(resultDate(b)) ||
    text(a.acquirer).localeCompare(text(b.acquirer)) ||
    a.bankAccount.localeCompare(b.bankAccount) ||
    a.group.localeCompare(b.group) ||
    text(a.creditIdentity).localeCompare(text(b.creditIdentity))
  );
}

export function statusTotals(results: readonly DepositResult[]): Record<DepositStatus, DepositStatusTotals> {
  const totals = Object.fromEntries(
    DEPOSIT_STATUSES.map((s) => [s, { count: 0, expectedCents: 0, creditCents: 0, amountCents: 0 }]),
  ) as Record<
    DepositStatus,
    { count: number; expectedCents: number; creditCents: number; amountCents: number }
  >;
  for (const r of results) {
    const t = totals[r.status];
    t.count += 1;
    t.expectedCents += r.expectedCents ?? 0;
    t.creditCents += r.creditCents ?? 0;
    t.amountCents += amountAtStake(r);
  }
  return totals;
}

function dayLines(results: readonly DepositResult[]): DepositDayLine[] {
  const lines = new Map<string, DepositDayLine>();
  for (const r of results) {
    const date = resultDate(r);
    const key = JSON.stringify([date, r.acquirer]);
    const line = lines.get(key) ?? {
      date,
      acquirer: r.acquirer,
      expectedCents: 0,
      receivedCents: 0,
      awaitingCents: 0,
      differenceCents: 0,
      missing: 0,
      differing: 0,
      unexplained: 0,
    };
    // A day with nothing to deposit owes no credit: its (negative) expected amount is no shortfall.
    const due = r.status === 'NO_DEPOSIT_DUE' ? 0 : (r.expectedCents ?? 0);
    const expectedCents = line.expectedCents + due;
    // What stayed: a credit the bank reversed counts net of its reversal.
    const receivedCents = line.receivedCents + (r.creditCents ?? 0) + (r.reversalCents ?? 0);
    const awaitingCents = line.awaitingCents + (r.status === 'AWAITING_DEPOSIT' ? (r.expectedCents ?? 0) : 0);
    lines.set(key, {
      ...line,
      expectedCents,
      receivedCents,
      awaitingCents,
      differenceCents: receivedCents - (expectedCents - awaitingCents),
      missing: line.missing + (r.status === 'NOT_DEPOSITED' || r.status === 'DEPOSIT_REVERSED' ? 1 : 0),
      differing: line.differing + (r.status === 'DEPOSIT_DIFFERS' ? 1 : 0),
      unexplained: line.unexplained + (r.status === 'UNEXPLAINED_CREDIT' ? 1 : 0),
    });
  }
  return [...lines.values()].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      // Credits of no known acquirer after the named ones of their day.
      (a.acquirer === null ? 1 : 0) - (b.acquirer === null ? 1 : 0) ||
      text(a.acquirer).localeCompare(text(b.acquirer)),
  );
}

/**
 * The section for a window: OFF when no statement was ever imported (nothing to compare the
 * payments with, which is not the same as every deposit missing); otherwise the results dated in
 * [from, to] (payment date, else credit date), whatever order they came in.
 */
export function buildDepositsSection(input: {
  readonly statementsImported: boolean;
  readonly from: IsoDate;
  readonly to: IsoDate;
  readonly results: readonly DepositResult[];
}): DepositsSection {
  if (!input.statementsImported) return { state: 'OFF' };
  // When a result was first seen is the breaks' concern (breaks/deposit-breaks.ts): the section is
  // the same whether its results come from the match itself or from the lake.
  const inWindow = input.results.flatMap(({ seenOn: _, seenBefore: __, ...r }) => {
    const date = resultDate(r);
    return date >= input.from && date <= input.to ? [r] : [];
  });
  return {
    state: 'ON',
    from: input.from,
    to: input.to,
    results: [...inWindow].sort(compareForReport),
    totals: statusTotals(inWindow),
    byDay: dayLines(inWindow),
  };
}
