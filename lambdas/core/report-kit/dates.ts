/** How the report writes dates, instants and durations, in each of its languages. */
import { BUSINESS_TIME_ZONE, type IsoDate } from '../calendar';
import { formatFixed } from '../money';
import type { ReportLanguage } from '../report-language';

/** Month names as the English report abbreviates them (no "Sept": the same three letters everywhere). */
export const ENGLISH_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** "31/03/2025" in Portuguese; "31 Mar 2025" in English (day first, month by name: no US/UK doubt). */
export function formatDate(date: IsoDate, language: ReportLanguage): string {
  const [y, m, d] = date.split('-');
  if (language === 'pt-BR') return `${d}/${m}/${y}`;
  return `${Number(d)} ${ENGLISH_MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/** Tenths of a second in the language's decimal style: 12345 ms -> "12,3" / "12.3". */
export function formatSeconds(ms: number, language: ReportLanguage): string {
  return formatFixed(Math.round(ms / 100), 1, language);
}

/** The time zone's name beside an instant, one per language like every word of the report. */
const LOCAL_TIME: Readonly<Record<ReportLanguage, string>> = {
  'pt-BR': 'horário de Brasília',
  en: 'Brasília time',
};

/** An instant as date and 24-hour time in São Paulo, where the finance team reads it. */
export function formatInstant(iso: string, language: ReportLanguage): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  return `${formatDate(date, language)} ${part('hour')}:${part('minute')} (${LOCAL_TIME[language]})`;
}
