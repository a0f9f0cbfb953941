/**
 * Reais for people, from integer centavos with integer arithmetic only (a float would print
 * R$ 0,30000000000000004 one day). Brazilian grouping by default: R$ 1.234,56; English R$ 1,234.56.
 */
import type { Cents } from '../money';
import type { ReportLanguage } from './types';

const SEPARATORS: Readonly<Record<ReportLanguage, { group: string; decimal: string }>> = {
  'pt-BR': { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** A whole number with the language's thousands separator: 1653 -> "1.653" (pt-BR), "1,653" (en). */
export function formatCount(n: number, language: ReportLanguage): string {
  const digits = Math.trunc(Math.abs(n))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, SEPARATORS[language].group);
  return `${n < 0 ? '-' : ''}${digits}`;
}

/** `-17320` -> "-R$ 173,20": sign first, as pt-BR writes it. */
export function formatBrl(cents: Cents, language: ReportLanguage): string {
  const abs = Math.abs(cents);
  const reais = formatCount(Math.trunc(abs / 100), language);
  const centavos = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}R$ ${reais}${SEPARATORS[language].decimal}${centavos}`;
}

const SCALES: Readonly<Record<ReportLanguage, readonly { cents: number; suffix: string }[]>> = {
  'pt-BR': [
    { cents: 100_000_000, suffix: ' mi' },
    { cents: 100_000, suffix: ' mil' },
  ],
  en: [
    { cents: 100_000_000, suffix: 'M' },
    { cents: 100_000, suffix: 'k' },
  ],
};

/**
 * Short axis labels ("R$ 150 mil", "R$ 1,5 mi"; "R$ 150k", "R$ 1.5M"): at most two decimals of
 * the scale, truncated, trailing zeros dropped. Axis ticks are round numbers, so nothing is lost.
 */
export function formatBrlShort(cents: Cents, language: ReportLanguage): string {
  const abs = Math.abs(cents);
  const scale = SCALES[language].find((s) => abs >= s.cents);
  if (!scale) {
    const full = formatBrl(cents, language);
    return abs % 100 === 0 ? full.slice(0, -3) : full;
  }
  const whole = Math.trunc(abs / scale.cents);
  const hundredths = Math.trunc(((abs % scale.cents) * 100) / scale.cents);
  const fraction = String(hundredths).padStart(2, '0').replace(/0+$/, '');
  const decimals = fraction ? `${SEPARATORS[language].decimal}${fraction}` : '';
  return `${cents < 0 ? '-' : ''}R$ ${formatCount(whole, language)}${decimals}${scale.suffix}`;
}

/** A count with its noun in the right number: (1, 'registro', 'registros') -> "1 registro". */
export function formatQuantity(n: number, one: string, many: string, language: ReportLanguage): string {
  return `${formatCount(n, language)} ${n === 1 ? one : many}`;
}
