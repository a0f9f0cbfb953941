/**
 * The contracted-rate table (docs/fee-audit.md): a CSV the user keeps, one row per acquirer, brand,
 * product, installment range and effective date, with the MDR and the monthly advance rate. Parsing
 * refuses the whole table when one row is bad, naming every bad row and why: a table half read would
 * audit some sales against a guess.
 */
import { isIsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { SALE_PRODUCTS, type SaleProduct } from '../ingest/records/canonical';
import { normalizeIdentifier } from '../ingest/records/identifiers';
import { readCsvLines } from './csv';
import { MICRO_PER_PERCENT } from './money';
import { foldName, isWildcard, WILDCARD_SPELLINGS } from './rate-keys';

const RATE_COLUMNS = [
  'acquirer',
  'brand',
  'product',
  'installmentsFrom',
  'installmentsTo',
  'mdrPercent',
  'advanceMonthlyPercent',
  'effectiveFrom',
] as const;

type RateProduct = SaleProduct | 'ANY';
const RATE_PRODUCTS: readonly string[] = [...SALE_PRODUCTS, 'ANY'];

export interface ContractRate {
  /**
   * Normalized like the records' identifiers (so `0001` and `1` are one acquirer), then folded
   * (rate-keys.ts: `Elô` is `ELO`); null for a wildcard (`*`, empty, `ANY`...): any acquirer.
   */
  readonly acquirer: string | null;
  /** As the acquirer; null: any brand. */
  readonly brand: string | null;
  readonly product: RateProduct;
  readonly installmentsFrom: number;
  readonly installmentsTo: number;
  /** Rates in micro-percent (`2.39%` → 2_390_000): integers, so fees are exact. */
  readonly mdrMicro: number;
  readonly advanceMonthlyMicro: number;
  readonly effectiveFrom: string;
  /** The row in the file (header = 1). */
  readonly row: number;
}

export interface RateTableError {
  readonly row: number;
  readonly reason: string;
}

export type RateTableResult =
  | { readonly ok: true; readonly rates: readonly ContractRate[] }
  | { readonly ok: false; readonly errors: readonly RateTableError[] };

type Normalizers = Pick<ReconConfig, 'identifierNormalizers'>;

/**
 * Up to six decimals of a percent, `.` or `,`, and the `%` a cell formatted as a percent is saved
 * with; a sign is read so a negative rate is named as such.
 */
const PERCENT = /^(-?)(\d+)(?:[.,](\d{1,6}))?\s*%?$/;
/**
 * The highest rate read as meant, in percent: MDRs and monthly advance rates are a few percent, so a
 * rate above it is a slip (`239` typed for `2,39`, a rate in basis points) that would audit every
 * sale against a contract no one signed.
 */
const MAX_RATE_PERCENT = 20;
const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const INTEGER = /^\d{1,4}$/;

export function parseContractRates(text: string, config: Normalizers): RateTableResult {
  const [header, ...lines] = readCsvLines(text);
  const names = withoutTrailingEmpties(header?.fields ?? []);
  if (names.join(',').toLowerCase() !== RATE_COLUMNS.join(',').toLowerCase()) {
    const reason = `header must be ${RATE_COLUMNS.join(',')} (separated by "," or ";"), found ${JSON.stringify(names.join(' | '))}`;
    return { ok: false, errors: [{ row: header?.row ?? 1, reason }] };
  }
  const errors: RateTableError[] = [];
  const rates: ContractRate[] = [];
  for (const { row, fields } of lines) {
    const read = readRow(withoutTrailingEmpties(fields), row, config);
    if (typeof read === 'string') errors.push({ row, reason: read });
    else rates.push(read);
  }
  errors.push(...overlaps(rates));
  return errors.length > 0
    ? { ok: false, errors: errors.sort((a, b) => a.row - b.row) }
    : { ok: true, rates };
}

/**
 * The fields up to the last non-empty one past the table's columns: a spreadsheet saves empty
 * cells to the right of the table (a column once formatted) as trailing separators.
 */
function withoutTrailingEmpties(fields: readonly string[]): readonly string[] {
  let end = fields.length;
  while (end > RATE_COLUMNS.length && fields[end - 1] === '') end -= 1;
  return fields.slice(0, end);
}

/** The row read, or why not. */
function readRow(fields: readonly string[], row: number, config: Normalizers): ContractRate | string {
  // U+FFFD is what a byte that is not UTF-8 decodes to: Excel's plain "CSV" is Windows-1252, and
  // its `Elô` would otherwise become a brand no sale has.
  if (fields.some((field) => field.includes('\uFFFD'))) {
    return 'the file is not UTF-8 (in Excel, save it as "CSV UTF-8")';
  }
  if (fields.length !== RATE_COLUMNS.length) {
    return `expected ${RATE_COLUMNS.length} columns, found ${fields.length}`;
  }
  const [acquirerText, brandText, productText, fromText, toText, mdrText, advanceText, dateText] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const acquirer = identifier(acquirerText, 'acquirer', config);
  const brand = identifier(brandText, 'brand', config);
  if (!acquirer.ok) return acquirer.error;
  if (!brand.ok) return brand.error;
  const product = isWildcard(productText) ? 'ANY' : productText.toUpperCase();
  if (!RATE_PRODUCTS.includes(product)) {
    return `unknown product ${JSON.stringify(productText)} (one of ${SALE_PRODUCTS.join(', ')} or ${WILDCARD_SPELLINGS})`;
  }
  if (!INTEGER.test(fromText) || !INTEGER.test(toText)) return 'installments must be whole numbers';
  const [installmentsFrom, installmentsTo] = [Number(fromText), Number(toText)];
  if (installmentsFrom < 1 || installmentsTo < installmentsFrom) {
    return `installment range ${fromText}-${toText} is empty`;
  }
  const mdrMicro = percent(mdrText, 'mdrPercent');
  const advanceMonthlyMicro = percent(advanceText, 'advanceMonthlyPercent');
  if (typeof mdrMicro === 'string') return mdrMicro;
  if (typeof advanceMonthlyMicro === 'string') return advanceMonthlyMicro;
  const effectiveFrom = calendarDate(dateText);
  if (effectiveFrom === undefined) return `effectiveFrom ${JSON.stringify(dateText)} is not a date`;
  return {
    acquirer: acquirer.value,
    brand: brand.value,
    product: product as RateProduct,
    installmentsFrom,
    installmentsTo,
    mdrMicro,
    advanceMonthlyMicro,
    effectiveFrom,
    row,
  };
}

/** The folded name a sale's is compared with, null for a wildcard, or why not. */
function identifier(text: string, field: 'acquirer' | 'brand', config: Normalizers) {
  if (isWildcard(text)) return { ok: true as const, value: null };
  const read = normalizeIdentifier(text, config.identifierNormalizers[field]);
  return read.ok
    ? { ok: true as const, value: foldName(read.value) }
    : { ok: false as const, error: `${field}: ${read.error}` };
}

function percent(text: string, column: string): number | string {
  const match = PERCENT.exec(text);
  if (!match) return `${column} ${JSON.stringify(text)} is not a percent`;
  const [, sign, whole = '', fraction = ''] = match;
  if (sign === '-') return `${column} ${text} is negative`;
  const micro = Number(whole) * MICRO_PER_PERCENT + Number(fraction.padEnd(6, '0'));
  if (micro > MAX_RATE_PERCENT * MICRO_PER_PERCENT) {
    return `${column} ${text} is above ${MAX_RATE_PERCENT}%: write the percent itself (2,39 for 2,39%)`;
  }
  return micro;
}

/** `yyyy-MM-dd` or `dd/MM/yyyy` of a day that exists, as ISO. */
function calendarDate(text: string): string | undefined {
  const br = BR_DATE.exec(text);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : text;
  return isIsoDate(iso) ? iso : undefined;
}

/** Rows of one acquirer, brand, product and date whose installment ranges share a number. */
function overlaps(rates: readonly ContractRate[]): RateTableError[] {
  const errors: RateTableError[] = [];
  rates.forEach((rate, index) => {
    const earlier = rates
      .slice(0, index)
      .find(
        (other) =>
          other.acquirer === rate.acquirer &&
          other.brand === rate.brand &&
          other.product === rate.product &&
          other.effectiveFrom === rate.effectiveFrom &&
          other.installmentsFrom <= rate.installmentsTo &&
          rate.installmentsFrom <= other.installmentsTo,
      );
    if (earlier) {
      errors.push({
        row: rate.row,
        reason: `installments ${rate.installmentsFrom}-${rate.installmentsTo} overlap row ${earlier.row} (same acquirer, brand, product and effectiveFrom)`,
      });
    }
  });
  return errors;
}

/** The errors as lines for a person: `row 4: unknown product "PIX" (...)`. */
export function describeRateErrors(errors: readonly RateTableError[]): string {
  return errors.map(({ row, reason }) => `row ${row}: ${reason}`).join('\n');
}
