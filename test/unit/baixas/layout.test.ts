import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type ExportedLine, formatReais, renderLines } from '../../../lambdas/core/baixas/layout';
import { lineId } from '../../../lambdas/core/baixas/lines';
import { GENERIC_MAPPING, parseErpMapping } from '../../../lambdas/core/baixas/mapping';
import { ConfigError } from '../../../lambdas/core/config-issues';

function line(overrides: Partial<ExportedLine>): ExportedLine {
  return {
    id: lineId('k', 'PAYMENT', '2025-04-02', 'NEW'),
    night: '2025-04-02',
    kind: 'NEW',
    component: 'PAYMENT',
    amountCents: 123_456,
    receivableKey: '1|1234|2025-03-01|77|A1|1',
    depositKey: null,
    bankAccount: null,
    breakId: null,
    breakKind: null,
    matchedWith: null,
    acquirer: '1',
    merchant: '1234',
    saleDate: '2025-03-01',
    nsu: '77',
    authorization: 'A1',
    installment: 1,
    brand: 'VISA',
    dueDate: '2025-04-01',
    paymentDate: '2025-04-01',
    status: 'SETTLED',
    reason: 'EXACT',
    reexport: false,
    ...overrides,
  };
}

/** The file as Excel's pt-BR import reads it: UTF-8 BOM, `;`, quotes doubled, one header row. */
const readAsExcel = (text: string): Record<string, string>[] =>
  parse(text, { bom: true, delimiter: ';', columns: true, record_delimiter: '\r\n' });

describe('ERP export layouts', () => {
  it('writes the generic CSV as a Brazilian Excel import reads it back', () => {
    const lines = [
      line({}),
      line({ kind: 'REVERSAL', amountCents: -5, merchant: 'Loja "Centro"; 2', reexport: true }),
      line({ merchant: '=HYPERLINK("x")', paymentDate: null }),
    ];
    const text = renderLines(lines, GENERIC_MAPPING, 'csv');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = readAsExcel(text);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      night: '02/04/2025',
      amountCents: '1234,56',
      kind: 'NEW',
      reexport: 'não',
    });
    expect(rows[1]).toMatchObject({ amountCents: '-0,05', merchant: 'Loja "Centro"; 2', reexport: 'sim' });
    // A text cell a spreadsheet would run as a formula is kept as text.
    expect(rows[2]).toMatchObject({ merchant: `'=HYPERLINK("x")`, paymentDate: '' });
    const cents = rows.map((row) => Math.round(Number(row.amountCents?.replace(',', '.')) * 100));
    expect(cents).toEqual([123_456, -5, 123_456]);
  });

  it('formats centavos as reais with a decimal comma and no thousands separator', () => {
    expect([0, 5, -100, 123_456_789].map(formatReais)).toEqual(['0,00', '0,05', '-1,00', '1234567,89']);
  });

  it('fits a mapping: headers, order, constants, accounts by acquirer and component, a summary', () => {
    const mapping = parseErpMapping(
      {
        columns: [
          { header: 'Data', field: 'paymentDate' },
          { header: 'Estabelecimento', field: 'merchant' },
          { header: 'Conta', field: 'account' },
          { header: 'Valor', field: 'amountCents' },
          { header: 'Empresa', value: '01' },
        ],
        accounts: { '1:PAYMENT': '1.1.2.01', CHARGEBACK: '3.1.9.02', '*': '9.9.9.99' },
        summary: true,
      },
      'mapping',
      'test',
    );
    const lines = [
      line({}),
      line({ amountCents: 1_000 }),
      line({ component: 'CHARGEBACK', amountCents: 700 }),
      line({ acquirer: '2', amountCents: 300 }),
      line({ merchant: '9', amountCents: 10 }),
      line({ merchant: '9', kind: 'REVERSAL', amountCents: -10 }),
    ];
    expect(readAsExcel(renderLines(lines, mapping, 'csv'))).toEqual([
      { Data: '01/04/2025', Estabelecimento: '1234', Conta: '1.1.2.01', Valor: '1244,56', Empresa: '01' },
      { Data: '01/04/2025', Estabelecimento: '1234', Conta: '3.1.9.02', Valor: '7,00', Empresa: '01' },
      { Data: '01/04/2025', Estabelecimento: '1234', Conta: '9.9.9.99', Valor: '3,00', Empresa: '01' },
    ]);
    const json = renderLines(lines.slice(0, 2), mapping, 'jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(json).toEqual([
      { Data: '2025-04-01', Estabelecimento: '1234', Conta: '1.1.2.01', Valor: 124_456, Empresa: '01' },
    ]);
  });

  it('names the key of every mistake in a mapping', () => {
    const bad = () =>
      parseErpMapping(
        { columns: [{ header: 'Valor', field: 'amount' }, { header: 'X' }], sumary: true },
        'mapping',
        'erp.json',
      );
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/mapping\.columns\[0\]\.field/);
    expect(bad).toThrow(/mapping\.columns\[1\]/);
    expect(bad).toThrow(/mapping\.sumary: unknown setting in erp\.json/);
  });
});
