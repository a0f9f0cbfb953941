/**
 * A word's form for a count, chosen by `Intl.PluralRules` rather than by `n === 1` in each sentence.
 * Portuguese is asked of pt-PT's rules: Brazilian writing puts zero in the plural ("0 recebíveis"),
 * and CLDR's rule for Brazil counts 0 as singular; for whole numbers the two differ only there.
 */
import { formatCount } from '../money';
import type { ReportLanguage } from './types';

const RULES: Readonly<Record<ReportLanguage, Intl.PluralRules>> = {
  'pt-BR': new Intl.PluralRules('pt-PT'),
  en: new Intl.PluralRules('en'),
};

/** `(n, one, other)` for one language: "one" for a single thing, "other" for any other count. */
export type Plural = (n: number, one: string, other: string) => string;

export function pluralIn(language: ReportLanguage): Plural {
  return (n, one, other) => (RULES[language].select(n) === 'one' ? one : other);
}

/** A count with its noun in the right number: (1, 'registro', 'registros') -> "1 registro". */
export function formatQuantity(n: number, one: string, other: string, language: ReportLanguage): string {
  return `${formatCount(n, language)} ${pluralIn(language)(n, one, other)}`;
}
