/**
 * The agenda de recebíveis as inline SVG: one pair of bars per week (forecast wide and pale, received
 * narrow and dark inside it), R$ gridlines, month labels, and the weeks after the as-of date shaded.
 * Drawn by hand (no chart library, no script) so the report opens offline from an e-mail or S3.
 */

import { chartWindow, weekStartOf } from '../book/agenda';
import type { WeeklyPoint } from '../book/types';
import { addDays, daysBetween, type IsoDate } from '../calendar';
import { formatBrl, formatBrlShort, formatCount } from '../money';
import { html, joinHtml, type SafeHtml } from './escape';
import { formatDate, textsFor } from './i18n';
import type { ReportLanguage } from './types';

const WIDTH = 760;
const HEIGHT = 300;
const PAD = { left: 76, right: 8, top: 26, bottom: 40 };
const BASELINE = HEIGHT - PAD.bottom;
const INNER_H = BASELINE - PAD.top;
/** A week never gets wider than this, so three weeks of data do not draw three slabs. */
const MAX_SLOT = 36;

/** A round step (1, 2 or 5 × 10^k centavos, at least R$ 1) giving about four gridlines. */
export function niceStep(maxCents: number): number {
  const raw = Math.max(100, maxCents / 4);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const factor = [1, 2, 5, 10].find((f) => f * magnitude >= raw) ?? 10;
  return factor * magnitude;
}

interface Frame {
  readonly first: IsoDate;
  readonly slot: number;
  readonly top: number;
}

const xOfDay = (f: Frame, date: IsoDate) => PAD.left + (daysBetween(f.first, date) / 7) * f.slot;
const yOf = (f: Frame, cents: number) => BASELINE - (cents / f.top) * INNER_H;

function gridlines(f: Frame, step: number, right: number, language: ReportLanguage): SafeHtml[] {
  const lines: SafeHtml[] = [];
  for (let value = 0; value <= f.top; value += step) {
    const y = tenths(yOf(f, value));
    lines.push(
      html`<line x1="${PAD.left}" y1="${y}" x2="${right}" y2="${y}" class="${value === 0 ? 'axis' : 'grid'}"/>`,
      html`<text x="${PAD.left - 6}" y="${tenths(y + 4)}" text-anchor="end">${formatBrlShort(value, language)}</text>`,
    );
  }
  return lines;
}

/** A tick and a month name at each month's first day up to `last`; the year under January and the first month. */
function monthLabels(f: Frame, last: IsoDate, language: ReportLanguage): SafeHtml[] {
  const months = textsFor(language).agenda.months;
  const labels: SafeHtml[] = [];
  const [y0, m0] = f.first.split('-').map(Number) as [number, number];
  for (let i = 0; ; i++) {
    const year = y0 + Math.floor((m0 - 1 + i) / 12);
    const month = ((m0 - 1 + i) % 12) + 1;
    const date = `${year}-${String(month).padStart(2, '0')}-01`;
    if (date > last) break;
    if (date < f.first) continue;
    const x = tenths(xOfDay(f, date));
    const firstLabel = labels.length === 0;
    labels.push(
      html`<line x1="${x}" y1="${BASELINE}" x2="${x}" y2="${BASELINE + 5}" class="axis"/>`,
      html`<text x="${x + 3}" y="${BASELINE + 16}">${months[month - 1] ?? ''}</text>`,
    );
    if (month === 1 || firstLabel) labels.push(html`<text x="${x + 3}" y="${BASELINE + 30}">${year}</text>`);
  }
  return labels;
}

function bars(f: Frame, weeks: readonly WeeklyPoint[], asOf: IsoDate, language: ReportLanguage): SafeHtml[] {
  const t = textsFor(language);
  return weeks.flatMap((w, i) => {
    if (w.forecastNetCents === 0 && w.settledNetCents === 0) return [];
    const x = PAD.left + i * f.slot;
    const future = w.weekStart > asOf ? ' future' : '';
    const rect = (cls: string, from: number, width: number, cents: number) =>
      cents === 0
        ? ''
        : html`<rect class="${cls}${future}" x="${tenths(x + from * f.slot)}" y="${tenths(yOf(f, cents))}" width="${tenths(width * f.slot)}" height="${tenths(BASELINE - yOf(f, cents))}"/>`;
    const title = t.agenda.bar(
      formatDate(w.weekStart, language),
      formatBrl(w.forecastNetCents, language),
      formatBrl(w.settledNetCents, language),
    );
    return [
      html`<g><title>${title}</title>${rect('fc', 0.08, 0.84, w.forecastNetCents)}${rect('rc', 0.3, 0.4, w.settledNetCents)}</g>`,
    ];
  });
}

/** The weekly agenda chart with its legend, or a short sentence when nothing has a due date. */
export function renderWeeklyChart(weekly: readonly WeeklyPoint[], asOf: IsoDate, language: ReportLanguage) {
  const t = textsFor(language).agenda;
  if (weekly.length === 0) return html`<p class="muted">${t.empty}</p>`;
  const window = chartWindow(weekly, asOf);
  const max = Math.max(...window.weeks.flatMap((w) => [w.forecastNetCents, w.settledNetCents]));
  const step = niceStep(max);
  const first = window.weeks[0]?.weekStart ?? weekStartOf(asOf);
  const frame: Frame = {
    first,
    slot: Math.min(MAX_SLOT, (WIDTH - PAD.left - PAD.right) / window.weeks.length),
    top: Math.max(step, Math.ceil(max / step) * step),
  };
  const right = tenths(PAD.left + window.weeks.length * frame.slot);
  const last = window.weeks[window.weeks.length - 1]?.weekStart ?? first;
  // The as-of day is past: the shade starts at the end of it.
  const today = tenths(Math.min(right, xOfDay(frame, asOf) + frame.slot / 7));
  const svg = [
    html`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${t.heading}">`,
    today < right
      ? html`<rect class="future-zone" x="${today}" y="${PAD.top}" width="${tenths(right - today)}" height="${INNER_H}"/>`
      : html``,
    ...gridlines(frame, step, right, language),
    ...monthLabels(frame, addDays(last, 6), language),
    ...bars(frame, window.weeks, asOf, language),
    html`<line class="today" x1="${today}" y1="${PAD.top - 8}" x2="${today}" y2="${BASELINE}"/>`,
    html`<text class="today-label" x="${today}" y="${PAD.top - 12}" text-anchor="middle">${`${t.asOf} ${formatDate(asOf, language)}`}</text>`,
    html`</svg>`,
  ];
  const legend = html`<p class="legend"><span class="swatch fc"></span>${t.forecast}<span class="swatch rc"></span>${t.settled}<span class="swatch future-zone"></span>${t.future}</p>`;
  const outside =
    window.outsideWeeks > 0
      ? html`<p class="muted">${t.outside(formatCount(window.outsideWeeks, language), formatBrl(window.outsideForecastCents, language))}</p>`
      : '';
  return html`${legend}\n<div class="chart">${joinHtml(svg, html`\n`)}</div>\n<p class="muted hint">${t.scrollHint}</p>\n${outside}`;
}

/** A coordinate rounded to a tenth of a pixel: short SVG text, no visible difference. */
function tenths(value: number): number {
  return Math.round(value * 10) / 10;
}
