import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readOfx } from '../../../lambdas/core/deposits/bank/ofx-reader';
import { parseAmountCents, parseOfxDate } from '../../../lambdas/core/deposits/bank/ofx-values';
import { StatementError } from '../../../lambdas/core/deposits/bank/statement';

const golden = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../golden/bank/${name}`, import.meta.url)));
const read = (name: string) => readOfx(golden(name), name);

function refusal(name: string): { reason: string; detail: string } {
  try {
    read(name);
  } catch (error) {
    if (error instanceof StatementError) return { reason: error.reason, detail: error.message };
    throw error;
  }
  throw new Error(`${name} was read`);
}

describe('OFX reader', () => {
  it('reads an SGML 1.02 file in Windows-1252 with CRLF, unclosed leaves and accents', () => {
    const statement = read('itau-sgml-1252.ofx');
    expect(statement.accounts).toEqual(['341/1234/567890']);
    expect(statement.quarantined).toEqual([]);
    expect(statement.transactions.map((t) => [t.postedDate, t.amountCents, t.fitid, t.memo, t.type])).toEqual(
      [
        ['2025-03-03', 123456, '2025030301', 'CRÉD CIELO  VENDAS', 'CREDIT'],
        ['2025-03-03', 123456, '2025030302', 'CRÉD CIELO  VENDAS', 'CREDIT'],
        ['2025-03-03', -5000, '2025030303', 'TARIFA BANCÁRIA', 'DEBIT'],
        // 23:59:59 at -3 stays the 4th: the bank's own day, not UTC's.
        ['2025-03-04', 1050, '2025030401', 'REDE ÁGIL', 'CREDIT'],
        // An empty, unclosed <MEMO>.
        ['2025-03-05', 98765, '2025030501', '', 'DEP'],
      ],
    );
    expect(statement.transactions.every((t) => t.bankCode === '341')).toBe(true);
  });

  it('reads an XML 2.x file in UTF-8 with a BOM, entities and two accounts', () => {
    const statement = read('bb-xml-two-accounts.ofx');
    // The second account gives its branch inside ACCTID ("4321/99887-1") and no BRANCHID.
    expect(statement.accounts).toEqual(['1/1234/123456', '1/4321/998871']);
    expect(statement.transactions.map((t) => [t.bankAccount, t.postedDate, t.amountCents, t.memo])).toEqual([
      ['1/1234/123456', '2025-03-03', 150000, 'GETNET S.A. Crédito & Antecipação'],
      ['1/1234/123456', '2025-03-04', -99, 'TARIFA PIX'],
      ['1/4321/998871', '2025-03-05', 123456, 'PAGSEGURO'],
    ]);
  });

  it('quarantines a transaction without a date or amount and keeps the rest of the file', () => {
    const statement = read('bad-transactions.ofx');
    expect(statement.transactions.map((t) => t.fitid)).toEqual(['C']);
    expect(statement.quarantined).toEqual([
      {
        reason: 'BAD_DATE',
        detail:
          'bad-transactions.ofx: account 237/1/777, transaction 1 (FITID A): DTPOSTED "2025-03-03" is not a date',
      },
      {
        reason: 'BAD_AMOUNT',
        detail:
          'bad-transactions.ofx: account 237/1/777, transaction 2 (FITID B): TRNAMT "ten" is not an amount in centavos',
      },
    ]);
  });

  it('reads CHARSET:NONE as UTF-8 when the bytes are UTF-8, else as Windows-1252; one line or many', () => {
    const text = [
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:NONE\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>',
      '<BANKACCTFROM><BANKID>077<BRANCHID>0001<ACCTID>123-4</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT',
      '<DTPOSTED>20250303<TRNAMT>5,00<FITID>1<MEMO>CRÉDITO STONE</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('');
    for (const bytes of [new TextEncoder().encode(text), new Uint8Array(Buffer.from(text, 'latin1'))]) {
      expect(readOfx(bytes, 'none.ofx').transactions.map((t) => [t.bankAccount, t.memo])).toEqual([
        ['77/1/1234', 'CRÉDITO STONE'],
      ]);
    }
  });

  it.each([
    ['not-ofx.ofx', 'NOT_OFX'],
    ['truncated.ofx', 'BROKEN_STRUCTURE'],
    ['no-account.ofx', 'NO_ACCOUNT'],
    ['unknown-charset.ofx', 'UNKNOWN_CHARSET'],
  ])('refuses %s as a whole (%s), naming the file', (name, reason) => {
    const refused = refusal(name);
    expect(refused.reason).toBe(reason);
    expect(refused.detail).toContain(name);
  });
});

describe('OFX values', () => {
  it.each([
    ['1234.56', 123456],
    ['-50,00', -5000],
    ['+10.5', 1050],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['0.1', 10],
    ['10.500', 1050],
    ['7', 700],
    [' -0,01 ', -1],
    ['-0.00', 0],
  ])('amount %s is %i centavos', (text, cents) => {
    expect(parseAmountCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '1.2.3', '10.505', '1,23,45', '12-3', '1.234.56'])('amount "%s" is refused', (text) => {
    expect(parseAmountCents(text)).toBeNull();
  });

  it.each([
    ['20250303', '2025-03-03'],
    ['20250303120000', '2025-03-03'],
    ['20250303120000[-3:BRT]', '2025-03-03'],
    ['20250303235959.123[-3:BRT]', '2025-03-03'],
    ['20250229', null],
    ['2025-03-03', null],
    ['2025', null],
  ])('date %s is %s', (text, date) => {
    expect(parseOfxDate(text)).toBe(date);
  });
});
