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
