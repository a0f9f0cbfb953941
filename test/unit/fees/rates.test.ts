import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { contractRateFor } from '../../../lambdas/core/fee-audit/lookup';
import {
  contractAdvanceFeeCents,
  contractFeeCents,
  percentText,
} from '../../../lambdas/core/fee-audit/money';
import { type ContractRate, parseContractRates } from '../../../lambdas/core/fee-audit/rates';

const HEADER =
  'acquirer,brand,product,installmentsFrom,installmentsTo,mdrPercent,advanceMonthlyPercent,effectiveFrom';
const config = parseReconConfig({});
const parse = (...rows: string[]) => parseContractRates([HEADER, ...rows].join('\n'), config);

function ratesOf(...rows: string[]): readonly ContractRate[] {
  const result = parse(...rows);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rates;
}

describe('parseContractRates', () => {
  it('reads percents with a dot or a quoted comma, both date forms, identifiers normalized', () => {
    const [debit, credit] = ratesOf(
      '001, visa ,DEBIT,1,1,0.99,1.5,2025-03-01',
      '1,VISA,installment_credit,2,6,"2,39","1,79",15/03/2025',
    );
    expect(debit).toMatchObject({ acquirer: '1', brand: 'VISA', product: 'DEBIT', mdrMicro: 990_000 });
    expect(debit?.advanceMonthlyMicro).toBe(1_500_000);
    expect(credit).toMatchObject({
      product: 'INSTALLMENT_CREDIT',
      installmentsFrom: 2,
      installmentsTo: 6,
      mdrMicro: 2_390_000,
      advanceMonthlyMicro: 1_790_000,
      effectiveFrom: '2025-03-15',
      row: 3,
    });
  });

  it('refuses an unknown product with its row', () => {
    const result = parse('1,VISA,DEBIT,1,1,1,1,2025-01-01', '1,VISA,PIX,1,1,1,1,2025-01-01');
    expect(result).toEqual({
      ok: false,
      errors: [{ row: 3, reason: expect.stringContaining('unknown product "PIX"') }],
    });
  });

  it('refuses overlapping installment ranges of one acquirer, brand, product and date', () => {
    const result = parse(
      '1,VISA,INSTALLMENT_CREDIT,2,6,2,1,2025-01-01',
      '1,VISA,INSTALLMENT_CREDIT,6,12,2.5,1,2025-01-01',
    );
    expect(result).toEqual({
      ok: false,
      errors: [{ row: 3, reason: expect.stringContaining('overlap row 2') }],
    });
    // Another date (a renegotiation) or another brand is no overlap.
    expect(
      parse('1,VISA,INSTALLMENT_CREDIT,2,6,2,1,2025-01-01', '1,VISA,INSTALLMENT_CREDIT,2,12,2,1,2025-02-01')
        .ok,
    ).toBe(true);
  });

  it('refuses a negative rate', () => {
    expect(parse('1,VISA,DEBIT,1,1,-0.5,1,2025-01-01')).toEqual({
      ok: false,
      errors: [{ row: 2, reason: 'mdrPercent -0.5 is negative' }],
    });
    expect(parse('1,VISA,DEBIT,1,1,0.5,-1,2025-01-01')).toEqual({
      ok: false,
      errors: [{ row: 2, reason: 'advanceMonthlyPercent -1 is negative' }],
    });
  });

  it('refuses a date that does not exist, in either form', () => {
    const result = parse('1,VISA,DEBIT,1,1,1,1,2025-02-30', '1,VISA,CREDIT,1,1,1,1,31/04/2025');
    expect(result).toEqual({
      ok: false,
      errors: [
        { row: 2, reason: 'effectiveFrom "2025-02-30" is not a date' },
        { row: 3, reason: 'effectiveFrom "31/04/2025" is not a date' },
      ],
    });
  });

  it('reads the table as Excel saves it in pt-BR: byte-order mark, ";", comma decimals, CRLF', () => {
    const excel = [
      `\uFEFF${HEADER.replaceAll(',', ';')};;`,
      '001;Visa;CREDIT;1;1;2,39;1,79;01/03/2025;;',
      ';;;;;;;;;',
      '1;"Master; Card";DEBIT;1;1;0,99%;"1,5";2025-03-01',
      '  ;  ; ',
      '',
    ].join('\r\n');
    const result = parseContractRates(excel, config);
    expect(result).toMatchObject({
      ok: true,
      rates: [
        { acquirer: '1', brand: 'VISA', mdrMicro: 2_390_000, advanceMonthlyMicro: 1_790_000, row: 2 },
        { brand: 'MASTER;CARD', mdrMicro: 990_000, advanceMonthlyMicro: 1_500_000, row: 4 },
      ],
    });
  });

  it('skips a row of separators only, as a spreadsheet saves an empty row', () => {
    expect(parse('1,VISA,DEBIT,1,1,0.99,1.5,2025-03-01', ',,,,,,,', ' , ,,')).toMatchObject({
      ok: true,
      rates: [{ row: 2 }],
    });
  });

  it('refuses a rate above 20% naming the row and the column: 239 is no MDR', () => {
    expect(parse('1,VISA,DEBIT,1,1,0.99,1.5,2025-03-01', '1,VISA,CREDIT,1,1,239,1.5,2025-03-01')).toEqual({
      ok: false,
      errors: [{ row: 3, reason: 'mdrPercent 239 is above 20%: write the percent itself (2,39 for 2,39%)' }],
    });
    expect(parse('1,VISA,CREDIT,1,1,20,20.000001,2025-03-01')).toEqual({
      ok: false,
      errors: [{ row: 2, reason: expect.stringMatching(/^advanceMonthlyPercent 20.000001 is above 20%/) }],
    });
  });

  it('says a file that is not UTF-8 is not, naming the row', () => {
    expect(parse('1,El\uFFFD,CREDIT,1,1,2,1.5,2025-03-01')).toEqual({
      ok: false,
      errors: [{ row: 2, reason: 'the file is not UTF-8 (in Excel, save it as "CSV UTF-8")' }],
    });
  });

  it('refuses a wrong header, and counts rows from the header as 1 past blank lines', () => {
    expect(parseContractRates('acquirer,brand\n', config)).toEqual({
      ok: false,
      errors: [
        {
          row: 1,
          reason: `header must be ${HEADER} (separated by "," or ";"), found "acquirer | brand"`,
        },
      ],
    });
    expect(parse('', '1,VISA,DEBIT,1,1,x,1,2025-01-01')).toMatchObject({ ok: false, errors: [{ row: 3 }] });
  });
});

describe('contractRateFor', () => {
  const rates = ratesOf(
    '1,VISA,ANY,1,12,3,2,2025-01-01',
    '1,VISA,DEBIT,1,1,1,2,2025-01-01',
    '1,VISA,INSTALLMENT_CREDIT,2,6,2.5,2,2025-01-01',
    '1,VISA,INSTALLMENT_CREDIT,7,12,2.9,2,2025-01-01',
    // Renegotiated in the middle of the period: from March 10 debit costs 0.8%.
    '1,VISA,DEBIT,1,1,0.8,2,2025-03-10',
  );
  const sale = { acquirer: '1', brand: 'VISA', product: 'DEBIT' as const, installments: 1 };

  it('takes, for a renegotiation, the row in force on each sale date', () => {
    expect(contractRateFor(rates, { ...sale, saleDate: '2025-03-09' })?.mdrMicro).toBe(1_000_000);
    expect(contractRateFor(rates, { ...sale, saleDate: '2025-03-10' })?.mdrMicro).toBe(800_000);
    expect(contractRateFor(rates, { ...sale, saleDate: '2024-12-31' })).toBeUndefined();
  });

  it('matches the product or ANY, and the installment range', () => {
    const on = { ...sale, saleDate: '2025-02-01' };
    expect(contractRateFor(rates, { ...on, product: 'INSTALLMENT_CREDIT', installments: 7 })?.mdrMicro).toBe(
      2_900_000,
    );
    expect(contractRateFor(rates, { ...on, product: 'INSTALLMENT_CREDIT', installments: 6 })?.mdrMicro).toBe(
      2_500_000,
    );
    expect(contractRateFor(rates, { ...on, product: 'CREDIT' })?.mdrMicro).toBe(3_000_000);
    expect(contractRateFor(rates, { ...on, product: null })?.mdrMicro).toBe(3_000_000);
    expect(contractRateFor(rates, { ...on, brand: 'MASTERCARD' })).toBeUndefined();
    expect(
      contractRateFor(rates, { ...on, product: 'INSTALLMENT_CREDIT', installments: 13 }),
    ).toBeUndefined();
  });
});

describe('contractRateFor: names folded, wildcards, the more specific row first', () => {
  const on = {
    acquirer: '1',
    brand: 'ELO',
    product: 'CREDIT' as const,
    installments: 1,
    saleDate: '2025-07-01',
  };

  it('folds case, accents and spaces on both sides: Elô is ELO, master card is MASTERCARD', () => {
    const rates = ratesOf(
      '1,Elô,CREDIT,1,1,2,2,2025-01-01',
      'Cielo, master  card ,CREDIT,1,1,3,2,2025-01-01',
    );
    expect(contractRateFor(rates, on)?.mdrMicro).toBe(2_000_000);
    expect(contractRateFor(rates, { ...on, brand: 'ELÔ' })?.mdrMicro).toBe(2_000_000);
    expect(contractRateFor(rates, { ...on, acquirer: 'CIELO', brand: 'MASTERCARD' })?.mdrMicro).toBe(
      3_000_000,
    );
    expect(contractRateFor(rates, { ...on, brand: 'VISA' })).toBeUndefined();
  });

  it('reads *, empty, ANY, TODAS, TODOS and QUALQUER as any acquirer, brand or product', () => {
    for (const any of ['*', '', 'ANY', 'any', 'Todas', 'TODOS', 'qualquer']) {
      const rates = ratesOf(`${any},${any},${any},1,12,2.5,2,2025-01-01`);
      expect(rates[0]).toMatchObject({ acquirer: null, brand: null, product: 'ANY' });
      expect(contractRateFor(rates, on)?.mdrMicro).toBe(2_500_000);
      // Only a wildcard row holds a sale that names no brand.
      expect(contractRateFor(rates, { ...on, brand: null })?.mdrMicro).toBe(2_500_000);
    }
    expect(
      contractRateFor(ratesOf('1,VISA,ANY,1,12,2.5,2,2025-01-01'), { ...on, brand: null }),
    ).toBeUndefined();
  });

  it('lets the more specific row govern, even over a wildcard row renegotiated later', () => {
    const rates = ratesOf(
      '*,*,*,1,12,4,2,2025-06-01',
      '*,*,*,1,12,5,2,2025-01-01',
      '*,ELO,*,1,12,3.5,2,2025-01-01',
      '1,*,*,1,12,3,2,2025-01-01',
      '1,ELO,*,1,12,2.5,2,2025-01-01',
      '1,ELO,CREDIT,1,1,2,2,2025-01-01',
    );
    expect(contractRateFor(rates, on)?.mdrMicro).toBe(2_000_000);
    expect(contractRateFor(rates, { ...on, product: 'DEBIT' })?.mdrMicro).toBe(2_500_000);
    expect(contractRateFor(rates, { ...on, brand: 'VISA' })?.mdrMicro).toBe(3_000_000);
    expect(contractRateFor(rates, { ...on, acquirer: '2' })?.mdrMicro).toBe(3_500_000);
    // Only the wildcard row is left: its latest renegotiation governs.
    expect(contractRateFor(rates, { ...on, acquirer: '2', brand: 'VISA' })?.mdrMicro).toBe(4_000_000);
    expect(
      contractRateFor(rates, { ...on, acquirer: '2', brand: 'VISA', saleDate: '2025-05-31' })?.mdrMicro,
    ).toBe(5_000_000);
  });

  it('refuses two spellings of one row as overlapping', () => {
    expect(parse('1,Elô,CREDIT,1,1,2,2,2025-01-01', '1,ELO,CREDIT,1,1,3,2,2025-01-01')).toMatchObject({
      ok: false,
      errors: [{ row: 3, reason: expect.stringContaining('overlap row 2') }],
    });
    expect(parse('1,ANY,CREDIT,1,1,2,2,2025-01-01', '1,*,CREDIT,1,1,3,2,2025-01-01')).toMatchObject({
      ok: false,
      errors: [{ row: 3, reason: expect.stringContaining('overlap row 2') }],
    });
  });
});

describe('fee arithmetic', () => {
  it('rounds gross × MDR half up to the centavo, exactly for large amounts', () => {
    expect(contractFeeCents(10_050, 2_000_000)).toBe(201); // 201.0
    expect(contractFeeCents(125, 2_000_000)).toBe(3); // 2.5 → 3
    expect(contractFeeCents(124, 2_000_000)).toBe(2); // 2.48
    expect(contractFeeCents(123_456_789_012_345, 2_390_000)).toBe(2_950_617_257_395); // 2_950_617_257_395.0455
  });

  it('prorates the monthly advance rate by days over 30', () => {
    // 100000 × 1.5% × 20 / 30 = 1000
    expect(contractAdvanceFeeCents(100_000, 1_500_000, 20)).toBe(1_000);
    // 333 × 2% × 1 / 30 = 0.222 → 0
    expect(contractAdvanceFeeCents(333, 2_000_000, 1)).toBe(0);
    expect(contractAdvanceFeeCents(100_000, 1_500_000, -3)).toBe(0);
  });

  it('writes a rate back as its percent text', () => {
    expect(percentText(2_390_000)).toBe('2.39');
    expect(percentText(3_000_000)).toBe('3');
    expect(percentText(5)).toBe('0.000005');
  });
});
