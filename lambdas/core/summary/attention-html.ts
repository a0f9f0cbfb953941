/**
 * The top of the report: one card per action state (count and money at stake), then the largest
 * items of each state, so a short payment is never hidden behind a list of unforecast deposits.
 */
import { receivableParts } from './action-order';
import { formatBrl } from './brl';
import { escapeHtml } from './escape';
import { textsFor } from './i18n';
import { chargebackNote } from './lifecycle-html';
import { cellsFor, renderTable } from './table';
import { type ActionCategory, type ActionItem, CAPPED, type ReportLanguage, type RunSummary } from './types';

/**
 * Who and which installment, the way finance looks a sale up: acquirer, merchant, sale date, NSU.
 * Each part is held together (no-break spaces), so a narrow column wraps between parts, never
 * between "parcela" and its number.
 */
function receivableLabel(item: ActionItem, language: ReportLanguage): string {
  return receivableParts(item, language)
    .map((part) => part.replaceAll(' ', '\u00a0'))
    .join(' · ');
}

function card(c: ActionCategory, language: ReportLanguage): string {
  const t = textsFor(language);
  return [
    `<a class="card ${escapeHtml(c.state)}${c.count === 0 ? ' zero' : ''}" href="#${escapeHtml(c.state)}">`,
    `<span class="label">${escapeHtml(t.states[c.state] ?? c.state)}</span>`,
    `<span class="amount">${escapeHtml(formatBrl(c.amountCents, language))}</span>`,
    `<span class="sub">${escapeHtml(t.atStake[c.state] ?? '')}</span>`,
    `<span class="sub">${escapeHtml(t.receivables(c.count))}</span></a>`,
  ].join('');
}

function largestItems(c: ActionCategory, language: ReportLanguage): string {
  const t = textsFor(language);
  const cell = cellsFor(language);
  const heading = `<h3 id="${escapeHtml(c.state)}" class="${escapeHtml(c.state)}">${escapeHtml(t.states[c.state] ?? c.state)} <small>${escapeHtml(t.attention.shown(c.largest.length, t.receivables(c.count)))}</small></h3>`;
  const rows = c.largest.map((item) => [
    cell.text(
      (item.review === undefined
        ? receivableLabel(item, language)
        : `${receivableLabel(item, language)} (${t.attention.review[item.review] ?? item.review})`) +
        chargebackNote(item, language),
    ),
    cell.date(item.dueDate),
    item.forecastNetCents === null ? cell.text('—') : cell.money(item.forecastNetCents),
    cell.money(item.settledNetCents),
    cell.money(item.differenceCents),
  ]);
  const columns = [
    { label: t.columns.receivable },
    { label: t.columns.dueDate },
    { label: t.columns.forecast, num: true },
    { label: t.columns.settled, num: true },
    { label: t.columns.difference, num: true },
  ];
  return `${heading}\n${renderTable(columns, rows, { none: t.none })}`;
}

/** Capped receivables as one more card: their amounts miss refused records, whatever their state. */
function cappedCategory(s: RunSummary): ActionCategory {
  return { state: CAPPED, count: s.capped.count, amountCents: s.capped.amountCents, largest: [] };
}

export function renderAttention(s: RunSummary): string {
  const t = textsFor(s.language);
  const cards = [...s.attention, cappedCategory(s)];
  return [
    `<h2>${escapeHtml(t.attention.heading)}</h2>`,
    `<p class="muted">${escapeHtml(t.attention.intro)}</p>`,
    `<div class="cards">${cards.map((c) => card(c, s.language)).join('\n')}</div>`,
    ...(s.capped.count > 0
      ? [
          `<p id="${CAPPED}" class="${CAPPED}">${escapeHtml(`${t.states[CAPPED]}: ${t.attention.capped}`)}</p>`,
        ]
      : []),
    `<h2>${escapeHtml(t.attention.largest)}</h2>`,
    ...s.attention.filter((c) => c.count > 0).map((c) => largestItems(c, s.language)),
  ].join('\n');
}
