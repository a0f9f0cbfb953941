/**
 * The shapes of the simulated world (sales, receivables, records) and the one way a record is made,
 * shared by the A1/D1 generator (`dataset.ts`) and the lifecycle generator (`lifecycle.ts`).
 */
import { fromEpochDay } from '../../../lambdas/core/calendar';
import type { RecordCode } from '../../../lambdas/core/ingest/records/canonical';
import { intBetween, pick, type Rng } from './random';

export interface Sale {
  readonly acquirer: string;
  readonly merchant: string;
  readonly brand: string;
  readonly nsu: string;
  readonly authorization: string;
  readonly tid: string | null;
  readonly saleDay: number;
  readonly installments: number;
  /** The PRODUTO column, only with the dataset option `feeAudit`. */
  readonly product?: string;
}

/** One installment of one sale: what an A1 forecasts and D1s settle. */
export interface Receivable {
  readonly sale: Sale;
  readonly installment: number;
  readonly grossCents: number;
  readonly feeCents: number;
  readonly netCents: number;
  readonly dueDay: number;
  /** Fee charged above the contract (dataset option `feeAudit`; absent when none). */
  readonly overchargeCents?: number;
}

/** A receivable's match-key fields as every answer key spells them (ISO sale date). */
export function matchKeyFieldsOf(r: Receivable) {
  const { sale } = r;
  return {
    acquirer: sale.acquirer,
    merchant: sale.merchant,
    saleDate: fromEpochDay(sale.saleDay),
    nsu: sale.nsu,
    authorization: sale.authorization,
    installment: r.installment,
  };
}

/** The roles of the simulator's own code assignment (`roles.ts`) that A1 and D1 do not play. */
export type LifecycleRole =
  | 'CANCELLATION'
  | 'CHARGEBACK'
  | 'CHARGEBACK_REVERSAL'
  | 'ADVANCE'
  | 'ADJUSTMENT'
  | 'FEE'
  | 'IGNORE';

/** What the lifecycle generator meant a record to be: the answer key reads this, never the rendering. */
export interface RoleIntent {
  readonly role: LifecycleRole;
  /**
   * The amount's meaning in centavos: a magnitude for roles with a fixed direction (the advance's
   * amount paid early, the fee taken), signed for adjustments (credit +, debit -).
   */
  readonly cents: number;
  /** `TIPOLANCAMENTO` (E1 only). */
  readonly entryType?: string;
  /** `SINAL` as written: C/D or +/-. */
  readonly sign?: string;
  /** `MOTIVO`: the source's reason text. */
  readonly reason?: string;
  /**
   * No sale key is written (only acquirer, merchant and dates): an account-level item. Its
   * `receivable` is then a carrier of acquirer and merchant only (see `accountCarrier`).
   */
  readonly accountLevel?: boolean;
}

export interface DataRecord {
  readonly code: RecordCode;
  readonly receivable: Receivable;
  readonly grossCents: number;
  readonly feeCents: number;
  readonly netCents: number;
  /** Payment day (epoch day) of financial records; null on sales records. */
  readonly paymentDay: number | null;
  /**
   * The day that puts the record in a report: sale day (sales) or payment day (financial); its
   * movement day, when the dataset has movement dates.
   */
  readonly day: number;
  /** The day the provider registered the record (`DTMOVIMENTO`); null unless `movementDates`. */
  readonly movementDay: number | null;
  /** Set on lifecycle records (dataset option `lifecycle`); absent on A1, D1 and meaningless codes. */
  readonly role?: RoleIntent;
}

export function record(
  code: RecordCode,
  receivable: Receivable,
  netCents: number,
  paymentDay: number | null,
  feeCents = receivable.feeCents,
): DataRecord {
  return {
    code,
    receivable,
    grossCents: netCents + feeCents,
    feeCents,
    netCents,
    paymentDay,
    day: paymentDay ?? receivable.sale.saleDay,
    movementDay: null,
  };
}

export function paymentDayOf(rng: Rng, receivable: Receivable): number {
  return receivable.dueDay + intBetween(rng, 0, 2);
}

/** Codes without documented meaning: plausible copies of real receivables, a few percent each. */
export function otherCodes(
  rng: Rng,
  receivables: Receivable[],
  codes: [RecordCode, number][],
  financial: boolean,
): DataRecord[] {
  if (receivables.length === 0) return [];
  return codes.flatMap(([code, share]) =>
    Array.from({ length: Math.round(receivables.length * share) }, () => {
      const r = pick(rng, receivables);
      return record(code, r, r.netCents, financial ? paymentDayOf(rng, r) : null);
    }),
  );
}

/** The receivable an account-level record hangs on: its acquirer and merchant, no sale key. */
export function accountCarrier(acquirer: string, merchant: string, day: number): Receivable {
  return {
    sale: {
      acquirer,
      merchant,
      brand: '',
      nsu: '',
      authorization: '',
      tid: null,
      saleDay: day,
      installments: 0,
    },
    installment: 0,
    grossCents: 0,
    feeCents: 0,
    netCents: 0,
    dueDay: day,
  };
}
