/**
 * Money is an integer number of centavos everywhere in recon, and this is the one place that writes
 * it (and counts) for people: in the report, the morning message, the CLI and the simulator's files.
 * Amounts are written with integer arithmetic only (a float would print R$ 0,30000000000000004 one
 * day); Intl groups the digits of whole numbers, where it gives exactly the bytes recon always wrote.
 * Brazilian grouping by default: R$ 1.234,56; English R$ 1,234.56.
 */
import { DEFAULT_REPORT_LANGUAGE, type ReportLanguage } from './report-language';

export type Cents = number;

/** The decimal mark of each language the report writes. */
export const DECIMAL_SEPARATOR: Readonly<Record<ReportLanguage, string>> = { 'pt-BR': ',', en: '.' };

// Built once per language: a formatter parses its locale data when it is made.
const WHOLE_NUMBER: Readonly<Record<ReportLanguage, Intl.NumberFormat>> = {
  'pt-BR': new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 }),
  en: new Intl.NumberFormat('en', { maximumFractionDigits: 0 }),
};

/** A whole number with the language's thousands separator: 1653 -> "1.653" (pt-BR), "1,653" (en). */
export function formatCount(n: number, language: ReportLanguage): string {
  // The sign is written here: Intl would write "-0" for a negative zero.
  return `${n < 0 ? '-' : ''}${WHOLE_NUMBER[language].format(Math.trunc(Math.abs(n)))}`;
}

/** An integer read with `decimals` implied places: (123456, 2) -> "1.234,56"; (123, 1) -> "12,3". */
export function formatFixed(scaled: number, decimals: number, language: ReportLanguage): string {
  const unit = 10 ** decimals;
  const abs = Math.abs(scaled);
  const fraction = String(abs % unit).padStart(decimals, '0');
  return `${scaled < 0 ? '-' : ''}${formatCount(Math.trunc(abs / unit), language)}${DECIMAL_SEPARATOR[language]}${fraction}`;
}

/** An amount without the currency: 123456 -> "1.234,56" (pt-BR unless asked, as the providers write it). */
export function formatCents(cents: Cents, language: ReportLanguage = DEFAULT_REPORT_LANGUAGE): string {
  return formatFixed(cents, 2, language);
}

/**
 * An amount in reais as people type it ("10,50", "10.5", "7"): its centavos, or undefined when it is
 * not one. Integer arithmetic, like the writing above.
 */
export function parseReaisCents(value: string): Cents | undefined {
  const match = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** `-17320` -> "-R$ 173,20": sign first, as pt-BR writes it. */
export function formatBrl(cents: Cents, language: ReportLanguage): string {
  return `${cents < 0 ? '-' : ''}R$ ${formatCents(Math.abs(cents), language)}`;
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
  const decimals = fraction ? `${DECIMAL_SEPARATOR[language]}${fraction}` : '';
  return `${cents < 0 ? '-' : ''}R$ ${formatCount(whole, language)}${decimals}${scale.suffix}`;
}
