/** The report's language: its words ({@link Texts}); dates and durations are the kit's (report-kit/dates.ts). */
import { ENGLISH } from './lang-en';
import { PORTUGUESE } from './lang-pt-br';
import type { Texts } from './texts';
import type { ReportLanguage } from './types';

const TEXTS: Readonly<Record<ReportLanguage, Texts>> = { 'pt-BR': PORTUGUESE, en: ENGLISH };

export function textsFor(language: ReportLanguage): Texts {
  return TEXTS[language];
}

/** The provider environment a run read, as the report's reader calls it ("homologação", not "sandbox"). */
export function environmentName(environment: string, language: ReportLanguage): string {
  return textsFor(language).environments[environment] ?? environment;
}
