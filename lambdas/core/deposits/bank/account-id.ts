/**
 * One name for a bank account, whichever side it comes from (docs/deposits.md): an OFX
 * statement's BANKID/BRANCHID/ACCTID and a payment record's bank, branch and account columns spell
 * the same account differently ("0341" and "341", "01234-5" and "12345", a branch with or without its
 * check digit). Both sides go through {@link bankAccountId}, so they meet on one string:
 * `<bank>/<branch>/<account>`, each part digits only without leading zeros (an account's check digit
 * kept as its last digit; a branch's check digit, written after a dash, dropped).
 */

/** A bank account as its source names it; any part may be missing. */
export interface BankAccountParts {
  readonly bank: string | null;
  readonly branch: string | null;
  readonly account: string | null;
}

/** Digits of `value` without leading zeros ('' when it has none). */
function digits(value: string): string {
  return value.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}

/** The branch without the check digit some layouts append after a dash ("1234-5" → "1234"). */
function branchDigits(value: string): string {
  return digits(value.replace(/-\s*[\dxX]\s*$/, ''));
}

/**
 * The account's id, or null when the account number is missing (a payment that does not say where it
 * lands cannot be matched to a credit). A missing bank or branch stays empty, so a statement that
 * names them still meets a record that names only the account only when both say the same.
 */
export function bankAccountId(parts: BankAccountParts): string | null {
  const account = parts.account === null ? '' : digits(parts.account);
  if (account === '' || /^0+$/.test(account)) return null;
  const bank = parts.bank === null ? '' : digits(parts.bank);
  const branch = parts.branch === null ? '' : branchDigits(parts.branch);
  return `${bank}/${branch}/${account}`;
}
