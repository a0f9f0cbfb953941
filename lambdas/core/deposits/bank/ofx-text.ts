/**
 * An OFX file's bytes → text, decoded by the charset the file declares. Brazilian banks send both
 * forms: OFX 1.x SGML (a `KEY:VALUE` header: `OFXHEADER:100`, `DATA:OFXSGML`, `ENCODING:USASCII` or
 * `UTF-8`, `CHARSET:1252`, `ISO-8859-1` or `NONE`) and OFX 2.x XML (`<?xml encoding="..."?>` then
 * `<?OFX OFXHEADER="200" ...?>`). A 1.x file in CHARSET 1252 read as UTF-8 (what most libraries do)
 * turns every accent of a memo into U+FFFD, and with it the memo the content identity is built from.
 */
import { StatementError } from './statement';

export interface OfxText {
  /** The file from its `<OFX>` tag on (headers and processing instructions left out). */
  readonly body: string;
  /** 1 (SGML header) or 2 (XML declaration). */
  readonly version: 1 | 2;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/** The SGML header's CHARSET values → WHATWG encoding labels (TextDecoder knows these). */
const SGML_CHARSETS: Record<string, string> = {
  '1252': 'windows-1252',
  'WINDOWS-1252': 'windows-1252',
  'ISO-8859-1': 'iso-8859-1',
  '8859-1': 'iso-8859-1',
  'ISO8859-1': 'iso-8859-1',
  LATIN1: 'iso-8859-1',
  'UTF-8': 'utf-8',
  UTF8: 'utf-8',
};

function decoderFor(label: string, fileName: string) {
  try {
    return new TextDecoder(label);
  } catch {
    throw new StatementError('UNKNOWN_CHARSET', `${fileName}: unknown charset "${label}"`);
  }
}

/**
 * `CHARSET:NONE` (or no charset at all) says nothing: Itaú and Inter send UTF-8 under it, others
 * Windows-1252. Bytes that are valid UTF-8 are read as UTF-8 (a 1252 text with accents almost never
 * is), anything else as Windows-1252, which decodes every byte.
 */
function sniff(bytes: Uint8Array): string {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The encoding label the file declares, or null when it declares none. */
function declaredCharset(head: string, fileName: string): string | null {
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return (xml[1] as string).trim();
  if (/^\s*<\?xml/i.test(head)) return 'utf-8';
  const header = (name: string) => new RegExp(`^\\s*${name}\\s*:\\s*(\\S*)`, 'im').exec(head)?.[1];
  const encoding = header('ENCODING')?.toUpperCase();
  if (encoding === 'UTF-8' || encoding === 'UNICODE') return 'utf-8';
  const charset = header('CHARSET')?.toUpperCase();
  if (charset === undefined || charset === '' || charset === 'NONE') return null;
  const label = SGML_CHARSETS[charset];
  if (label === undefined)
    throw new StatementError('UNKNOWN_CHARSET', `${fileName}: unknown CHARSET "${charset}"`);
  return label;
}

/** The file's text from `<OFX>` on; {@link StatementError} NOT_OFX or UNKNOWN_CHARSET otherwise. */
export function ofxText(bytes: Uint8Array, fileName: string): OfxText {
  const bom = UTF8_BOM.every((b, i) => bytes[i] === b);
  const content = bom ? bytes.subarray(UTF8_BOM.length) : bytes;
  // Headers are ASCII in every form: read them byte for byte before knowing the charset.
  const head = new TextDecoder('iso-8859-1').decode(content.subarray(0, 4096));
  const isXml = /^\s*<\?xml/i.test(head) || /<\?OFX\b/i.test(head);
  const isSgml = /^\s*OFXHEADER\s*:/i.test(head);
  if (!isXml && !isSgml && !/<OFX>/i.test(head)) {
    throw new StatementError('NOT_OFX', `${fileName}: no OFX header and no <OFX> tag at the start`);
  }
  const label = bom ? 'utf-8' : (declaredCharset(head, fileName) ?? sniff(content));
  const text = decoderFor(label, fileName).decode(content);
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new StatementError('NOT_OFX', `${fileName}: no <OFX> element`);
  return { body: text.slice(start), version: isXml ? 2 : 1 };
}
