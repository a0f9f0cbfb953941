/**
 * The simulated provider's whole world: sales, their installments (receivables) and what the financial
 * side did with each. Generated once per simulator from the seed, lazily, and held compactly; reports
 * are slices of it by date, so the same record always looks the same in every report that contains it.
 */
import { toEpochDay } from '../../../lambdas/core/calendar';
import type { ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import {
  type DataRecord,
  otherCodes,
  paymentDayOf,
  type Receivable,
  record,
  type Sale,
} from './dataset-records';
import { advanceOvercharges, type FeePricing, priceUnderContract } from './fee-audit';
import { type Lives, lifecycleRecords } from './lifecycle';
import { intBetween, pick, type Rng, rngFor } from './random';

export type { DataRecord, Receivable, Sale } from './dataset-records';

/** The records of one report kind, sorted by `day`; `days[i] === records[i].day` for binary search. */
export interface KindRecords {
  readonly records: readonly DataRecord[];
  readonly days: Int32Array;
}

export type Universe = Readonly<Record<ReportKind, KindRecords>>;

export interface DatasetSpec {
  readonly seed: number;
  readonly sales: number;
  readonly from: string;
  readonly to: string;
  /**
   * Records carry their movement day (DTMOVIMENTO), and the second of two equal twin payments is
   * registered the day after the first (same payment date): no one-day report holds both.
   */
  readonly movementDates?: boolean;
  /**
   * The receivables' whole life under the simulator's own code assignment (`lifecycle.ts`, `roles.ts`)
   * instead of A2/A3/E1/F1/G1 copies without meaning. Default off: the universe is then exactly the
   * A1/D1 world it always was. `'traps'` adds the cases that count money twice when read naively
   * (`lifecycle-traps.ts`).
   */
  readonly lifecycle?: boolean | 'traps';
  /**
   * Fees above the contract (`fee-audit.ts`): sales carry a product, a seeded share is charged above
   * the contracted MDR and some advances above their rate. Default off: the data stays as it was.
   */
  readonly feeAudit?: boolean;
}

const ACQUIRERS = ['CIELO', 'REDE', 'STONE', 'GETNET'];
const MERCHANTS = ['1023456', '1023457', '2098765', '3011122', '4455667'];
const BRANDS = ['VISA', 'MASTERCARD', 'ELO', 'AMEX'];
const AUTH_ALPHABET = [...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'];

/** MDR in basis points: a brand base plus a surcharge for installment plans, as acquirers price it. */
function mdrBps(brand: string, installments: number): number {
  const base = 150 + BRANDS.indexOf(brand) * 40;
  return installments > 1 ? base + 80 + 15 * installments : base;
}

function authorizationCode(rng: Rng): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += pick(rng, AUTH_ALPHABET);
  return code;
}

/** Splits a sale into installments: equal shares of the gross, the remainder on the first. */
function receivablesOf(sale: Sale, totalGross: number): Receivable[] {
  const share = Math.floor(totalGross / sale.installments);
  const bps = mdrBps(sale.brand, sale.installments);
  return Array.from({ length: sale.installments }, (_, i) => {
    const grossCents = i === 0 ? share + (totalGross - share * sale.installments) : share;
    const feeCents = Math.round((grossCents * bps) / 10_000);
    return {
      sale,
      installment: i + 1,
      grossCents,
      feeCents,
      netCents: grossCents - feeCents,
      dueDay: sale.saleDay + 30 * (i + 1),
    };
  });
}

/**
 * Sales with NSU and authorization drawn from small pools (and some copied outright), so that neither
 * is unique alone; the full key (acquirer, merchant, day, NSU, authorization) is kept unique.
 */
function generateSales(rng: Rng, spec: DatasetSpec): Sale[] {
  const fromDay = toEpochDay(spec.from);
  const span = toEpochDay(spec.to) - fromDay + 1;
  const poolSize = Math.max(20, Math.floor(spec.sales / 4));
  const nsuPool = Array.from({ length: poolSize }, () => String(intBetween(rng, 100_000, 899_999)));
  const authPool = Array.from({ length: poolSize }, () => authorizationCode(rng));
  const keys = new Set<string>();
  const sales: Sale[] = [];
  for (let i = 0; i < spec.sales; i++) {
    const copied = sales.length > 0 && rng() < 0.04 ? pick(rng, sales) : undefined;
    const installments = rng() < 0.45 ? 1 : intBetween(rng, 2, 12);
    const sale = {
      acquirer: pick(rng, ACQUIRERS),
      merchant: pick(rng, MERCHANTS),
      brand: pick(rng, BRANDS),
      nsu: copied?.nsu ?? pick(rng, nsuPool),
      authorization: copied?.authorization ?? pick(rng, authPool),
      tid: rng() < 0.6 ? String(intBetween(rng, 10 ** 15, 9 * 10 ** 15)) : null,
      saleDay: fromDay + Math.floor(rng() * span),
      installments,
    };
    const key = `${sale.acquirer}|${sale.merchant}|${sale.saleDay}|${sale.nsu}|${sale.authorization}`;
    if (keys.has(key)) sale.nsu = String(90_000_000 + i);
    keys.add(`${sale.acquirer}|${sale.merchant}|${sale.saleDay}|${sale.nsu}|${sale.authorization}`);
    sales.push(sale);
  }
  return sales;
}

/** A short or over amount: a few centavos or a few reais, never bringing the net to zero. */
function deviation(rng: Rng, net: number): number {
  const amount = rng() < 0.5 ? intBetween(rng, 1, 9) : intBetween(rng, 100, 2000);
  return Math.min(amount, net - 1);
}

/** Cuts `total` into `parts` positive amounts summing exactly to it. */
function splitAmount(rng: Rng, total: number, parts: number): number[] {
  const cuts = new Set<number>();
  while (cuts.size < parts - 1) cuts.add(intBetween(rng, 1, total - 1));
  const sorted = [0, ...[...cuts].sort((a, b) => a - b), total];
  return sorted.slice(1).map((cut, i) => cut - (sorted[i] as number));
}

/**
 * Settlement mix per A1: exact ~73%, short ~8%, over ~5%, split into 2–3 partial D1s ~7%, none ~7%.
 * A two-part split of an even net is paid as equal twins: two D1s alike in every field, on one day
 * (two equal partial payments), which recon must count twice and never collapse into one. With
 * `registeredApart`, the second twin is registered (moved) the next day, same payment date.
 */
function settle(rng: Rng, r: Receivable, registeredApart: boolean): DataRecord[] {
  const roll = rng();
  if (roll < 0.08 && r.netCents > 1)
    return [record('D1', r, r.netCents - deviation(rng, r.netCents), paymentDayOf(rng, r))];
  if (roll < 0.13) return [record('D1', r, r.netCents + deviation(rng, r.netCents), paymentDayOf(rng, r))];
  if (roll < 0.2 && r.netCents >= 3) {
    const nets = splitAmount(rng, r.netCents, intBetween(rng, 2, 3));
    const fees = splitAmount(rng, Math.max(r.feeCents, nets.length), nets.length);
    const days = nets.map(() => paymentDayOf(rng, r));
    if (nets.length === 2 && r.netCents % 2 === 0) {
      const twin = () => record('D1', r, r.netCents / 2, days[0] as number, Math.floor(r.feeCents / 2));
      const second = twin();
      return [twin(), registeredApart ? { ...second, day: second.day + 1 } : second];
    }
    return nets.map((net, i) => record('D1', r, net, days[i] as number, fees[i]));
  }
  if (roll < 0.27) return [];
  return [record('D1', r, r.netCents, paymentDayOf(rng, r))];
}

/** D1s for sales nobody forecast: fresh NSUs outside every pool, so no A1 can share their key. */
function unexpectedSettlements(rng: Rng, spec: DatasetSpec, count: number): DataRecord[] {
  const fromDay = toEpochDay(spec.from);
  const span = toEpochDay(spec.to) - fromDay + 1;
  return Array.from({ length: count }, (_, i) => {
    const installments = intBetween(rng, 1, 6);
    const sale: Sale = {
      acquirer: pick(rng, ACQUIRERS),
      merchant: pick(rng, MERCHANTS),
      brand: pick(rng, BRANDS),
      nsu: String(95_000_000 + i),
      authorization: authorizationCode(rng),
      tid: null,
      saleDay: fromDay + Math.floor(rng() * span),
      installments,
    };
    const r = pick(rng, receivablesOf(sale, intBetween(rng, 1000, 300_000)));
    return record('D1', r, r.netCents, paymentDayOf(rng, r));
  });
}

function sortedByDay(records: DataRecord[], movementDates: boolean): KindRecords {
  const dated = movementDates ? records.map((r) => ({ ...r, movementDay: r.day })) : records;
  const sorted = dated.sort((a, b) => a.day - b.day);
  return { records: sorted, days: Int32Array.from(sorted, (r) => r.day) };
}

/** Today's A2/A3/E1/F1/G1: copies of real receivables, a few percent each, meaning nothing. */
function meaninglessCodes(rng: Rng, receivables: Receivable[], payments: DataRecord[]): Lives {
  const sales = otherCodes(
    rng,
    receivables,
    [
      ['A2', 0.03],
      ['A3', 0.02],
    ],
    false,
  );
  const financial = otherCodes(
    rng,
    receivables,
    [
      ['E1', 0.03],
      ['F1', 0.02],
      ['G1', 0.02],
    ],
    true,
  );
  return { sales, payments, financial };
}

export function generateUniverse(spec: DatasetSpec): Universe {
  const rng = rngFor(spec.seed, 'universe');
  const sales = generateSales(rng, spec);
  const listed = sales.flatMap((sale) => receivablesOf(sale, intBetween(rng, 1000, 500_000)));
  const pricing = feePricingOf(spec);
  const receivables = spec.feeAudit ? priceUnderContract(listed, spec.seed, pricing) : listed;
  const a1 = receivables.map((r) => record('A1', r, r.netCents, null));
  const d1 = receivables.flatMap((r) => settle(rng, r, spec.movementDates === true));
  const unexpected = unexpectedSettlements(rng, spec, Math.round(receivables.length * 0.03));
  const period = { fromDay: toEpochDay(spec.from), toDay: toEpochDay(spec.to) };
  const lives = spec.lifecycle
    ? lifecycleRecords(
        rng,
        period,
        receivables,
        d1,
        spec.feeAudit ? advanceOvercharges(spec.seed) : undefined,
        spec.lifecycle === 'traps',
      )
    : meaninglessCodes(rng, receivables, d1);
  return {
    sales: sortedByDay([...a1, ...lives.sales], spec.movementDates === true),
    financial: sortedByDay(
      [...lives.payments, ...unexpected, ...lives.financial],
      spec.movementDates === true,
    ),
  };
}

/** The contract the `feeAudit` dataset prices under (fee-audit.ts). */
export function feePricingOf(spec: Pick<DatasetSpec, 'from' | 'to'>): FeePricing {
  return { fromDay: toEpochDay(spec.from), toDay: toEpochDay(spec.to), mdrBps };
}

/** Index of the first record whose day is >= `day`. */
export function lowerBound(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((days[mid] as number) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The [start, end) index range of the records reported on days [fromDay, toDay]. */
export function dayRange(kind: KindRecords, fromDay: number, toDay: number): [number, number] {
  return [lowerBound(kind.days, fromDay), lowerBound(kind.days, toDay + 1)];
}
