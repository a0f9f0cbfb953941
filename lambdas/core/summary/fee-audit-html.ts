/**
 * The report's section "Taxas acima do contrato" (docs/fee-audit.md): the audit's state, what was
 * charged above the contract per acquirer and brand, and the largest items with the contracted and
 * charged rates side by side. Its words live here (both languages), so the section is one file.
 */

import { escapeHtml } from './escape';
import type { FeeAuditSection, OverchargeItem } from './fee-audit';
import { cellsFor, renderTable } from './table';
import type { ReportLanguage, RunSummary } from './types';

const WORDS = {
  'pt-BR': {
    heading: 'Taxas acima do contrato',
    off: 'Auditoria de taxas desligada: nenhuma tabela de taxas contratadas (config/contract-rates.csv).',
    invalid: (n: number) =>
      `A auditoria de taxas não rodou: a tabela de taxas contratadas tem ${n} linha(s) inválida(s). A conciliação rodou normalmente.`,
    note: (audited: string) => `Recebíveis desta execução auditados: ${audited}.`,
    none: 'Nenhuma taxa acima do contrato.',
    row: 'Linha',
    reason: 'Motivo',
    acquirer: 'Adquirente',
    brand: 'Bandeira',
    items: 'Itens',
    overcharged: 'Cobrado a mais',
    sale: 'Venda',
    kind: 'Tipo',
    advance: 'Antecipação',
    contractRate: 'Taxa contratada (%)',
    chargedRate: 'Taxa cobrada (%)',
    contractFee: 'Taxa contratada',
    chargedFee: 'Taxa cobrada',
  },
  en: {
    heading: 'Fees above the contract',
    off: 'Fee audit off: no contracted-rate table (config/contract-rates.csv).',
    invalid: (n: number) =>
      `The fee audit did not run: the contracted-rate table has ${n} bad row(s). The reconciliation ran as usual.`,
    note: (audited: string) => `Receivables of this run audited: ${audited}.`,
    none: 'No fee above the contract.',
    row: 'Row',
    reason: 'Reason',
    acquirer: 'Acquirer',
    brand: 'Brand',
    items: 'Items',
    overcharged: 'Overcharged',
    sale: 'Sale',
    kind: 'Kind',
    advance: 'Advance',
    contractRate: 'Contracted rate (%)',
    chargedRate: 'Charged rate (%)',
    contractFee: 'Contracted fee',
    chargedFee: 'Charged fee',
  },
} as const satisfies Record<ReportLanguage, unknown>;

/** Empty when the summary predates the audit (no field at all). */
export function feeAuditHtml(s: Pick<RunSummary, 'language' | 'feeAudit'>): string {
  const section = s.feeAudit;
  if (section === undefined) return '';
  const w = WORDS[s.language];
  return `<h2>${escapeHtml(w.heading)}</h2>\n${body(section, s.language)}`;
}

function body(section: FeeAuditSection, language: ReportLanguage): string {
  const w = WORDS[language];
  const cell = cellsFor(language);
  if (section.state === 'OFF') return `<p class="muted">${escapeHtml(w.off)}</p>`;
  if (section.state === 'INVALID') {
    const rows = section.errors.map((e) => [cell.text(e.row), cell.text(e.reason)]);
    return `<p class="bad">${escapeHtml(w.invalid(section.errorCount))}</p>
${renderTable([{ label: w.row, num: true }, { label: w.reason }], rows, { none: w.none })}`;
  }
  const totals = section.byAcquirerBrand.map((line) => [
    cell.text(line.acquirer),
    cell.text(line.brand),
    cell.count(line.items),
    cell.money(line.overchargedCents),
  ]);
  const totalColumns = [
    { label: w.acquirer },
    { label: w.brand },
    { label: w.items, num: true },
    { label: w.overcharged, num: true },
  ];
  const itemColumns = [
    { label: w.acquirer },
    { label: w.brand },
    { label: w.sale },
    { label: w.kind },
    { label: w.contractRate, num: true },
    { label: w.chargedRate, num: true },
    { label: w.contractFee, num: true },
    { label: w.chargedFee, num: true },
    { label: w.overcharged, num: true },
  ];
  const items = section.largest.map((item) => itemRow(item, language));
  return `<p class="muted">${escapeHtml(w.note(String(section.audited)))}</p>
${renderTable(totalColumns, totals, { none: w.none, foot: [cell.text(''), cell.text(''), cell.text(''), cell.money(section.overchargedCents)] })}
${section.largest.length > 0 ? renderTable(itemColumns, items, { none: w.none }) : ''}`;
}

function itemRow(item: OverchargeItem, language: ReportLanguage) {
  const w = WORDS[language];
  const cell = cellsFor(language);
  return [
    cell.text(item.acquirer),
    cell.text(item.brand),
    cell.text(`${item.saleDate ?? ''} NSU ${item.nsu ?? ''} #${item.installment ?? ''}`),
    cell.text(item.kind === 'SALE' ? w.sale : w.advance),
    cell.text(item.contractMdrPercent),
    cell.text(item.chargedMdrPercent),
    cell.money(item.contractFeeCents),
    cell.money(item.chargedFeeCents),
    cell.money(item.differenceCents),
  ];
}
