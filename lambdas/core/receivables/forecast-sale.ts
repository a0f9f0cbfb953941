/**
 * A forecast's sale terms (gross, fee, product, installments): what the fee audit compares with the
 * contracted rate (docs/fee-audit.md), kept with the forecast so the audit needs no read beyond the
 * receivable. Never part of the identity or the state; each term is stored only when the record
 * carries it, so items of layouts without them are unchanged.
 */

import type { CanonicalRecord, SaleProduct } from '../ingest/records/canonical';
import type { Cents } from '../money';

export interface ForecastSale {
  readonly grossCents?: Cents;
  readonly feeCents?: Cents;
  readonly product?: SaleProduct;
  readonly installments?: number;
}

/** The sale terms a forecast record carries, or undefined when it carries none. */
export function saleOf({
  grossCents,
  feeCents,
  product,
  installments,
}: CanonicalRecord): ForecastSale | undefined {
  return present({
    ...(grossCents === null ? {} : { grossCents }),
    ...(feeCents === null ? {} : { feeCents }),
    ...(product === null ? {} : { product }),
    ...(installments === null ? {} : { installments }),
  });
}

/** As stored in the forecast's map entry (receivable-entity.ts): `b` gross, `t` fee, `pd` product, `q` installments. */
export interface StoredSale {
  readonly b?: number;
  readonly t?: number;
  readonly pd?: SaleProduct;
  readonly q?: number;
}

export function storedSale(sale: ForecastSale | undefined): StoredSale {
  if (sale === undefined) return {};
  return {
    ...(sale.grossCents === undefined ? {} : { b: sale.grossCents }),
    ...(sale.feeCents === undefined ? {} : { t: sale.feeCents }),
    ...(sale.product === undefined ? {} : { pd: sale.product }),
    ...(sale.installments === undefined ? {} : { q: sale.installments }),
  };
}

export function saleFromStored(stored: StoredSale): { sale?: ForecastSale } {
  const sale = present({
    ...(stored.b === undefined ? {} : { grossCents: Number(stored.b) }),
    ...(stored.t === undefined ? {} : { feeCents: Number(stored.t) }),
    ...(stored.pd === undefined ? {} : { product: stored.pd }),
    ...(stored.q === undefined ? {} : { installments: Number(stored.q) }),
  });
  return sale === undefined ? {} : { sale };
}

function present(sale: ForecastSale): ForecastSale | undefined {
  return Object.keys(sale).length > 0 ? sale : undefined;
}
