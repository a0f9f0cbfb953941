/**
 * Which contracted row governs a sale (docs/fee-audit.md). A row holds a sale when its acquirer and
 * brand are the sale's (folded alike, rate-keys.ts) or a wildcard, its product is the sale's or ANY,
 * its installment range holds the sale's installments and its `effectiveFrom` is on or before the
 * sale date. Among those, the most specific row governs (one naming the acquirer before one that
 * does not, then the brand, then the product), and among rows alike the latest `effectiveFrom`: a
 * wildcard row is the fallback for what no named row covers, so renegotiating it never overrides a
 * named row. No such row: no rate, and the sale is never compared with a guess.
 */
import type { IsoDate } from '../calendar';
import type { SaleProduct } from '../ingest/records/canonical';
import { foldName } from './rate-keys';
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
  const { saleDate } = sale;
  if (saleDate === null) return undefined;
  // A sale without an acquirer or brand can only be held by a wildcard row: null equals no name.
  const acquirer = sale.acquirer === null ? undefined : foldName(sale.acquirer);
  const brand = sale.brand === null ? undefined : foldName(sale.brand);
  const installments = sale.installments ?? 1;
  let best: ContractRate | undefined;
  for (const rate of rates) {
    if (
      (rate.acquirer !== null && rate.acquirer !== acquirer) ||
      (rate.brand !== null && rate.brand !== brand) ||
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

/**
 * How specific a row is, as the fee_audit query ranks it (lib/analytics/fee-audit-query.ts): a named
 * acquirer outweighs a named brand and product together, a named brand a named product.
 */
function specificity(rate: ContractRate): number {
  return (rate.acquirer === null ? 0 : 4) + (rate.brand === null ? 0 : 2) + (rate.product === 'ANY' ? 0 : 1);
}

/** Whether `candidate` governs rather than `current`: more specific, or as specific and later. */
function precedes(current: ContractRate, candidate: ContractRate): boolean {
  const moreSpecific = specificity(candidate) - specificity(current);
  if (moreSpecific !== 0) return moreSpecific > 0;
  return candidate.effectiveFrom > current.effectiveFrom;
}
