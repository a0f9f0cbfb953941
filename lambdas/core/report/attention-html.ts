/**
 * The top of the report: one card per action category with something in it (count and money at
 * stake), largest money first in the same order as the morning message, then the largest items of
 * each, so a short payment is never hidden behind a list of unforecast deposits.
 */

import { type ActionCategory, type ActionItem, CAPPED } from '../book/types';
import { formatBrl } from '../money';
import { actionCategoriesByAmount, receivableParts } from './action-order';
import { html, joinHtml, type SafeHtml } from './escape';
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
function card(c: ActionCategory, language: ReportLanguage): SafeHtml {
  const t = textsFor(language);
  const figures =
    c.amountCents === 0
      ? html`<span class="amount">${t.receivables(c.count)}</span>`
      : html`<span class="amount">${formatBrl(c.amountCents, language)}</span><span class="sub">${t.atStake[c.state] ?? ''}</span><span class="sub">${t.receivables(c.count)}</span>`;
  return html`<a class="card ${c.state}" href="#${c.state}"><span class="label">${t.states[c.state] ?? c.state}</span>${figures}</a>`;
}

function largestItems(c: ActionCategory, language: ReportLanguage): SafeHtml {
  const t = textsFor(language);
  const cell = cellsFor(language);
  const heading = html`<h3 id="${c.state}" class="category ${c.state}">${t.states[c.state] ?? c.state} <small>${t.attention.shown(c.largest.length, t.receivables(c.count))}</small></h3>`;
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
  return html`${heading}\n${renderTable(columns, rows, { none: t.none })}`;
}

export function renderAttention(s: RunSummary): SafeHtml {
  const t = textsFor(s.language);
  // Empty categories (the capped one included) are left out: a card must have something at stake.
  const categories = actionCategoriesByAmount(s);
  const heading = html`<h2>${t.attention.heading}</h2>\n<p class="muted">${t.attention.intro}</p>`;
  if (categories.length === 0) return html`${heading}\n<p>${t.message.nothingToAct}</p>`;
  // Capped receivables are named in their own states' lists; their card leads to the explanation.
  const listed = categories.filter((c) => c.state !== CAPPED);
  const newline = html`\n`;
  return joinHtml(
    [
      heading,
      html`<div class="cards">${joinHtml(
        categories.map((c) => card(c, s.language)),
        newline,
      )}</div>`,
      ...(s.capped.count > 0
        ? [html`<p id="${CAPPED}" class="${CAPPED}">${`${t.states[CAPPED]}: ${t.attention.capped}`}</p>`]
        : []),
      ...(listed.length > 0 ? [html`<h2>${t.attention.largest}</h2>`] : []),
      ...listed.map((c) => largestItems(c, s.language)),
    ],
    newline,
  );
}
