/**
 * The report's section "Taxas acima do contrato" (docs/fee-audit.md): the audit's state, how many
 * receivables were compared and how many had no contracted rate, what was charged above the contract
 * per acquirer and brand, and the largest items with the contracted and charged rates side by side.
 * When nothing was compared the section says so and points at the table, never "no fee above the
 * contract". Its words are report-texts.ts's; its line of the morning message, report-message.ts's.
 */

import { formatCount } from '../money';
import { formatDate } from '../report-kit/dates';
import { html, type SafeHtml } from '../report-kit/escape';
import { formatPercent } from '../report-kit/percent';
import type { ReportSection } from '../report-kit/section';
import { type FullListsInput, moreLine, shownRows } from '../report-kit/short-list';
import { cellsFor, renderTable } from '../report-kit/table';
import type { ReportLanguage } from '../report-language';
import { FEE_AUDIT_LISTS, feeAuditFullLists } from './report-full-lists';
import { FEE_AUDIT_ANCHOR, feeAuditActionEntries, feeAuditMessageLines } from './report-message';
import { feeAuditTextsFor } from './report-texts';
import {
  type FeeAuditSection,
  type OverchargeDecision,
  type OverchargeItem,
  overchargeIdentity,
} from './section-model';

/** What the section reads of the run summary. */
export interface FeeAuditReportInput extends FullListsInput {
  /** The fee audit's section (docs/fee-audit.md); absent in summaries made before it existed. */
  readonly feeAudit?: FeeAuditSection;
}

/** Empty when the summary predates the audit (no field at all). */
export function feeAuditHtml(s: FeeAuditReportInput): SafeHtml {
  const section = s.feeAudit;
  if (section === undefined) return html``;
  const w = feeAuditTextsFor(s.language);
  return html`<h2 id="${FEE_AUDIT_ANCHOR}">${w.heading}</h2>\n${body(section, s)}`;
}

export { FEE_AUDIT_LISTS } from './report-full-lists';

function body(section: FeeAuditSection, s: FullListsInput): SafeHtml {
  const { language } = s;
  const w = feeAuditTextsFor(language);
  const c = w.columns;
  const cell = cellsFor(language);
  const count = (n: number) => formatCount(n, language);
  if (section.state === 'OFF') return html`<p class="muted">${w.off}</p>`;
  if (section.state === 'INVALID') {
    const rows = section.errors.map((e) => [cell.text(e.row), cell.text(e.reason)]);
    return html`<p class="bad">${w.invalid(section.errorCount)}</p>
${renderTable([{ label: c.row, num: true }, { label: c.reason }], rows, { none: '' })}`;
  }
  const { audited, withoutRate } = section;
  if (audited === 0) return html`<p class="muted">${w.nothingToAudit}</p>`;
  if (withoutRate === audited) return html`<p class="bad">${w.noneCompared(audited, count(audited))}</p>`;
  const note = html`<p class="muted">${w.note(count(audited), count(audited - withoutRate))}</p>`;
  const missing =
    withoutRate > 0 ? html`\n<p class="bad">${w.withoutRate(withoutRate, count(withoutRate))}</p>` : '';
  // Largest overcharge first (the section's order); the foot still sums every line.
  const lines = shownRows(section.byAcquirerBrand);
  const totals = lines.map((line) => [
    cell.text(line.acquirer),
    cell.text(line.brand),
    cell.count(line.items),
    cell.money(line.overchargedCents),
  ]);
  const totalColumns = [
    { label: c.acquirer },
    { label: c.brand },
    { label: c.items, num: true },
    { label: c.overcharged, num: true },
  ];
  const itemColumns = [
    { label: c.sale },
    { label: c.kind },
    { label: c.contractRate, num: true },
    { label: c.chargedRate, num: true },
    { label: c.contractFee, num: true },
    { label: c.chargedFee, num: true },
    { label: c.overcharged, num: true },
  ];
  const largest = shownRows(section.largest);
  const decided = new Map((section.decided ?? []).map((d) => [d.identity, d.status]));
  const items = largest.map((item) => itemRow(item, language, decided.get(overchargeIdentity(item))));
  const overcharged = section.byAcquirerBrand.reduce((n, line) => n + line.items, 0);
  return html`${note}${missing}
${renderTable(totalColumns, totals, { none: w.none, foot: [cell.text(''), cell.text(''), cell.text(''), cell.money(section.overchargedCents)] })}
${moreLine(s, FEE_AUDIT_LISTS.byAcquirerBrand, lines.length, section.byAcquirerBrand.length)}
${largest.length > 0 ? renderTable(itemColumns, items, { none: w.none }) : ''}
${moreLine(s, FEE_AUDIT_LISTS.items, largest.length, overcharged)}`;
}

/** A line a person decided on says so beside its kind ("Venda · aceito"): it left what needs action. */
function itemRow(item: OverchargeItem, language: ReportLanguage, decided: OverchargeDecision | undefined) {
  const c = feeAuditTextsFor(language).columns;
  const cell = cellsFor(language);
  // Who and which sale in one cell, the row's title on a phone: nine columns were wider than a desktop page.
  const sale = `${item.saleDate === null ? '' : formatDate(item.saleDate, language)} NSU ${item.nsu ?? ''} #${item.installment ?? ''}`;
  return [
    cell.text(`${item.acquirer} · ${item.brand} · ${sale}`),
    cell.text(
      [
        item.kind === 'SALE' ? c.sale : c.advance,
        ...(decided ? [feeAuditTextsFor(language).decided[decided]] : []),
      ].join(' · '),
    ),
    cell.text(item.contractMdrPercent === null ? '' : formatPercent(item.contractMdrPercent, language)),
    cell.text(item.chargedMdrPercent === null ? '' : formatPercent(item.chargedMdrPercent, language)),
    cell.money(item.contractFeeCents),
    cell.money(item.chargedFeeCents),
    cell.money(item.differenceCents),
  ];
}

export const feeAuditReportSection: ReportSection<FeeAuditReportInput> = {
  style: '',
  html: feeAuditHtml,
  actionEntries: (s) => feeAuditActionEntries(s.feeAudit, s.language),
  messageLines: (s) => feeAuditMessageLines(s.feeAudit, s.language),
  fullLists: feeAuditFullLists,
};
