/**
 * One OFX statement as a Brazilian bank exports it: SGML 1.02 (the headers banks send, CRLF lines,
 * leaf elements never closed, windows-1252 bytes) or XML 2.1.1 (UTF-8, every element closed). The
 * simulator's rendering, not any bank's exact file. With quirks (ledger.ts), also what real files do
 * (test/fixtures/bank/README.md): each bank's own amount form (styles.ts), Banco do Brasil's balance
 * lines among the transactions ("Saldo Anterior", and "Saldo do dia" dated in the year 2), and XML
 * memos in CDATA sections.
 */
import { addDays, type IsoDate } from '../../../lambdas/core/calendar';
import type { BankAccount } from './accounts';
import type { BankLine } from './ledger';
import type { BankStyle } from './styles';

export interface Statement {
  readonly account: BankAccount;
  readonly style: BankStyle;
  /** The export's day: DTSERVER and the end of the period it covers. */
  readonly exportedOn: IsoDate;
  readonly start: IsoDate;
  readonly lines: readonly BankLine[];
  /** The ledger balance at the end of `exportedOn`. */
  readonly balanceCents: number;
  readonly quirks?: boolean;
}

/** An OFX element tree: a leaf is [tag, value], an aggregate [tag, children]. */
type Node = readonly [string, string | readonly Node[]];

const ymd = (date: IsoDate) => date.replaceAll('-', '');

/** Centavos as OFX writes an amount: a point, two decimals, a minus sign for debits. */
export function ofxAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function transaction(s: Statement, line: BankLine): Node {
  const { style } = s;
  const type =
    line.cents >= 0 ? (line.kind === 'PIX' && style.format === 'xml' ? 'XFER' : 'CREDIT') : 'DEBIT';
  return [
    'STMTTRN',
    [
      ['TRNTYPE', type],
      ['DTPOSTED', style.posted(line.date)],
      ['TRNAMT', s.quirks ? style.quirkAmount(line.cents) : ofxAmount(line.cents)],
      ['FITID', line.fitid],
      ['CHECKNUM', line.fitid.slice(-6)],
      ['MEMO', line.memo],
    ],
  ];
}

function tree(s: Statement): Node {
  const status: Node = [
    'STATUS',
    [
      ['CODE', '0'],
      ['SEVERITY', 'INFO'],
    ],
  ];
  const server = `${ymd(s.exportedOn)}080000[-03:EST]`;
  return [
    'OFX',
    [
      [
        'SIGNONMSGSRSV1',
        [
          [
            'SONRS',
            [
              status,
              ['DTSERVER', server],
              ['LANGUAGE', 'POR'],
              [
                'FI',
                [
                  ['ORG', s.style.name],
                  ['FID', s.account.bank],
                ],
              ],
            ],
          ],
        ],
      ],
      [
        'BANKMSGSRSV1',
        [
          [
            'STMTTRNRS',
            [
              ['TRNUID', '1'],
              status,
              [
                'STMTRS',
                [
                  ['CURDEF', 'BRL'],
                  [
                    'BANKACCTFROM',
                    [
                      ['BANKID', s.account.bank.padStart(4, '0')],
                      [
                        'BRANCHID',
                        s.style.format === 'xml'
                          ? `${s.account.branch}-${s.account.branchCheck}`
                          : s.account.branch,
                      ],
                      ['ACCTID', `${s.account.number}-${s.account.check}`],
                      ['ACCTTYPE', 'CHECKING'],
                    ],
                  ],
                  [
                    'BANKTRANLIST',
                    [
                      ['DTSTART', ymd(s.start)],
                      ['DTEND', ymd(s.exportedOn)],
                      ...withBalanceLines(
                        s,
                        s.lines.map((line) => transaction(s, line)),
                      ),
                    ],
                  ],
                  [
                    'LEDGERBAL',
                    [
                      ['BALAMT', ofxAmount(s.balanceCents)],
                      ['DTASOF', server],
                    ],
                  ],
                ],
              ],
            ],
          ],
        ],
      ],
    ],
  ];
}

/** A balance as Banco do Brasil lists it among the transactions: no FITID, the balance as amount. */
function balanceLine(s: Statement, posted: string, cents: number, name: string): Node {
  return [
    'STMTTRN',
    [
      ['TRNTYPE', 'OTHER'],
      ['DTPOSTED', posted],
      ['TRNAMT', s.style.quirkAmount(cents)],
      ['FITID', ''],
      ['NAME', name],
    ],
  ];
}

/** With quirks, Banco do Brasil's transactions between its opening and closing balance lines. */
function withBalanceLines(s: Statement, transactions: Node[]): Node[] {
  if (!s.quirks || s.account.bank !== '001') return transactions;
  const opening = s.lines.reduce((balance, line) => balance - line.cents, s.balanceCents);
  return [
    balanceLine(s, s.style.posted(addDays(s.start, -1)), opening, 'Saldo Anterior'),
    ...transactions,
    balanceLine(s, '00021130000000[-3:BRT]', s.balanceCents, 'Saldo do dia'),
  ];
}

/** SGML: leaves unclosed; `&`, `<` and `>` escaped as SGML OFX allows. */
function sgml(node: Node, out: string[]): void {
  const [tag, body] = node;
  if (typeof body === 'string') {
    out.push(`<${tag}>${escaped(body)}`);
    return;
  }
  out.push(`<${tag}>`);
  for (const child of body) sgml(child, out);
  out.push(`</${tag}>`);
}

/** XML; with `cdata`, MEMO as a CDATA section (its text as written, nothing escaped). */
function xml(node: Node, out: string[], indent: string, cdata: boolean): void {
  const [tag, body] = node;
  if (typeof body === 'string') {
    const text = cdata && tag === 'MEMO' ? `<![CDATA[${body}]]>` : escaped(body);
    out.push(`${indent}<${tag}>${text}</${tag}>`);
    return;
  }
  out.push(`${indent}<${tag}>`);
  for (const child of body) xml(child, out, `${indent}  `, cdata);
  out.push(`${indent}</${tag}>`);
}

const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const SGML_HEADER = [
  'OFXHEADER:100',
  'DATA:OFXSGML',
  'VERSION:102',
  'SECURITY:NONE',
  'ENCODING:USASCII',
  'CHARSET:1252',
  'COMPRESSION:NONE',
  'OLDFILEUID:NONE',
  'NEWFILEUID:NONE',
  '',
];

const XML_HEADER = [
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
  '<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
];

/** windows-1252 bytes of text the simulator writes (Latin-1 letters only; anything else is a bug here). */
export function windows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff || (code >= 0x80 && code < 0xa0))
      throw new RangeError(`character U+${code.toString(16)} has no windows-1252 byte here`);
    bytes[i] = code;
  }
  return bytes;
}

export function renderOfx(statement: Statement): Uint8Array {
  const out: string[] = [];
  if (statement.style.format === 'xml') {
    xml(tree(statement), out, '', statement.quirks === true);
    return new TextEncoder().encode(`${[...XML_HEADER, ...out].join('\r\n')}\r\n`);
  }
  sgml(tree(statement), out);
  return windows1252(`${[...SGML_HEADER, ...out].join('\r\n')}\r\n`);
}
