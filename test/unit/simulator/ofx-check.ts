/**
 * A minimal structural reading of the simulator's OFX statements, independent of the code that
 * writes them: the header block, balanced aggregates (every leaf closed in XML, none in SGML), and
 * each STMTTRN's fields. Enough to check what the statements hold; recon's importer parses for real.
 */
import { bankAccountId } from '../../../lambdas/core/deposits/bank/account-id';

export interface OfxTransaction {
  readonly account: string;
  readonly date: string;
  readonly cents: number;
  readonly fitid: string;
  readonly memo: string;
}

const SGML_HEADER =
  'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n';
const AGGREGATES = new Set([
  'OFX',
  'SIGNONMSGSRSV1',
  'SONRS',
  'STATUS',
  'FI',
  'BANKMSGSRSV1',
  'STMTTRNRS',
  'STMTRS',
  'BANKACCTFROM',
  'BANKTRANLIST',
  'STMTTRN',
  'LEDGERBAL',
]);

/** Text of the file per its own header; throws on any structural fault. */
export function checkOfx(bytes: Uint8Array): { format: 'sgml' | 'xml'; text: string } {
  const latin = Buffer.from(bytes).toString('latin1');
  if (latin.replaceAll('\r\n', '').includes('\n')) throw new Error('a line not ended by CRLF');
  let format: 'sgml' | 'xml';
  let text: string;
  if (latin.startsWith(SGML_HEADER)) {
    format = 'sgml';
    text = latin.slice(SGML_HEADER.length);
  } else if (latin.startsWith('<?xml version="1.0" encoding="UTF-8"')) {
    format = 'xml';
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (!/^<\?xml[^>]*\?>\r\n<\?OFX OFXHEADER="200" VERSION="2\d\d"[^>]*\?>\r\n/.test(text))
      throw new Error('no OFX 2 processing instruction');
    text = text.replace(/^(<\?[^>]*\?>\r\n)+/, '');
  } else throw new Error('no OFX header');
  const stack: string[] = [];
  for (const [, close, tag, rest] of text.matchAll(/<(\/?)([A-Z0-9.]+)>([^<\r\n]*)/g)) {
    const name = tag as string;
    if (close) {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`);
    } else if (AGGREGATES.has(name)) stack.push(name);
    else if (format === 'xml') stack.push(name);
    else if (!rest) throw new Error(`empty leaf <${name}>`);
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join(',')}`);
  if (format === 'sgml' && /<\/(CODE|TRNAMT|FITID|MEMO)>/.test(text)) throw new Error('closed leaf in SGML');
  return { format, text };
}

const leaf = (block: string, tag: string) => new RegExp(`<${tag}>([^<\\r\\n]*)`).exec(block)?.[1] ?? '';

function cents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`amount ${amount}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

/** The transactions of one statement, with the account's id as recon forms it. */
export function transactionsOf(bytes: Uint8Array): OfxTransaction[] {
  const { text } = checkOfx(bytes);
  const account = bankAccountId({
    bank: leaf(text, 'BANKID'),
    branch: leaf(text, 'BRANCHID'),
    account: leaf(text, 'ACCTID'),
  }) as string;
  return text
    .split('<STMTTRN>')
    .slice(1)
    .map((block) => {
      const posted = leaf(block, 'DTPOSTED');
      return {
        account,
        date: `${posted.slice(0, 4)}-${posted.slice(4, 6)}-${posted.slice(6, 8)}`,
        cents: cents(leaf(block, 'TRNAMT')),
        fitid: leaf(block, 'FITID'),
        memo: leaf(block, 'MEMO'),
      };
    });
}
