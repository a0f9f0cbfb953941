/**
 * A break's records on its page (breaks/records.ts): a receivable's forecasts, payments and
 * lifecycle records with their dates and amounts, a deposit's expected amount, credit and reversal,
 * a fee line's contracted and charged fee. Every value goes through the escaping `html` tag.
 */
import type { BreakRecords, ReceivableRecord } from '../breaks/records';
import type { DepositResult } from '../deposits/types';
import type { NightOvercharge } from '../fee-audit/overcharges-lake';
import { html, type SafeHtml } from '../report-kit/escape';
import { formatPercent } from '../report-kit/percent';
import type { ReportLanguage } from '../report-language';
import { type RecordsTexts, recordsTextsFor } from './records-texts';
import type { PageWords } from './words';

/** The page's words with the section's own, money and dates that may be missing. */
interface Words {
  readonly language: ReportLanguage;
  readonly t: RecordsTexts;
  readonly brl: (cents: number | null) => string;
  readonly day: (date: string | null) => string;
}

const wordsOf = (page: PageWords): Words => ({
  language: page.language,
  t: recordsTextsFor(page.language),
  brl: (cents) => (cents === null ? '' : page.brl(cents)),
  day: (date) => (date ? page.date(date) : '—'),
});

const row = (term: string, value: string | SafeHtml) => html`<dt>${term}</dt><dd>${value}</dd>`;

function detail(r: ReceivableRecord, { t, brl }: Words): string {
  return [
    r.grossCents === null ? '' : `${t.gross} ${brl(r.grossCents)}`,
    r.feeCents === null ? '' : `${t.fee} ${brl(r.feeCents)}`,
    r.copies > 1 ? t.copies(r.copies) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function receivableTable(dueDate: string | null, records: readonly ReceivableRecord[], w: Words): SafeHtml {
  const { t, brl, day } = w;
  const c = t.columns;
  const rows = records.map(
    (r) => html`<tr><td>${t.roles[r.role]}</td><td>${day(r.paymentDate)}</td><td>${day(r.movementDate)}</td>
<td class="money">${brl(r.netCents)}</td><td>${detail(r, w)}</td></tr>`,
  );
  return html`<p class="muted">${t.dueDate} ${day(dueDate)}</p>
<table id="records"><thead><tr><th>${c.record}</th><th>${c.paymentDate}</th><th>${c.movementDate}</th><th>${c.amount}</th><th>${c.detail}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function depositFacts(r: DepositResult, { t, brl, day }: Words): SafeHtml {
  const d = t.deposit;
  const credit = r.creditCents === null ? d.noCredit : `${brl(r.creditCents)} · ${day(r.creditDate)}`;
  return html`<dl id="records">
${r.expectedCents === null ? html`` : row(d.expected, `${brl(r.expectedCents)} · ${day(r.paymentDate)}`)}
${r.windowEnds === null ? html`` : row(d.windowEnds, day(r.windowEnds))}
${row(d.credit, credit)}${r.memo === null ? html`` : row(d.memo, r.memo)}
${r.reversalCents === null ? html`` : row(d.reversal, `${brl(r.reversalCents)} · ${day(r.reversalDate)}`)}</dl>`;
}

function feeFacts(line: NightOvercharge, { t, brl, language }: Words): SafeHtml {
  const f = t.feeLine;
  const rate = (percent: string | null) => (percent === null ? '' : ` (${formatPercent(percent, language)})`);
  return html`<dl id="records">
${row(line.kind === 'SALE' ? f.sale : f.advance, line.brand)}
${row(f.contract, `${brl(line.contractFeeCents)}${rate(line.contractMdrPercent)}`)}
${row(f.charged, `${brl(line.chargedFeeCents)}${rate(line.chargedMdrPercent)}`)}
${row(f.overcharged, brl(line.differenceCents))}</dl>`;
}

export function recordsSection(records: BreakRecords | undefined, page: PageWords): SafeHtml {
  const w = wordsOf(page);
  const body = !records
    ? html`<p class="muted">${w.t.none}</p>`
    : records.source === 'receivable'
      ? receivableTable(records.dueDate, records.records, w)
      : records.source === 'deposit'
        ? depositFacts(records.result, w)
        : feeFacts(records.line, w);
  return html`<h2>${w.t.heading}</h2>${body}`;
}
