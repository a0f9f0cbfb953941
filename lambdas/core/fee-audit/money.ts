/**
 * Fee arithmetic on integer centavos and integer rates, so an expected fee is exact: a rate is held
 * as micro-percent (`2.39%` → 2_390_000), and products are taken in BigInt (a gross of R$ 1 billion
 * times a rate of 100% overflows 2^53 in plain numbers).
 */
import type { Cents } from '../money';

/** Micro-percent units in one percent: a rate keeps up to six decimals of a percent. */
export const MICRO_PER_PERCENT = 1_000_000;
const MICRO_PER_UNIT = BigInt(100 * MICRO_PER_PERCENT);

/** A rate as micro-percent → its decimal text in percent (`2390000` → `"2.39"`). */
export function percentText(micro: number): string {
  const whole = Math.floor(micro / MICRO_PER_PERCENT);
  const fraction = String(micro % MICRO_PER_PERCENT)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/**
 * The rate a fee makes of its gross, in percent with two decimals (`239` of `10000` → `"2.39"`),
 * rounded half up in integers: a rate shown beside the contract's is never a float's rounding.
 */
export function ratePercentText(feeCents: Cents, grossCents: Cents): string {
  const hundredths = proportionalRatio(Math.abs(feeCents) * 10_000, Math.abs(grossCents));
  const sign = feeCents < 0 !== grossCents < 0 && hundredths > 0 ? '-' : '';
  return `${sign}${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** `numerator / denominator` for non-negative integers, rounded half up. */
function proportionalRatio(numerator: number, denominator: number): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((n * 2n + d) / (d * 2n));
}

/** `amount × micro-percent × numerator / denominator`, rounded half up (away from zero) to the centavo. */
function proportionalCents(amount: Cents, micro: number, numerator = 1, denominator = 1): Cents {
  const scaled = BigInt(Math.abs(amount)) * BigInt(micro) * BigInt(numerator);
  const divisor = MICRO_PER_UNIT * BigInt(denominator);
  const rounded = (scaled * 2n + divisor) / (divisor * 2n);
  return Number(rounded) * Math.sign(amount || 1);
}

/** The fee the contract allows on a sale: gross × MDR, half up to the centavo. */
export function contractFeeCents(grossCents: Cents, mdrMicro: number): Cents {
  return proportionalCents(grossCents, mdrMicro);
}

/** Days of a month in the advance formula (docs/fee-audit.md): the commercial month. */
const ADVANCE_MONTH_DAYS = 30;

/**
 * The fee the contract allows on an advance: the advanced amount × the monthly rate × days
 * advanced / 30, half up to the centavo (docs/fee-audit.md).
 */
export function contractAdvanceFeeCents(amountCents: Cents, monthlyMicro: number, days: number): Cents {
  return proportionalCents(amountCents, monthlyMicro, Math.max(0, days), ADVANCE_MONTH_DAYS);
}
