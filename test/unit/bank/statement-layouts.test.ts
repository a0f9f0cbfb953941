/**
 * Statement layouts that real Brazilian banks send and nobody here wrote: each fixture under
 * test/fixtures/bank/ reproduces one documented quirk (its provenance is in that folder's README).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readOfx } from '../../../lambdas/core/deposits/bank/ofx-reader';
import { parseAmountCents } from '../../../lambdas/core/deposits/bank/ofx-values';

const fixture = (name: string) =>
  readOfx(new Uint8Array(readFileSync(new URL(`../../fixtures/bank/${name}`, import.meta.url))), name);

const rows = (statement: ReturnType<typeof fixture>) =>
  statement.transactions.map((t) => [t.postedDate, t.amountCents, t.fitid, t.memo]);

describe('real statement layouts', () => {
  it('amounts in every form Brazilian banks write them, to the centavo', () => {
    const cases: [string, number][] = [
      ['6000.000,00', 600_000_000],
      ['6.000.000,00', 600_000_000],
      ['1.234,56', 123_456],
      ['1234,56', 123_456],
      ['-2,48', -248],
      ['1234.56', 123_456],
      ['1,234.56', 123_456],
      ['+10,5', 1_050],
      ['+ 1 500,00', 150_000],
      [' - 2,48 ', -248],
      ['12345678.000,01', 1_234_567_800_001],
    ];
    for (const [text, cents] of cases) expect(parseAmountCents(text), text).toBe(cents);
    // Still refused: an ambiguous or malformed amount is quarantined, never guessed.
    for (const text of ['1.234', '1.23.4,00', '6000.00,00', '1,2,3', '12,345', 'R$ 10,00', '10,00-'])
      expect(parseAmountCents(text), text).toBeNull();
  });

  it('Santander: R$ 1 million and more as 6000.000,00 is an amount, not a bad one', () => {
    const statement = fixture('santander-million.ofx');
    expect(statement.quarantined).toEqual([]);
    expect(rows(statement)).toEqual([
      ['2025-06-16', 600_000_000, '000001', 'CRED CIELO S.A.'],
      ['2025-06-16', 123_456, '000002', 'CRED REDECARD'],
      ['2025-06-17', -248, '000003', 'TARIFA AVULSA'],
      ['2025-06-17', 150_000, '000004', 'CRED STONE'],
      ['2025-06-17', 123_456, '000005', 'CRED GETNET'],
    ]);
  });

  it('OFX 2.x with CDATA in NAME and MEMO: read as text, markup and all', () => {
    const statement = fixture('xml-cdata.ofx');
    expect(statement.quarantined).toEqual([]);
    expect(rows(statement)).toEqual([
      ['2025-06-16', 321_045, 'a1b2c3', 'STONE PAGAMENTOS S.A. Crédito <liquidação> & repasse'],
      ['2025-06-17', -1_000, 'd4e5f6', 'Tarifa Pix'],
    ]);
  });

  it('Bradesco: SGML whose STMTTRN are never closed gives every transaction, each on its own', () => {
    const statement = fixture('bradesco-unclosed.ofx');
    expect(statement.accounts).toEqual(['237/1234/123456']);
    expect(statement.quarantined).toEqual([]);
    expect(rows(statement)).toEqual([
      ['2025-06-16', 250_000, '0616001', 'CIELO S.A. - CREDITO'],
      ['2025-06-17', -3_590, '0617001', 'TARIFA BANCARIA'],
      ['2025-06-17', 81_240, '0617002', 'REDE - CREDITO'],
    ]);
  });

  it('Banco do Brasil: balance lines in the list are skipped with a counted reason, never credits', () => {
    const statement = fixture('bb-saldo-lines.ofx');
    expect(rows(statement)).toEqual([['2025-06-16', 194_710, '20250616001', 'Crédito Cielo 16/06 CIELO SA']]);
    // Not errors: nothing is quarantined, even the balance line dated in the year 2.
    expect(statement.quarantined).toEqual([]);
    expect(statement.skipped.map((s) => s.reason)).toEqual(['BALANCE_LINE', 'BALANCE_LINE', 'BALANCE_LINE']);
    expect(statement.skipped[0]?.detail).toContain('Saldo Anterior');
    expect(statement.skipped[2]?.detail).toContain('S A L D O');
  });
});
