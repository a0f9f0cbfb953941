/**
 * The top of the report: one card per action category with something in it (count and money at
 * stake), largest money first in the same order as the morning message, then the largest items of
 * each, so a short payment is never hidden behind a list of unforecast deposits.
 */

import { type ActionCategory, type ActionItem, CAPPED } from '../book/types';
import { actionCategoriesByAmount, receivableParts } from './action-order';
import { formatBrl } from './brl';
import { escapeHtml } from './escape';
import { textsFor } from './i18n';
import { chargebackNote } from './lifecycle-html';
import { cellsFor, renderTable } from './table';
import type { ReportLanguage, RunSummary } from './types';

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

/**
 * A card: the money at stake as its headline. Capped receivables may have no amount known (the
 * refused records hold it): then the count is the headline, never "R$ 0,00 at stake".
 */
function card(c: ActionCategory, language: ReportLanguage): string {
  const t = textsFor(language);
  const figures =
    c.amountCents === 0
      ? [`<span class="amount">${escapeHtml(t.receivables(c.count))}</span>`]
      : [
          `<span class="amount">${escapeHtml(formatBrl(c.amountCents, language))}</span>`,
          `<span class="sub">${escapeHtml(t.atStake[c.state] ?? '')}</span>`,
          `<span class="sub">${escapeHtml(t.receivables(c.count))}</span>`,
        ];
  return [
    `<a class="card ${escapeHtml(c.state)}" href="#${escapeHtml(c.state)}">`,
    `<span class="label">${escapeHtml(t.states[c.state] ?? c.state)}</span>`,
    ...figures,
    '</a>',
  ].join('');
}

function largestItems(c: ActionCategory, language: ReportLanguage): string {
  const t = textsFor(language);
  const cell = cellsFor(language);
  const heading = `<h3 id="${escapeHtml(c.state)}" class="category ${escapeHtml(c.state)}">${escapeHtml(t.states[c.state] ?? c.state)} <small>${escapeHtml(t.attention.shown(c.largest.length, t.receivables(c.count)))}</small></h3>`;
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

export function renderAttention(s: RunSummary): string {
  const t = textsFor(s.language);
  // Empty categories (the capped one included) are left out: a card must have something at stake.
  const categories = actionCategoriesByAmount(s);
  const heading = [
    `<h2>${escapeHtml(t.attention.heading)}</h2>`,
    `<p class="muted">${escapeHtml(t.attention.intro)}</p>`,
  ];
  if (categories.length === 0) return [...heading, `<p>${escapeHtml(t.message.nothingToAct)}</p>`].join('\n');
  // Capped receivables are named in their own states' lists; their card leads to the explanation.
  const listed = categories.filter((c) => c.state !== CAPPED);
  return [
    ...heading,
    `<div class="cards">${categories.map((c) => card(c, s.language)).join('\n')}</div>`,
    ...(s.capped.count > 0
      ? [
          `<p id="${CAPPED}" class="${CAPPED}">${escapeHtml(`${t.states[CAPPED]}: ${t.attention.capped}`)}</p>`,
        ]
      : []),
    ...(listed.length > 0 ? [`<h2>${escapeHtml(t.attention.largest)}</h2>`] : []),
    ...listed.map((c) => largestItems(c, s.language)),
  ].join('\n');
}
