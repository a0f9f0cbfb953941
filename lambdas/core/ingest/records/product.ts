/**
 * The product of a sale (debit, credit in one payment, credit in installments): the contracted MDR
 * depends on it, and the provider's layout does not name it, so both its source columns
 * (`fieldAliases.product`) and its values (`productValues`) are settings. A value no mapping names
 * reads as no product (the fee audit then matches only `ANY` rows): a descriptive field never
 * quarantines a record.
 */
import { z } from 'zod';
import { SALE_PRODUCTS, type SaleProduct } from './canonical';
import { normalizeIdentifier } from './identifiers';

/** Source value (compared trimmed, spaces collapsed, upper case) → product. */
const DEFAULT_PRODUCT_VALUES: Readonly<Record<string, SaleProduct>> = {
  DEBIT: 'DEBIT',
  DEBITO: 'DEBIT',
  DÉBITO: 'DEBIT',
  CREDIT: 'CREDIT',
  CREDITO: 'CREDIT',
  CRÉDITO: 'CREDIT',
  'CREDITO A VISTA': 'CREDIT',
  'CRÉDITO À VISTA': 'CREDIT',
  INSTALLMENT_CREDIT: 'INSTALLMENT_CREDIT',
  PARCELADO: 'INSTALLMENT_CREDIT',
  'CREDITO PARCELADO': 'INSTALLMENT_CREDIT',
  'CRÉDITO PARCELADO': 'INSTALLMENT_CREDIT',
};

/** How a product value is compared: as a code (`" crédito  parcelado"` = `"CRÉDITO PARCELADO"`). */
function productKey(text: string): string {
  const read = normalizeIdentifier(text, 'code');
  return read.ok ? read.value : text;
}

/** `productValues` setting: extends the defaults; keys compared as {@link productKey}. */
export const productValuesSchema = z
  .record(z.string().min(1), z.enum(SALE_PRODUCTS))
  .default({})
  .transform((given) => ({
    ...DEFAULT_PRODUCT_VALUES,
    ...Object.fromEntries(Object.entries(given).map(([value, product]) => [productKey(value), product])),
  }));

/** The product a code as read (upper-cased, trimmed) stands for, or null. */
export function productOf(
  code: string | null,
  values: Readonly<Record<string, SaleProduct>>,
): SaleProduct | null {
  return code === null ? null : (values[code] ?? null);
}
