/**
 * The book's (DynamoDB's) money per acquirer and month in the columns of the lake's money queries
 * (`chargebacks_by_month`, `fees_and_debits_by_month`, `advance_fees_by_month`, and the forecasts and
 * payments of `daily_totals`), summed by the book's own rules — the compared forecast and the
 * contributions that count (`corrections.ts`: restatements superseded, the payment of an installment
 * advanced in full set aside), a receivable's events through `lifecycleMoney`, account entries times
 * their copies — so a test compares the lake with the book in one `toEqual`.
 */
import type { IsoDate } from '../../lambdas/core/calendar';
import { comparedForecast, countedContributions } from '../../lambdas/core/receivables/corrections';
import {
  type LifecycleMoney,
  lifecycleMoney,
  type RoleContribution,
} from '../../lambdas/core/receivables/lifecycle';
import { collect, scanPages } from '../../lambdas/core/receivables/queries';
import { storedLifecycle } from '../../local/lifecycle-compare';
import type { LocalWorld } from '../../local/simulated-world';

/** Column → value, zeros left out. */
export type Totals = Record<string, number>;
/** `acquirer|yyyy-MM` → the row's figures (a plain object: compared and shown whatever the order). */
export type Figures = Record<string, Totals>;

export const MONEY_QUERIES = {
  chargebacks_by_month: [
    'chargebacks',
    'chargeback_cents',
    'reversals',
    'reversed_cents',
    'net_charged_back_cents',
  ],
  fees_and_debits_by_month: [
    'fees',
    'fee_cents',
    'debit_adjustments',
    'debit_adjustment_cents',
    'account_level_cents',
    'linked_cents',
    'total_debit_cents',
  ],
  advance_fees_by_month: ['advances', 'advanced_net_cents', 'advance_fee_cents'],
} as const;
export type MoneyQuery = keyof typeof MONEY_QUERIES;
/** The codes of `daily_totals` compared, per acquirer and month: how many count, and their net. */
export const DAILY_TOTALS = {
  A1: { count: 'forecasts', cents: 'forecast_cents' },
  D1: { count: 'payments', cents: 'payment_cents' },
} as const;
export type DailyFigure = (typeof DAILY_TOTALS)[keyof typeof DAILY_TOTALS]['count'];

/** A money query's rows as figures, read in the columns of {@link MONEY_QUERIES}. */
export function figuresOf(rows: readonly Record<string, unknown>[], columns: readonly string[]): Figures {
  return Object.fromEntries(
    rows.map((row) => [
      `${row.acquirer}|${row.movement_month}`,
      nonZero(Object.fromEntries(columns.map((c) => [c, Number(row[c])]))),
    ]),
  );
}

export function nonZero(totals: Totals): Totals {
  return Object.fromEntries(Object.entries(totals).filter(([, v]) => v !== 0));
}

/** Adds `amounts` to the figures of `acquirer` in the month of `day`. */
export function addTo(figures: Figures, acquirer: string, day: IsoDate, amounts: Totals): void {
  const key = `${acquirer}|${day.slice(0, 7)}`;
  const totals = figures[key] ?? {};
  for (const [name, cents] of Object.entries(amounts)) totals[name] = (totals[name] ?? 0) + cents;
  figures[key] = totals;
}

/** Only the rows that hold money, each without its zero columns. */
export function withMoney(figures: Figures): Figures {
  return Object.fromEntries(
    Object.entries(figures)
      .map(([key, totals]) => [key, nonZero(totals)] as const)
      .filter(([, totals]) => Object.keys(totals).length > 0),
  );
}

export interface BookMoney {
  readonly figures: Record<MoneyQuery | DailyFigure, Figures>;
  /** Money records the book saw on both sides of a page seam (each counted once). */
  readonly seamed: number;
}

/** The book's figures of each money query, from every receivable's events and every account item. */
export async function bookMoneyByMonth(world: LocalWorld, asOf: IsoDate): Promise<BookMoney> {
  const chargebacks: Figures = {};
  const fees: Figures = {};
  const advances: Figures = {};
  const forecasts: Figures = {};
  const payments: Figures = {};
  let seamed = 0;
  const { documentClient: ddb, tableName } = world.dynamo;
  for (const receivable of await collect(scanPages({ ddb, tableName }))) {
    const counted = countedContributions(receivable);
    const forecast = comparedForecast(receivable.forecasts).forecast;
    if (forecast !== undefined) {
      // The lake files a forecast under its sale date, the receivable's.
      addTo(forecasts, receivable.acquirer as string, receivable.saleDate as IsoDate, {
        forecasts: 1,
        forecast_cents: forecast.netCents,
      });
    }
    for (const settlement of counted.settlements.counted) {
      const { copies } = settlement.occurrences;
      const day = settlement.paymentDate;
      // The lake files a payment without one under its due date, which the book does not keep with it.
      if (day === null) throw new Error(`a payment of ${receivable.key} without a payment date`);
      addTo(payments, receivable.acquirer as string, day, {
        payments: copies,
        payment_cents: settlement.netCents * copies,
      });
    }
    const byDay = new Map<IsoDate, RoleContribution[]>();
    for (const event of counted.events.counted) {
      if (event.role === 'CANCELLATION') continue; // a sales-report record: no money query reads it
      const day = event.paymentDate ?? event.movementDate;
      if (day === null) throw new Error(`a ${event.role} of ${receivable.key} without a date: in no month`);
      if (event.occurrences.seam) seamed++;
      byDay.set(day, [...(byDay.get(day) ?? []), event]);
    }
    for (const [day, events] of byDay) {
      const money: LifecycleMoney = lifecycleMoney(events);
      const of = (role: RoleContribution['role'], debitsOnly = false) =>
        events.filter((e) => e.role === role && (!debitsOnly || e.netCents < 0));
      const copies = (list: RoleContribution[]) => list.reduce((n, e) => n + e.occurrences.copies, 0);
      const cents = (list: RoleContribution[]) =>
        list.reduce((n, e) => n + e.netCents * e.occurrences.copies, 0);
      const acquirer = receivable.acquirer as string;
      const debits = -cents(of('ADJUSTMENT', true));
      addTo(chargebacks, acquirer, day, {
        chargebacks: copies(of('CHARGEBACK')),
        chargeback_cents: cents(of('CHARGEBACK')),
        reversals: copies(of('CHARGEBACK_REVERSAL')),
        reversed_cents: cents(of('CHARGEBACK_REVERSAL')),
        net_charged_back_cents: money.chargedBackNetCents,
      });
      addTo(fees, acquirer, day, {
        debit_adjustments: copies(of('ADJUSTMENT', true)),
        debit_adjustment_cents: debits,
        linked_cents: debits,
        total_debit_cents: debits,
      });
      addTo(advances, acquirer, day, {
        advances: money.advanceCount,
        advanced_net_cents: money.advancedNetCents,
        advance_fee_cents: money.advanceFeeCents,
      });
    }
  }
  for (const item of (await storedLifecycle(world, asOf)).accountItems) {
    for (const entry of item.entries) {
      const { copies, seam } = entry.occurrences;
      if (seam) seamed++;
      const debit = entry.role === 'FEE' ? entry.netCents * copies : -Math.min(entry.netCents, 0) * copies;
      addTo(fees, item.acquirer, item.date as IsoDate, {
        ...(entry.role === 'FEE'
          ? { fees: copies, fee_cents: debit }
          : { debit_adjustments: entry.netCents < 0 ? copies : 0, debit_adjustment_cents: debit }),
        account_level_cents: debit,
        total_debit_cents: debit,
      });
    }
  }
  return {
    figures: {
      chargebacks_by_month: withMoney(chargebacks),
      fees_and_debits_by_month: withMoney(fees),
      advance_fees_by_month: withMoney(advances),
      forecasts: withMoney(forecasts),
      payments: withMoney(payments),
    },
    seamed,
  };
}
