/**
 * The forecast-vs-settled chart as inline SVG: two lines over the due dates. Drawn by hand (no
 * chart library, no script) so the report opens offline from an e-mail or an S3 download.
 */
import { formatBrl } from './brl';
import { escapeHtml } from './escape';
import type { DailyPoint } from './types';

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { left: 90, right: 16, top: 16, bottom: 32 };

function polyline(points: readonly DailyPoint[], pick: (p: DailyPoint) => number, max: number): string {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = points.length > 1 ? innerW / (points.length - 1) : 0;
  return points
    .map((p, i) => {
      const x = PAD.left + i * step;
      const y = PAD.top + innerH - (max === 0 ? 0 : (pick(p) / max) * innerH);
      return `${tenths(x)},${tenths(y)}`;
    })
    .join(' ');
}

/** SVG markup, or a short sentence when there is nothing to draw. */
export function renderDailyChart(points: readonly DailyPoint[]): string {
  if (points.length === 0) return '<p class="muted">No receivables with a due date yet.</p>';
  const max = Math.max(1, ...points.flatMap((p) => [p.forecastNetCents, p.settledNetCents]));
  const first = points[0]?.date ?? '';
  const last = points[points.length - 1]?.date ?? '';
  const baseline = HEIGHT - PAD.bottom;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Forecast and settled net per due date">`,
    `<line x1="${PAD.left}" y1="${baseline}" x2="${WIDTH - PAD.right}" y2="${baseline}" class="axis"/>`,
    `<line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${baseline}" class="axis"/>`,
    `<text x="${PAD.left - 6}" y="${PAD.top + 4}" text-anchor="end">${escapeHtml(formatBrl(max))}</text>`,
    `<text x="${PAD.left - 6}" y="${baseline}" text-anchor="end">0</text>`,
    `<text x="${PAD.left}" y="${HEIGHT - 8}">${escapeHtml(first)}</text>`,
    `<text x="${WIDTH - PAD.right}" y="${HEIGHT - 8}" text-anchor="end">${escapeHtml(last)}</text>`,
    `<polyline class="forecast" points="${polyline(points, (p) => p.forecastNetCents, max)}"/>`,
    `<polyline class="settled" points="${polyline(points, (p) => p.settledNetCents, max)}"/>`,
    '</svg>',
  ].join('\n');
}

/** A coordinate rounded to a tenth of a pixel: short SVG text, no visible difference. */
function tenths(value: number): number {
  return Math.round(value * 10) / 10;
}
