/**
 * Fees charged above the contract (dataset option `feeAudit`). The contract is what the
 * generator's own pricing always was (a brand base, installment plans by number of installments),
 * with one renegotiation: REDE lowers every rate from the middle of the period. Sales sold under it
 * are charged the rate in force on their sale date, except a seeded share charged more, by an
 * amount per acquirer (STONE never overcharges). Sales carry a PRODUTO column (CREDITO, PARCELADO).
 * Advances are charged the contracted monthly rate (`lifecycle.ts`), a seeded share more.
 * `contractRatesCsv` writes the matching table; `fee-audit-truth.ts` says which were overcharged.
 */
import { fromEpochDay } from '../../../lambdas/core/calendar';
import type { Receivable, Sale } from './dataset-records';
import { intBetween, type Rng, rngFor } from './random';

/** The renegotiation: this acquirer's rates drop by `lessBps` from the middle of the period. */
const RENEGOTIATION = { acquirer: 'REDE', lessBps: 20 } as const;
/** Extra MDR on an overcharged sale, per acquirer, in basis points (at least 2 centavos). */
const OVERCHARGE_BPS: Readonly<Record<string, number>> = { CIELO: 30, REDE: 15, STONE: 0, GETNET: 45 };
const OVERCHARGED_SHARE = 0.12;
const ADVANCE_OVERCHARGED_SHARE = 0.4;
/** The contracted advance rate, percent a month, for every acquirer and brand. */
const ADVANCE_MONTHLY_PERCENT = 2;

export interface FeePricing {
  readonly fromDay: number;
  readonly toDay: number;
  /** The generator's price list: basis points by brand and installments. */
  readonly mdrBps: (brand: string, installments: number) => number;
}

const midDayOf = ({ fromDay, toDay }: FeePricing) => fromDay + Math.floor((toDay - fromDay + 1) / 2);

function contractBps(pricing: FeePricing, sale: Sale): number {
  const renegotiated = sale.acquirer === RENEGOTIATION.acquirer && sale.saleDay >= midDayOf(pricing);
  return pricing.mdrBps(sale.brand, sale.installments) - (renegotiated ? RENEGOTIATION.lessBps : 0);
}

/** The receivables re-priced under the contract, a seeded share overcharged (`overchargeCents`). */
export function priceUnderContract(
  receivables: readonly Receivable[],
  seed: number,
  pricing: FeePricing,
): Receivable[] {
  const rng = rngFor(seed, 'fee-audit');
  const sales = new Map<Sale, Sale>();
  return receivables.map((r) => {
    let sale = sales.get(r.sale);
    if (sale === undefined) {
      sale = { ...r.sale, product: r.sale.installments > 1 ? 'PARCELADO' : 'CREDITO' };
      sales.set(r.sale, sale);
    }
    const fair = Math.round((r.grossCents * contractBps(pricing, sale)) / 10_000);
    const extraBps = OVERCHARGE_BPS[sale.acquirer] ?? 0;
    const over =
      extraBps > 0 && rng() < OVERCHARGED_SHARE
        ? Math.max(2, Math.round((r.grossCents * extraBps) / 10_000))
        : 0;
    const feeCents = Math.min(fair + over, r.grossCents - 1);
    return {
      ...r,
      sale,
      feeCents,
      netCents: r.grossCents - feeCents,
      ...(feeCents - fair > 0 ? { overchargeCents: feeCents - fair } : {}),
    };
  });
}

/** The advance fee the contract allows: face × 2% a month × days / 30, half up (docs/fee-audit.md). */
export function contractAdvanceFee(faceCents: number, days: number): number {
  return Math.round((faceCents * ADVANCE_MONTHLY_PERCENT * days) / 3000);
}

/** Extra centavos on a seeded share of advances (the draws of a stream of their own). */
export function advanceOvercharges(seed: number): (r: Receivable) => number {
  const rng: Rng = rngFor(seed, 'fee-audit-advances');
  return () => (rng() < ADVANCE_OVERCHARGED_SHARE ? intBetween(rng, 2, 400) : 0);
}

const ACQUIRERS_AND_BRANDS = (sales: Iterable<Sale>) =>
  [...new Set([...sales].map((s) => `${s.acquirer},${s.brand}`))].sort();

/** The contracted-rate table matching the pricing: one row per product and installment count. */
export function contractRatesCsv(receivables: readonly Receivable[], pricing: FeePricing): string {
  const rows = [
    'acquirer,brand,product,installmentsFrom,installmentsTo,mdrPercent,advanceMonthlyPercent,effectiveFrom',
  ];
  const percent = (bps: number) => (bps / 100).toFixed(2);
  const from = fromEpochDay(pricing.fromDay - 365);
  const mid = fromEpochDay(midDayOf(pricing));
  for (const pair of ACQUIRERS_AND_BRANDS(receivables.map((r) => r.sale))) {
    const [acquirer = '', brand = ''] = pair.split(',');
    const lessBy = acquirer === RENEGOTIATION.acquirer ? [0, RENEGOTIATION.lessBps] : [0];
    lessBy.forEach((less, i) => {
      const date = i === 0 ? from : mid;
      rows.push(
        `${pair},CREDIT,1,1,${percent(pricing.mdrBps(brand, 1) - less)},${ADVANCE_MONTHLY_PERCENT},${date}`,
      );
      for (let n = 2; n <= 12; n++) {
        const rate = percent(pricing.mdrBps(brand, n) - less);
        rows.push(`${pair},INSTALLMENT_CREDIT,${n},${n},${rate},${ADVANCE_MONTHLY_PERCENT},${date}`);
      }
    });
  }
  return `${rows.join('\n')}\n`;
}
