/**
 * The records behind one break, as a person checks them before deciding: a receivable's forecasts,
 * payments and lifecycle records (each with its dates and amount, as the item keeps them), a
 * deposit's result (what was expected, the credit and any reversal), a fee line's contracted and
 * charged fee. Read from the same stores the breaks service reads (service.ts), by the break's id.
 */
import { addDays, type IsoDate } from '../calendar';
import { dateOfDepositIdentity, depositIdentity } from '../deposits/result-identity';
import type { DepositResult } from '../deposits/types';
import type { NightOvercharge } from '../fee-audit/overcharges-lake';
import { linesHorizonDays, standingOvercharges } from '../fee-audit/standing';
import type { Cents } from '../money';
import { readReceivables } from '../receivable-store/batch-read';
import type { Receivable } from '../receivables/item';
import type { EventRole } from '../receivables/lifecycle';
import { isDepositBreakId } from './deposit-breaks';
import { feeBreakId, isFeeBreakId } from './fee-breaks';
import { receivableBreakId } from './observed';
import type { BreaksDeps } from './service';

export type ReceivableRole = 'FORECAST' | 'PAYMENT' | EventRole;

/** One contribution of a receivable: its role, its days and its amount (net, in the role's direction). */
export interface ReceivableRecord {
  readonly role: ReceivableRole;
  /** The day the money moved (a payment's, an advance's, a chargeback's debit), when the record says it. */
  readonly paymentDate: IsoDate | null;
  readonly movementDate: IsoDate | null;
  readonly netCents: Cents;
  /** How often the record occurs in one report: the receivable counts it this many times. */
  readonly copies: number;
  /** A forecast's gross and fee, an advance's fee, when the record carries them. */
  readonly grossCents: Cents | null;
  readonly feeCents: Cents | null;
}

export type BreakRecords =
  | {
      readonly source: 'receivable';
      readonly dueDate: IsoDate | null;
      readonly records: readonly ReceivableRecord[];
    }
  | { readonly source: 'deposit'; readonly result: DepositResult }
  | { readonly source: 'fee'; readonly line: NightOvercharge };

export function recordsOfReceivable(r: Receivable): ReceivableRecord[] {
  const forecasts = r.forecasts.map((f) => ({
    role: 'FORECAST' as const,
    paymentDate: null,
    movementDate: f.movementDate,
    netCents: f.netCents,
    copies: f.occurrences.copies,
    grossCents: f.sale?.grossCents ?? null,
    feeCents: f.sale?.feeCents ?? null,
  }));
  const payments = r.settlements.map((s) => ({
    role: 'PAYMENT' as const,
    paymentDate: s.paymentDate,
    movementDate: s.movementDate,
    netCents: s.netCents,
    copies: s.occurrences.copies,
    grossCents: null,
    feeCents: null,
  }));
  const events = (r.events ?? []).map((e) => ({
    role: e.role,
    paymentDate: e.paymentDate,
    movementDate: e.movementDate,
    netCents: e.netCents,
    copies: e.occurrences.copies,
    grossCents: null,
    feeCents: e.feeCents,
  }));
  const day = (x: ReceivableRecord) => x.paymentDate ?? x.movementDate ?? '';
  // Forecasts first, then what happened, in the order it happened.
  return [...forecasts, ...[...payments, ...events].sort((a, b) => day(a).localeCompare(day(b)))];
}

export type BreakRecordsOf = (breakId: string, asOf: IsoDate) => Promise<BreakRecords | undefined>;

export function buildBreakRecords(
  deps: Pick<BreaksDeps, 'ddb' | 'tableName' | 'config' | 'depositResults' | 'feeOvercharges'>,
): BreakRecordsOf {
  return async (breakId, asOf) => {
    if (isDepositBreakId(breakId)) {
      const date = dateOfDepositIdentity(breakId);
      const results = (await deps.depositResults?.({ from: date, to: date })) ?? [];
      const result = results.find((r) => depositIdentity(r) === breakId);
      return result ? { source: 'deposit', result } : undefined;
    }
    if (isFeeBreakId(breakId)) {
      const from = addDays(asOf, -linesHorizonDays(deps.config));
      const nights = (await deps.feeOvercharges?.({ from, to: asOf })) ?? [];
      const standing = [...standingOvercharges(nights).values()].find((s) => feeBreakId(s.line) === breakId);
      return standing ? { source: 'fee', line: standing.line } : undefined;
    }
    const prefix = receivableBreakId('');
    if (!breakId.startsWith(prefix)) return undefined;
    const key = breakId.slice(prefix.length);
    const r = (await readReceivables(deps, [key])).get(key);
    return r ? { source: 'receivable', dueDate: r.dueDate, records: recordsOfReceivable(r) } : undefined;
  };
}
