/**
 * The fee audit's items and the period's fees and debits in full beside the report (docs/report.md,
 * "Short by design"): every row, not the page's largest, in the Excel CSV (BOM, `;`, comma decimals
 * and rates, dd/MM/yyyy), read back here as Excel would split it.
 */
import { describe, expect, it } from 'vitest';
import type { FeeItem } from '../../../lambdas/core/account-items/period-fees';
import { accountFeesReportSection } from '../../../lambdas/core/account-items/report-section';
import { FEE_AUDIT_LISTS, feeAuditFullLists } from '../../../lambdas/core/fee-audit/report-full-lists';
import type { OverchargeItem } from '../../../lambdas/core/fee-audit/section-model';

/** The CSV's rows as cells: BOM off, CRLF lines, `;` cells (no quoted cell in these lists). */
function readBack(csv: string): string[][] {
  expect(csv.startsWith('\ufeff')).toBe(true);
  return csv
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
}

const item = (n: number, over: Partial<OverchargeItem> = {}): OverchargeItem => ({
  key: `K${n}`,
  acquirer: 'STONE',
  brand: 'VISA',
  saleDate: '2025-01-27',
  nsu: String(574_400 + n),
  installment: 1,
  kind: 'SALE',
  contractMdrPercent: '2.7',
  chargedMdrPercent: '3.15',
  contractFeeCents: 2_700,
  chargedFeeCents: 3_150,
  differenceCents: 450 - n,
  ...over,
});

describe('the fee audit in full', () => {
  const items = [
    item(1),
    item(2),
    item(3, { kind: 'ADVANCE', contractMdrPercent: null, chargedMdrPercent: null }),
  ];
  const feeAudit = {
    state: 'ON' as const,
    audited: 30,
    withoutRate: 0,
    overchargedCents: 1_344,
    byAcquirerBrand: [{ acquirer: 'STONE', brand: 'VISA', overchargedCents: 1_344, items: 3 }],
    largest: items.slice(0, 1),
    items,
  };

  it('writes every overcharged item, rates with a comma, beside the lines per acquirer and brand', () => {
    const lists = feeAuditFullLists({ feeAudit, language: 'pt-BR' });
    expect(lists.map((l) => l.name)).toEqual([FEE_AUDIT_LISTS.byAcquirerBrand, FEE_AUDIT_LISTS.items]);
    const rows = readBack(lists[1]?.csv ?? '');
    expect(rows[0]).toEqual([
      'Adquirente',
      'Bandeira',
      'Data da venda',
      'NSU',
      'Parcela',
      'Tipo',
      'Taxa contratada (%)',
      'Taxa cobrada (%)',
      'Taxa contratada',
      'Taxa cobrada',
      'Cobrado a mais',
    ]);
    expect(rows).toHaveLength(items.length + 1);
    expect(rows[1]).toEqual([
      'STONE',
      'VISA',
      '27/01/2025',
      '574401',
      '1',
      'Venda',
      '2,7',
      '3,15',
      '27,00',
      '31,50',
      '4,49',
    ]);
    expect(rows[3]?.slice(5, 8)).toEqual(['Antecipação', '', '']);
  });

  it('writes no item list from a summary that kept only the largest', () => {
    const { items: _all, ...older } = feeAudit;
    expect(feeAuditFullLists({ feeAudit: older, language: 'pt-BR' }).map((l) => l.name)).toEqual([
      FEE_AUDIT_LISTS.byAcquirerBrand,
    ]);
  });
});

describe('the period’s fees and debits in full', () => {
  const entry = (n: number, role: FeeItem['role'], amountCents: number): FeeItem => ({
    acquirer: 'CIELO',
    merchant: `10${n}`,
    date: `2025-03-0${n}`,
    role,
    amountCents,
    reasonText: role === 'FEE' ? 'ALUGUEL POS' : null,
  });
  const items = [entry(1, 'FEE', 8_990), entry(2, 'ADJUSTMENT', -1_500), entry(3, 'FEE', 4_500)];
  const fees = {
    byAcquirer: [{ acquirer: 'CIELO', feeCents: 13_490, adjustmentNetCents: -1_500, count: 3 }],
    largest: items.slice(0, 1),
    items,
  };

  it('writes every entry, a fee as a debit and an adjustment with its sign', () => {
    const lists = accountFeesReportSection.fullLists?.({ fees, language: 'pt-BR' }) ?? [];
    expect(lists.map((l) => l.name)).toEqual(['account-fees']);
    const rows = readBack(lists[0]?.csv ?? '');
    expect(rows).toEqual([
      ['Adquirente', 'Estabelecimento (EC)', 'Tipo', 'Data', 'Descrição', 'Valor'],
      ['CIELO', '101', 'tarifa', '01/03/2025', 'ALUGUEL POS', '-89,90'],
      ['CIELO', '102', 'ajuste', '02/03/2025', '', '-15,00'],
      ['CIELO', '103', 'tarifa', '03/03/2025', 'ALUGUEL POS', '-45,00'],
    ]);
    const { items: _all, ...older } = fees;
    expect(accountFeesReportSection.fullLists?.({ fees: older, language: 'pt-BR' })).toEqual([]);
  });
});
