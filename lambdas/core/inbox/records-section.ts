/**
 * A break's records on its page (breaks/records.ts): a receivable's forecasts, payments and
 * lifecycle records with their dates and amounts, a deposit's expected amount, credit and reversal,
 * a fee line's contracted and charged fee. Every value goes through the escaping `html` tag.
 */
import type { BreakRecords, ReceivableRecord } from '../breaks/records';
import type { DepositResult } from '../deposits/types';
import type { NightOvercharge } from '../fee-audit/overcharges-lake';
import { formatBrl } from '../money';
import { formatDate } from '../report-kit/dates';
import { html, type SafeHtml } from '../report-kit/escape';
import { formatPercent } from '../report-kit/percent';
import { recordsTextsFor } from './records-texts';

const LANGUAGE = 'pt-BR';
const t = recordsTextsFor(LANGUAGE);
const brl = (cents: number | null) => (cents === null ? '' : formatBrl(cents, LANGUAGE));
const day = (date: string | null) => (date ? formatDate(date, LANGUAGE) : '—');
const row = (term: string, value: string | SafeHtml) => html`<dt>${term}</dt><dd>${value}</dd>`;

function detail(r: ReceivableRecord): string {
  return [
    r.grossCents === null ? '' : `${t.gross} ${brl(r.grossCents)}`,
    r.feeCents === null ? '' : `${t.fee} ${brl(r.feeCents)}`,
    r.copies > 1 ? t.copies(r.copies) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function receivableTable(dueDate: string | null, records: readonly ReceivableRecord[]): SafeHtml {
  const c = t.columns;
  const rows = records.map(
    (r) => html`<tr><td>${t.roles[r.role]}</td><td>${day(r.paymentDate)}</td><td>${day(r.movementDate)}</td>
<td class="money">${brl(r.netCents)}</td><td>${detail(r)}</td></tr>`,
  );
  return html`<p class="muted">${t.dueDate} ${day(dueDate)}</p>
<table id="records"><thead><tr><th>${c.record}</th><th>${c.paymentDate}</th><th>${c.movementDate}</th><th>${c.amount}</th><th>${c.detail}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function depositFacts(r: DepositResult): SafeHtml {
  const d = t.deposit;
  const credit = r.creditCents === null ? d.noCredit : `${brl(r.creditCents)} · ${day(r.creditDate)}`;
  return html`<dl id="records">
${r.expectedCents === null ? html`` : row(d.expected, `${brl(r.expectedCents)} · ${day(r.paymentDate)}`)}
${r.windowEnds === null ? html`` : row(d.windowEnds, day(r.windowEnds))}
${row(d.credit, credit)}${r.memo === null ? html`` : row(d.memo, r.memo)}
${r.reversalCents === null ? html`` : row(d.reversal, `${brl(r.reversalCents)} · ${day(r.reversalDate)}`)}</dl>`;
}

function feeFacts(line: NightOvercharge): SafeHtml {
  const f = t.feeLine;
  const rate = (percent: string | null) => (percent === null ? '' : ` (${formatPercent(percent, LANGUAGE)})`);
  return html`<dl id="records">
${row(line.kind === 'SALE' ? f.sale : f.advance, line.brand)}
${row(f.contract, `${brl(line.contractFeeCents)}${rate(line.contractMdrPercent)}`)}
${row(f.charged, `${brl(line.chargedFeeCents)}${rate(line.chargedMdrPercent)}`)}
${row(f.overcharged, brl(line.differenceCents))}</dl>`;
}

export function recordsSection(records: BreakRecords | undefined): SafeHtml {
  const body = !records
    ? html`<p class="muted">${t.none}</p>`
    : records.source === 'receivable'
      ? receivableTable(records.dueDate, records.records)
      : records.source === 'deposit'
        ? depositFacts(records.result)
        : feeFacts(records.line);
  return html`<h2>${t.heading}</h2>${body}`;
}
