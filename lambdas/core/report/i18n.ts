/** The report's language: its words ({@link Texts}); dates and durations are the kit's (report-kit/dates.ts). */

import { textsByLanguage } from '../report-kit/texts';
import { ENGLISH } from './lang-en';
import { PORTUGUESE } from './lang-pt-br';
import type { Texts } from './texts';
import type { ReportLanguage } from './types';

export const textsFor = textsByLanguage<Texts>({ 'pt-BR': PORTUGUESE, en: ENGLISH });

/** The provider environment a run read, as the report's reader calls it ("homologação", not "sandbox"). */
export function environmentName(environment: string, language: ReportLanguage): string {
  return textsFor(language).environments[environment] ?? environment;
}
