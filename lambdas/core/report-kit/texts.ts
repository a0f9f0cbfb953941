/**
 * The texts convention of the report and its sections: one object per language, of one type, and a
 * function that gives the language's (plurals inside them go through plural.ts).
 */
import type { ReportLanguage } from '../report-language';

export const textsByLanguage =
  <T>(texts: Readonly<Record<ReportLanguage, T>>) =>
  (language: ReportLanguage): T =>
    texts[language];
