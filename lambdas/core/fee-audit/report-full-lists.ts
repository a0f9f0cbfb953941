/**
 * The fee audit's full lists beside the report (docs/report.md, "Short by design"): every acquirer
 * and brand charged above the contract, and every item with the contracted and charged rates side by
 * side, in the Excel CSV of report-kit/csv.ts (rates with the language's decimal comma).
 */
import { DECIMAL_SEPARATOR } from '../money';
import { type CsvCell, csvCount, csvDate, csvMoney, excelCsv, type FullList } from '../report-kit/csv';
import type { ReportLanguage } from '../report-language';
import { feeAuditTextsFor } from './report-texts';
import type { FeeAuditSection } from './section-model';

/** The list names of the section's two tables (report-kit/short-list.ts). */
export const FEE_AUDIT_LISTS = { byAcquirerBrand: 'fees-by-acquirer-brand', items: 'fees-above-contract' };

/** A rate kept as decimal text ("2.7"), as a figure Excel reads in the language ("2,7"). */
const csvRate = (text: string | null, language: ReportLanguage): CsvCell =>
  text === null ? null : { figure: text.replace('.', DECIMAL_SEPARATOR[language]) };

export function feeAuditFullLists(s: {
  readonly feeAudit?: FeeAuditSection;
  readonly language: ReportLanguage;
}): FullList[] {
  const section = s.feeAudit;
  if (section?.state !== 'ON' || section.byAcquirerBrand.length === 0) return [];
  const w = feeAuditTextsFor(s.language);
  const c = w.columns;
  const lines = section.byAcquirerBrand.map((line) => [
    line.acquirer,
    line.brand,
    csvCount(line.items),
    csvMoney(line.overchargedCents),
  ]);
  const byBrand = {
    name: FEE_AUDIT_LISTS.byAcquirerBrand,
    label: `${w.heading} (${c.acquirer}, ${c.brand})`,
    csv: excelCsv([c.acquirer, c.brand, c.items, c.overcharged], lines),
  };
  // Summaries written before the items were kept have only the largest: no file rather than a short one.
  if (section.items === undefined) return [byBrand];
  const header = [
    c.acquirer,
    c.brand,
    c.saleDate,
    'NSU',
    c.installment,
    c.kind,
    c.contractRate,
    c.chargedRate,
    c.contractFee,
    c.chargedFee,
    c.overcharged,
  ];
  const rows = section.items.map((i) => [
    i.acquirer,
    i.brand,
    csvDate(i.saleDate),
    i.nsu,
    csvCount(i.installment),
    i.kind === 'SALE' ? c.sale : c.advance,
    csvRate(i.contractMdrPercent, s.language),
    csvRate(i.chargedMdrPercent, s.language),
    csvMoney(i.contractFeeCents),
    csvMoney(i.chargedFeeCents),
    csvMoney(i.differenceCents),
  ]);
  return [byBrand, { name: FEE_AUDIT_LISTS.items, label: w.heading, csv: excelCsv(header, rows) }];
}
