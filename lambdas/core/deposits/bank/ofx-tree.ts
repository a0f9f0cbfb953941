/**
 * OFX markup → a tree of elements, for both forms at once. OFX 1.x is SGML: aggregates are closed
 * (`</STMTTRN>`), leaves usually are not (`<TRNAMT>-50,00` then the next tag); OFX 2.x is XML, where
 * every leaf is closed. One rule reads both: a tag opened after a leaf's text closes that leaf, and a
 * closing tag closes whatever was left open inside it. A closing tag that matches nothing open, or an
 * aggregate still open at the end (a truncated download), is a broken file. A CDATA section (valid
 * XML, which some 2.x exporters wrap NAME and MEMO in) is a leaf's text as written, never markup.
 */
import { decodeEntities } from './ofx-values';
import { StatementError } from './statement';

export interface OfxElement {
  readonly name: string;
  /** A leaf's value (trimmed, entities decoded); null for an aggregate. */
  text: string | null;
  readonly children: OfxElement[];
}

/**
 * Leaves a bank may leave empty and unclosed (`<MEMO>` then `<FITID>`): without a value nothing else
 * says they are leaves, and the next tag would be read as their child.
 */
const KNOWN_LEAVES = new Set(
  'TRNTYPE DTPOSTED DTUSER DTAVAIL TRNAMT FITID CORRECTFITID SRVRTID CHECKNUM REFNUM SIC PAYEEID NAME MEMO BANKID BRANCHID ACCTID ACCTTYPE ACCTKEY CURDEF DTSTART DTEND BALAMT DTASOF TRNUID CODE SEVERITY MESSAGE DTSERVER LANGUAGE ORG FID'.split(
    ' ',
  ),
);

/**
 * Aggregates some banks never close (Bradesco's SGML: `<STMTTRN>` after `<STMTTRN>`, then
 * `</BANKTRANLIST>`). None contains itself, so opening one closes the one still open, and the
 * enclosing closing tag closes the last. Other aggregates must be closed: an unclosed one is more
 * likely a damaged file than a layout.
 */
const UNCLOSED_AGGREGATES = new Set(['STMTTRN']);

const TOKEN =
  /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z][A-Za-z0-9_.]*)\s*[^>]*>|([^<]+)|(<)/g;

/** The tree under the file's `<OFX>` element; {@link StatementError} BROKEN_STRUCTURE otherwise. */
export function parseOfxTree(body: string, fileName: string): OfxElement {
  const broken = (detail: string) => new StatementError('BROKEN_STRUCTURE', `${fileName}: ${detail}`);
  const root: OfxElement = { name: '', text: null, children: [] };
  const stack: OfxElement[] = [root];
  const top = () => stack[stack.length - 1] as OfxElement;
  for (const match of body.matchAll(TOKEN)) {
    const [, cdata, closing, name, text, stray] = match;
    if (stray !== undefined) throw broken(`a "<" that opens no tag at offset ${match.index}`);
    if (text !== undefined || cdata !== undefined) {
      // Entities mean something in text only; a CDATA section says `&` and `<` literally.
      const value = text === undefined ? (cdata as string).trim() : decodeEntities(text.trim());
      if (value === '' && cdata === undefined) continue;
      if (stack.length === 1) throw broken(`text outside <OFX>: "${value.slice(0, 40)}"`);
      const current = top();
      if (current.children.length > 0)
        throw broken(`text "${value.slice(0, 40)}" inside <${current.name}> after its elements`);
      current.text = (current.text ?? '') + value;
      continue;
    }
    if (name === undefined) continue; // a comment or processing instruction
    const tag = name.toUpperCase();
    if (closing === '') {
      // An SGML leaf ends where the next tag begins.
      const open = top();
      if (open.text !== null || (open.children.length === 0 && KNOWN_LEAVES.has(open.name))) stack.pop();
      if (UNCLOSED_AGGREGATES.has(tag)) {
        const unclosed = stack.findLastIndex((e, i) => i > 0 && e.name === tag);
        if (unclosed > 0) stack.length = unclosed;
      }
      if (stack.length === 1 && root.children.length > 0) throw broken(`<${tag}> after </OFX>`);
      const element: OfxElement = { name: tag, text: null, children: [] };
      top().children.push(element);
      stack.push(element);
      continue;
    }
    const at = stack.findLastIndex((e, i) => i > 0 && e.name === tag);
    if (at < 0) throw broken(`</${tag}> closes nothing open`);
    // Anything still open inside it is an unclosed SGML leaf (with or without a value), or an
    // aggregate some banks never close.
    for (const inner of stack.slice(at + 1)) {
      if (inner.children.length > 0 && !UNCLOSED_AGGREGATES.has(inner.name))
        throw broken(`<${inner.name}> is not closed before </${tag}>`);
    }
    stack.length = at;
  }
  // A last leaf may stay open; an aggregate may not (the file was cut short).
  while (stack.length > 1 && top().children.length === 0) stack.pop();
  if (stack.length > 1) throw broken(`<${top().name}> is not closed: the file ends inside it`);
  const ofx = root.children[0];
  if (ofx?.name !== 'OFX') throw broken('no <OFX> element');
  return ofx;
}

/** Every element named `name` below `element`, in document order (not below a match). */
export function descendants(element: OfxElement, name: string): OfxElement[] {
  const found: OfxElement[] = [];
  for (const child of element.children) {
    if (child.name === name) found.push(child);
    else found.push(...descendants(child, name));
  }
  return found;
}

/**
 * The value of the first leaf named `name` below `element` (at any depth: BANKID sits inside
 * BANKACCTFROM), or null.
 */
export function leaf(element: OfxElement, name: string): string | null {
  for (const child of element.children) {
    if (child.name === name && child.children.length === 0) return child.text;
    const below = leaf(child, name);
    if (below !== null) return below;
  }
  return null;
}
