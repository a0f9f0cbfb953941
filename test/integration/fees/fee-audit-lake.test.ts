/**
 * The lake's `fee_audit` reads the contracted-rate table by the loader's rules, so the lake and the
 * book agree: names folded, wildcards, the more specific row first, fees by magnitude, and a table
 * as Excel saves it in pt-BR.
 */
import { describe, expect, it } from 'vitest';
import { auditedByPair, lakeWith, queried } from '../../support/fee-lake';
import { canonical, type RecordSpec, saleKey } from '../../support/recon-records';

const HEADER =
  'acquirer,brand,product,installmentsFrom,installmentsTo,mdrPercent,advanceMonthlyPercent,effectiveFrom';
const MARCH = { from: '2025-03-01', to: '2025-03-31' };

const sale = (n: number, acquirer: string, saleDate: string, terms: Partial<RecordSpec>) =>
  canonical({ type: 'A1', key: { ...saleKey(n), acquirer, saleDate }, hash: `h${n}`, ...terms });

const RECORDS = [
  // ELO credit in one payment: its own row, 2%; the fee written as a debit.
  sale(1, '1', '2025-03-05', {
    brand: 'ELO',
    product: 'CREDIT',
    installments: 1,
    grossCents: 10_000,
    feeCents: -200,
  }),
  // ELO in installments: the ELO row of any product, 2.5%; 0.10 above.
  sale(2, '1', '2025-03-05', {
    brand: 'ELO',
    product: 'INSTALLMENT_CREDIT',
    installments: 3,
    grossCents: 10_000,
    feeCents: 260,
  }),
  // The brand with its accent, as some layouts write it: the ELO rows too; 2% of 10.00, 0.05 above.
  sale(3, '1', '2025-03-05', {
    brand: 'ELÔ',
    product: 'CREDIT',
    installments: 1,
    grossCents: 1_000,
    feeCents: -25,
  }),
  // No named row: the fallback, renegotiated to 5% on 03-04.
  sale(4, '1', '2025-03-05', {
    brand: 'VISA',
    product: 'CREDIT',
    installments: 1,
    grossCents: 1_000,
    feeCents: 50,
  }),
  // Before the renegotiation, another acquirer, no product: the fallback's 4%.
  sale(5, '2', '2025-03-02', {
    brand: 'MASTER',
    product: null,
    installments: null,
    grossCents: 1_000,
    feeCents: 40,
  }),
];

const EXPECTED = {
  '1|ELO': { contract: 200 + 250, difference: 10, above: 1, without: 0 },
  '1|ELÔ': { contract: 20, difference: 5, above: 1, without: 0 },
  '1|VISA': { contract: 50, difference: 0, above: 0, without: 0 },
  '2|MASTER': { contract: 40, difference: 0, above: 0, without: 0 },
};

/** The book's audit (the loader and lookup.ts) and the lake's `fee_audit` both give EXPECTED. */
async function expectBookAndLakeAgree(csv: string) {
  expect(auditedByPair(RECORDS, csv)).toEqual(EXPECTED);
  const world = await lakeWith(RECORDS, csv);
  try {
    expect(queried(await world.lake.runNamedQuery('fee_audit', MARCH))).toEqual(EXPECTED);
  } finally {
    await world.close();
  }
}

describe('fee_audit reads the rate table by the loader’s rules', () => {
  it('folds names, reads wildcards, lets the more specific row govern, compares fees by magnitude', async () => {
    const csv = [
      HEADER,
      '*,*,*,1,12,4%,1.79,2025-01-01',
      '1,Elô,ANY,1,12,"2,5%",1.79,2025-01-01',
      ',,,,,,,',
      '1, elo ,credit,1,1,2,1.79,2025-01-01',
      'TODAS,QUALQUER,,1,12,5,1.79,2025-03-04',
    ].join('\n');
    await expectBookAndLakeAgree(csv);
  });

  it('reads the table as Excel saves it in pt-BR, once stored', async () => {
    const csv = [
      `\uFEFF${HEADER.replaceAll(',', ';')}`,
      '*;*;*;1;12;4,00;1,79;01/01/2025',
      '1;Elô;ANY;1;12;2,5;1,79;01/01/2025',
      ';;;;;;;',
      '1;ELO;CREDIT;1;1;2;1,79;01/01/2025',
      '*;*;*;1;12;5;1,79;04/03/2025',
      '',
    ].join('\r\n');
    await expectBookAndLakeAgree(csv);
  });
});
