/**
 * Languages of the report and notification: Brazilian Portuguese unless the stage or CLI says English.
 * A leaf of the core, so the workflow's settings can name them without depending on the summary
 * (which depends on the workflow's contracts).
 */
export const REPORT_LANGUAGES = ['pt-BR', 'en'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
export const DEFAULT_REPORT_LANGUAGE: ReportLanguage = 'pt-BR';

export const isReportLanguage = (value: string): value is ReportLanguage =>
  (REPORT_LANGUAGES as readonly string[]).includes(value);
