/**
 * The top of the report: one card per action category with something in it (count and money at
 * stake) and per section's entry (a fee overcharge, a missing deposit, with whom it is owed by),
 * largest money first in the same order as the morning message, then the largest items of each
 * category, so a short payment is never hidden behind a list of unforecast deposits.
 */

import { type ActionCategory, type ActionItem, CAPPED } from '../book/types';
import { addDays, daysBetween } from '../calendar';
import { formatBrl, formatCount } from '../money';
import { formatDate } from '../report-kit/dates';
import { html, joinHtml, type SafeHtml } from '../report-kit/escape';
import type { ActionEntry } from '../report-kit/section';
import { type FullListsInput, moreLine, shownRows } from '../report-kit/short-list';
import { type Cell, cellsFor, renderTable } from '../report-kit/table';
import { type ActionLine, actionLines, chargebackNote, receivableParts } from './action-order';
import { textsFor } from './i18n';
import { breakKindOfState, inboxListUrl } from './inbox-links';
import type { ReportLanguage, RunSummary } from './types';

/** The colours of the action states the book's lifecycle added, beside those of report-kit/style.ts. */
export const ACTION_STATE_STYLE = `.CHARGED_BACK{--c:#b42318}.UNLINKED{--c:#475467}
h3.CHARGED_BACK,h3.UNLINKED{border-left:5px solid var(--c);padding-left:.5rem}
`;

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
function card(c: ActionCategory, s: RunSummary): SafeHtml {
  const { language } = s;
  const t = textsFor(language);
  const kind = breakKindOfState(c.state);
  const href = (kind && inboxListUrl(s, { kind })) || `#${c.state}`;
  const figures =
    c.amountCents === 0
      ? html`<span class="amount">${t.receivables(c.count)}</span>`
      : html`<span class="amount">${formatBrl(c.amountCents, language)}</span><span class="sub">${t.atStake[c.state] ?? ''}</span><span class="sub">${t.receivables(c.count)}</span>`;
  return html`<a class="card ${c.state}" href="${href}"><span class="label">${t.states[c.state] ?? c.state}</span>${figures}</a>`;
}

/** A section's entry: its money, and who owes it; the card leads to the inbox's list, else to the section. */
function entryCard(entry: ActionEntry, s: RunSummary): SafeHtml {
  const href = inboxListUrl(s, { kind: entry.breakKind }) ?? `#${entry.anchor}`;
  return html`<a class="card entry" href="${href}"><span class="label">${entry.label}</span><span class="amount">${formatBrl(entry.amountCents, s.language)}</span><span class="sub">${entry.detail}</span></a>`;
}

function lineCard(line: ActionLine, s: RunSummary): SafeHtml {
  return line.kind === 'category' ? card(line.category, s) : entryCard(line.entry, s);
}

/**
 * The category's few largest items; the rest are counted, and in its CSV when the run wrote one.
 * With an inbox, each item leads to the inbox's list of its kind, acquirer and merchant.
 */
function largestItems(c: ActionCategory, s: FullListsInput & Pick<RunSummary, 'inboxUrl'>): SafeHtml {
  const { language } = s;
  const t = textsFor(language);
  const cell = cellsFor(language);
  const shown = shownRows(c.largest);
  const heading = html`<h3 id="${c.state}" class="category ${c.state}">${t.states[c.state] ?? c.state} <small>${t.attention.shown(shown.length, t.receivables(c.count))}</small></h3>`;
  const kind = breakKindOfState(c.state);
  const rows = shown.map((item) => [
    withHref(
      cell.text(
        (item.review === undefined
          ? receivableLabel(item, language)
          : `${receivableLabel(item, language)} (${t.attention.review[item.review] ?? item.review})`) +
          chargebackNote(item, language),
      ),
      kind && inboxListUrl(s, { kind, acquirer: item.acquirer, merchant: item.merchant }),
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
  return html`${heading}\n${renderTable(columns, rows, { none: t.none })}\n${moreLine(s, c.state, shown.length, c.count)}`;
}

/**
 * One line when the period ends days before the as-of date and receivables are late: the run fetched
 * no payment made after the period, so some of them may be paid already (a January run read in
 * April calls February's payments late). A nightly run ends the day before its as-of date: no line.
 */
function periodCut(s: RunSummary): SafeHtml[] {
  const late = s.attention.find((c) => c.state === 'OVERDUE')?.count ?? 0;
  if (late === 0 || daysBetween(s.to, s.asOf) <= 1) return [];
  const t = textsFor(s.language);
  const date = (d: string) => formatDate(d, s.language);
  const line = t.attention.periodCut(
    date(s.to),
    late,
    formatCount(late, s.language),
    date(addDays(s.asOf, -1)),
  );
  return [html`<p class="bad period-cut">${line}</p>`];
}

const withHref = (cell: Cell, href: string | undefined): Cell => (href ? { ...cell, href } : cell);

/** `after`: what the report places right under the cards, before each category's largest items. */
export function renderAttention(s: RunSummary, after: SafeHtml = html``): SafeHtml {
  const t = textsFor(s.language);
  // Empty categories (the capped one included) are left out: a card must have something at stake.
  const lines = actionLines(s);
  const heading = joinHtml(
    [html`<h2>${t.attention.heading}</h2>\n<p class="muted">${t.attention.intro}</p>`, ...periodCut(s)],
    html`\n`,
  );
  if (lines.length === 0) return html`${heading}\n<p>${t.message.nothingToAct}</p>\n${after}`;
  // Capped receivables are named in their own states' lists; their card leads to the explanation.
  // A section's entries are listed in the section itself.
  const listed = lines.flatMap((line) =>
    line.kind === 'category' && line.category.state !== CAPPED ? [line.category] : [],
  );
  const newline = html`\n`;
  return joinHtml(
    [
      heading,
      html`<div class="cards">${joinHtml(
        lines.map((line) => lineCard(line, s)),
        newline,
      )}</div>`,
      ...(s.capped.count > 0
        ? [html`<p id="${CAPPED}" class="${CAPPED}">${`${t.states[CAPPED]}: ${t.attention.capped}`}</p>`]
        : []),
      after,
      ...(listed.length > 0 ? [html`<h2>${t.attention.largest}</h2>`] : []),
      ...listed.map((c) => largestItems(c, s)),
    ],
    newline,
  );
}
