/**
 * OFX bank statements (1.x SGML and 2.x XML) → {@link ReadStatement}. Written here rather than
 * through ofx-data-extractor 1.5.0 (docs/deposits.md, "Statements: import and identity"): that
 * library fails on a file with several accounts (several STMTRS: a JSON.parse error, the whole file
 * lost), decodes every file as UTF-8 whatever its CHARSET says (a 1252 file's accents become U+FFFD),
 * leaves XML entities encoded (`&amp;`) and returns transactions without the account they belong to.
 */
import { bankAccountId } from './account-id';
import { isBalanceLine } from './balance-line';
import { ofxText } from './ofx-text';
import { descendants, leaf, type OfxElement, parseOfxTree } from './ofx-tree';
import { parseAmountCents, parseOfxDate } from './ofx-values';
import {
  type Quarantined,
  type ReadStatement,
  type Skipped,
  StatementError,
  type StatementTransaction,
} from './statement';

const digitsOf = (value: string | null) => (value ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');

/**
 * The account of one STMTRS. BANKID, BRANCHID, ACCTID as given; some banks leave BRANCHID empty and
 * write `branch/account` or `branch account` in ACCTID (split there: a dash stays the account's
 * check digit); BANKID may be missing (the account id then starts with an empty bank, and meets only
 * records that give no bank either).
 */
function accountOf(statement: OfxElement, fileName: string, index: number) {
  const from = descendants(statement, 'BANKACCTFROM')[0];
  const bank = from ? leaf(from, 'BANKID') : null;
  let branch = from ? leaf(from, 'BRANCHID') : null;
  let account = from ? leaf(from, 'ACCTID') : null;
  const inside = account === null ? null : /^\s*(\d{1,5})\s*[/\s]\s*(\S.*)$/.exec(account);
  if ((branch === null || branch.trim() === '') && inside) {
    branch = inside[1] as string;
    account = inside[2] as string;
  }
  const id = bankAccountId({ bank, branch, account });
  if (id === null) {
    throw new StatementError(
      'NO_ACCOUNT',
      `${fileName}: statement ${index + 1} names no bank account (BANKACCTFROM/ACCTID)`,
    );
  }
  return { id, bankCode: digitsOf(bank) };
}

/** Reads a statement file; throws {@link StatementError} when the file as a whole cannot be taken in. */
export function readOfx(bytes: Uint8Array, fileName: string): ReadStatement {
  const { body } = ofxText(bytes, fileName);
  const ofx = parseOfxTree(body, fileName);
  const statements = descendants(ofx, 'STMTRS');
  if (statements.length === 0) {
    throw new StatementError('NO_ACCOUNT', `${fileName}: no bank statement (STMTRS) in the file`);
  }
  const transactions: StatementTransaction[] = [];
  const quarantined: Quarantined[] = [];
  const skipped: Skipped[] = [];
  const accounts: string[] = [];
  statements.forEach((statement, s) => {
    const { id, bankCode } = accountOf(statement, fileName, s);
    if (!accounts.includes(id)) accounts.push(id);
    descendants(statement, 'STMTTRN').forEach((trn, t) => {
      const fitid = leaf(trn, 'FITID');
      const where = `${fileName}: account ${id}, transaction ${t + 1}${fitid ? ` (FITID ${fitid})` : ''}`;
      const name = leaf(trn, 'NAME');
      const memoText = leaf(trn, 'MEMO');
      // Before the date and amount: a balance line's date may be no date at all (BB writes year 2).
      if (isBalanceLine([name, memoText])) {
        const text = [name, memoText].filter((v) => v !== null && v !== '').join(' ');
        skipped.push({
          reason: 'BALANCE_LINE',
          detail: `${where}: "${text}" ${leaf(trn, 'TRNAMT') ?? ''} is a balance, not money moving`,
        });
        return;
      }
      const dateText = leaf(trn, 'DTPOSTED');
      const postedDate = dateText === null ? null : parseOfxDate(dateText);
      if (postedDate === null) {
        quarantined.push({
          reason: 'BAD_DATE',
          detail: `${where}: DTPOSTED ${dateText === null ? 'missing' : `"${dateText}" is not a date`}`,
        });
        return;
      }
      const amountText = leaf(trn, 'TRNAMT');
      const amountCents = amountText === null ? null : parseAmountCents(amountText);
      if (amountCents === null) {
        quarantined.push({
          reason: 'BAD_AMOUNT',
          detail: `${where}: TRNAMT ${amountText === null ? 'missing' : `"${amountText}" is not an amount in centavos`}`,
        });
        return;
      }
      // NAME and MEMO both when both say something: some banks put the payer in one, the text in the other.
      const memo = [name, memoText]
        .filter((v, i, all): v is string => v !== null && v !== '' && all.indexOf(v) === i)
        .join(' ');
      transactions.push({
        bankAccount: id,
        bankCode,
        postedDate,
        amountCents,
        fitid: fitid === null || fitid === '' ? null : fitid,
        memo,
        type: (leaf(trn, 'TRNTYPE') ?? '').toUpperCase(),
      });
    });
  });
  return { transactions, quarantined, skipped, accounts };
}
