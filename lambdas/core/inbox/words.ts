/**
 * What a page of the inbox writes in the stage's language: its own words, the breaks' (kinds,
 * statuses, columns), money and dates, looked up once per page and handed to each part of it.
 */
import type { Decision } from '../breaks/decision';
import { type BreaksTexts, breaksTextsFor, decisionText } from '../breaks/report-texts';
import { formatBrl } from '../money';
import { formatDate } from '../report-kit/dates';
import type { ReportLanguage } from '../report-language';
import { type InboxTexts, inboxTextsFor } from './texts';

export interface PageWords {
  readonly language: ReportLanguage;
  readonly t: InboxTexts;
  readonly w: BreaksTexts;
  readonly brl: (cents: number) => string;
  readonly date: (date: string) => string;
  readonly decision: (d: Decision | null) => string;
}

export const pageWordsIn = (language: ReportLanguage): PageWords => ({
  language,
  t: inboxTextsFor(language),
  w: breaksTextsFor(language),
  brl: (cents) => formatBrl(cents, language),
  date: (date) => formatDate(date, language),
  decision: (d) => decisionText(d, language),
});
