/**
 * The agenda de recebíveis by week: forecast and settled net of the receivables due each week. Weeks
 * (not days) because a year of daily points is a row of spikes nobody can read; Monday-based, as
 * Brazilian finance calendars are.
 */
import { addDays, fromEpochDay, type IsoDate, isIsoDate, toEpochDay } from '../calendar';
import type { SummaryReceivable, WeeklyPoint } from './types';

/** Monday of the week of `date` (1970-01-01, epoch day 0, was a Thursday). */
export function weekStartOf(date: IsoDate): IsoDate {
  const day = toEpochDay(date);
  return fromEpochDay(day - ((((day + 3) % 7) + 7) % 7));
}

/**
 * Weeks that have receivables due, sorted. Receivables without a due date are left out, and so is
 * a due date that is not a calendar date: the morning report must render whatever the store holds.
 */
export function buildWeeklyAgenda(receivables: Iterable<SummaryReceivable>): WeeklyPoint[] {
  const byWeek = new Map<IsoDate, { forecastNetCents: number; settledNetCents: number }>();
  for (const r of receivables) {
    if (r.dueDate === null || !isIsoDate(r.dueDate)) continue;
    const weekStart = weekStartOf(r.dueDate);
    const week = byWeek.get(weekStart) ?? { forecastNetCents: 0, settledNetCents: 0 };
    week.forecastNetCents += r.forecastNetCents ?? 0;
    week.settledNetCents += r.settledNetCents ?? 0;
    byWeek.set(weekStart, week);
  }
  return [...byWeek.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([weekStart, v]) => ({ weekStart, ...v }));
}

/** How far the chart looks back and ahead of the as-of date: half a year behind, a year ahead. */
export const CHART_WEEKS_BEFORE = 26;
export const CHART_WEEKS_AFTER = 52;

export interface ChartWindow {
  /** Every week of the window, empty weeks included, so the x axis is true calendar time. */
  readonly weeks: readonly WeeklyPoint[];
  /** Forecast net due in weeks outside the window (told in a sentence under the chart). */
  readonly outsideForecastCents: number;
  readonly outsideWeeks: number;
}

/**
 * The weeks the chart draws: those with data inside the window around the as-of week, plus that
 * week, so "today" is on the axis and a stray 2099 due date cannot squash a year into a sliver.
 */
export function chartWindow(weekly: readonly WeeklyPoint[], asOf: IsoDate): ChartWindow {
  const asOfWeek = weekStartOf(asOf);
  const from = addDays(asOfWeek, -7 * CHART_WEEKS_BEFORE);
  const to = addDays(asOfWeek, 7 * CHART_WEEKS_AFTER);
  const inside = weekly.filter((w) => w.weekStart >= from && w.weekStart <= to);
  const outside = weekly.filter((w) => w.weekStart < from || w.weekStart > to);
  const first = minDate(inside[0]?.weekStart ?? asOfWeek, asOfWeek);
  const last = maxDate(inside[inside.length - 1]?.weekStart ?? asOfWeek, asOfWeek);
  const known = new Map(inside.map((w) => [w.weekStart, w]));
  const weeks: WeeklyPoint[] = [];
  for (let week = first; week <= last; week = addDays(week, 7)) {
    weeks.push(known.get(week) ?? { weekStart: week, forecastNetCents: 0, settledNetCents: 0 });
  }
  return {
    weeks,
    outsideForecastCents: outside.reduce((n, w) => n + w.forecastNetCents, 0),
    outsideWeeks: outside.length,
  };
}

const minDate = (a: IsoDate, b: IsoDate) => (a < b ? a : b);
const maxDate = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
