/**
 * The deposits the acquirers owe, per (acquirer, bank account, payment date), from the records of a
 * movement period: COMMON's "Expected deposit" rule, the one recon applies (payments and advances in,
 * chargebacks and fees out, reversals back, account-level adjustments by their sign; a linked adjustment
 * is already in its D1's amount), each record on its own payment
 * date and the account its BANCO/AGENCIA/CONTA name (`accounts.ts`). Read from what the generator
 * meant, never from the rendered text.
 */
import { fromEpochDay, type IsoDate, toEpochDay } from '../../../lambdas/core/calendar';
import { type DataRecord, dayRange, type Universe } from '../universe/dataset';
import { accountOf, type BankAccount, depositCents, inDeposit } from './accounts';

export interface BankPeriod {
  readonly from: IsoDate;
  readonly to: IsoDate;
}

export interface PlannedDeposit {
  readonly acquirer: string;
  readonly account: BankAccount;
  readonly paymentDate: IsoDate;
  /** Σ payments and advances. */
  readonly paidCents: number;
  /** What the acquirer took out (chargebacks net of reversals, fees, debit adjustments less credit ones). */
  readonly deductedCents: number;
  readonly expectedCents: number;
  /** How many records make it. */
  readonly records: number;
}

const isPaid = (record: DataRecord) => record.code === 'D1' || record.role?.role === 'ADVANCE';

/** The period's deposits, sorted by account, payment date and acquirer. */
export function plannedDeposits(universe: Universe, seed: number, period: BankPeriod): PlannedDeposit[] {
  const [start, end] = dayRange(universe.financial, toEpochDay(period.from), toEpochDay(period.to));
  const places = new Map<string, { -readonly [K in keyof PlannedDeposit]: PlannedDeposit[K] }>();
  for (let i = start; i < end; i++) {
    const record = universe.financial.records[i] as DataRecord;
    if (!inDeposit(record) || record.paymentDay === null) continue;
    const { acquirer, merchant } = record.receivable.sale;
    const account = accountOf(seed, acquirer, merchant);
    const paymentDate = fromEpochDay(record.paymentDay);
    const key = `${account.id}|${paymentDate}|${acquirer}`;
    const place = places.get(key) ?? {
      acquirer,
      account,
      paymentDate,
      paidCents: 0,
      deductedCents: 0,
      expectedCents: 0,
      records: 0,
    };
    const cents = depositCents(record);
    if (isPaid(record)) place.paidCents += cents;
    else place.deductedCents -= cents;
    place.expectedCents += cents;
    place.records++;
    places.set(key, place);
  }
  return [...places.keys()].sort().map((key) => places.get(key) as PlannedDeposit);
}
