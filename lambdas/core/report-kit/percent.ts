/** How the report writes a rate kept as decimal text ("2.7", "1"): as finance writes it in each language. */
import { DECIMAL_SEPARATOR } from '../money';
import type { ReportLanguage } from '../report-language';

const SUFFIX: Readonly<Record<ReportLanguage, string>> = { 'pt-BR': ' %', en: '%' };

/** "2.7" -> "2,70 %" / "2.70%": at least two decimals, every digit kept (a contract may give four). */
export function formatPercent(text: string, language: ReportLanguage): string {
  const [whole = '', fraction = ''] = text.split('.');
  return `${whole}${DECIMAL_SEPARATOR[language]}${fraction.padEnd(2, '0')}${SUFFIX[language]}`;
}
