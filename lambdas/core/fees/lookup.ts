/**
 * Which contracted row governs a sale: among the rows of its acquirer and brand (normalized alike)
 * whose product is the sale's or ANY and whose installment range holds its installments, the one
 * with the latest `effectiveFrom` on or before the sale date; at one date, its own product before
 * ANY. No such row: no rate, and the sale is never compared with a guess.
 */
import type { IsoDate } from '../calendar';
import type { SaleProduct } from '../records/canonical';
import type { ContractRate } from './rates';

export interface RatedSale {
  /** Normalized as records' identifiers are (the receivable already holds them so). */
  readonly acquirer: string | null;
  readonly brand: string | null;
  readonly product: SaleProduct | null;
  /** Null reads as one payment. */
  readonly installments: number | null;
  readonly saleDate: IsoDate | null;
}

export function contractRateFor(rates: readonly ContractRate[], sale: RatedSale): ContractRate | undefined {
  const { acquirer, brand, saleDate } = sale;
  if (acquirer === null || brand === null || saleDate === null) return undefined;
  const installments = sale.installments ?? 1;
  let best: ContractRate | undefined;
  for (const rate of rates) {
    if (
      rate.acquirer !== acquirer ||
      rate.brand !== brand ||
      (rate.product !== 'ANY' && rate.product !== sale.product) ||
      installments < rate.installmentsFrom ||
      installments > rate.installmentsTo ||
      rate.effectiveFrom > saleDate
    ) {
      continue;
    }
    if (best === undefined || precedes(best, rate)) best = rate;
  }
  return best;
}

/** Whether `candidate` governs rather than `current`: a later date, or at one date its own product. */
function precedes(current: ContractRate, candidate: ContractRate): boolean {
  if (candidate.effectiveFrom !== current.effectiveFrom)
    return candidate.effectiveFrom > current.effectiveFrom;
  return current.product === 'ANY' && candidate.product !== 'ANY';
}
