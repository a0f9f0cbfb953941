/**
 * What a receivable adds to the expected deposits (docs/deposits.md, "Expected deposits"), as book
 * totals cells (totals/cells.ts), so the deposits ride on the totals' exactly-once machinery: each
 * write adds its cells' delta, a recount is the sum over receivables, and no night reads the book.
 *
 * One cell per deposit place, `d:<payment date>|<acquirer>|<bank account>[|<group value>…]`, holding
 * the centavos the receivable adds to that deposit:
 * - its counted payments (receivable/corrections.ts) and its advances (net: the advance fee is
 *   already out), each on its payment date and its own account;
 * - for roles in `deposits.deductedRoles`: chargebacks (−), reversals (+) and linked adjustments
 *   (signed), each on its payment date (else movement date) and its own account, else the account
 *   of the receivable's latest payment; with none the account is '' (the reader's "without account").
 * Acquirer and group values are escaped (`%` and `|`), so a value holding the separator reads back
 * as it was. The cells of a payment date are filed under an expiry day of their own (see
 * {@link depositExpiry}): a deposit is matched days after its payment date, not for the life of the
 * receivable, so the totals item holds a few months of deposit cells, not the whole hot horizon.
 */
import { addDays, type IsoDate } from '../calendar';
import type { Cents } from '../money';
import { countedSettlements } from '../receivable/corrections';
import { endOfMonth } from '../receivable/horizon';
import type { RoleContribution } from '../receivable/lifecycle';
import type { ReceivableContent } from '../receivable/matcher';
import type { DepositsConfig } from './config';
import type { DepositPlace } from './types';

export const DEPOSIT_CELL_KIND = 'd';

/**
 * Days after a payment date its deposit cells stay in the totals (then rounded up to the month's
 * end, like the receivables' buckets): a statement is imported up to a month or two late, and the
 * match window is at most 30 business days. A read for an older payment date finds nothing.
 */
export const DEPOSIT_CELL_DAYS = 92;

export type DepositCellsConfig = { readonly deposits: Pick<DepositsConfig, 'groupBy' | 'deductedRoles'> };

const SEPARATOR = '|';
const escape = (value: string) => value.replace(/%/g, '%25').replace(/\|/g, '%7C');
const unescape = (value: string) => value.replace(/%7C/g, SEPARATOR).replace(/%25/g, '%');

/** The plain cell name of a deposit place and its group values (none without `groupBy`). */
export function depositCellName(
  place: Omit<DepositPlace, 'group'>,
  groupParts: readonly string[] = [],
): string {
  const parts = [place.paymentDate, escape(place.acquirer), place.bankAccount, ...groupParts.map(escape)];
  return `${DEPOSIT_CELL_KIND}:${parts.join(SEPARATOR)}`;
}

/** The place of a plain deposit cell's bucket (the part after `d:`). */
export function depositPlaceOf(bucket: string): DepositPlace {
  const [paymentDate = '', acquirer = '', bankAccount = '', ...group] = bucket.split(SEPARATOR);
  return {
    paymentDate,
    acquirer: unescape(acquirer),
    bankAccount,
    group: group.map(unescape).join(SEPARATOR),
  };
}

/** The day a payment date's deposit cells leave the totals (undefined for an undated amount). */
export function depositExpiry(paymentDate: IsoDate): IsoDate | undefined {
  return paymentDate === '' ? undefined : endOfMonth(addDays(paymentDate, DEPOSIT_CELL_DAYS));
}

/** Direction of each event role in a deposit: advances pay, reversals give back, the rest is signed. */
const EVENT_SIGN: Partial<Record<RoleContribution['role'], 1 | -1>> = {
  ADVANCE: 1,
  CHARGEBACK: -1,
  CHARGEBACK_REVERSAL: 1,
  ADJUSTMENT: 1,
};

interface Movement {
  readonly date: IsoDate | null;
  readonly account: string | undefined;
  readonly cents: Cents;
}

/** The account of the latest payment (counted settlement or advance) that names one; ties: smallest. */
function paymentAccount(payments: readonly Movement[]): string {
  let best: Movement | undefined;
  for (const p of payments) {
    if (p.account === undefined) continue;
    const date = p.date ?? '';
    const bestDate = best?.date ?? '';
    if (best === undefined || date > bestDate || (date === bestDate && p.account < (best.account ?? ''))) {
      best = p;
    }
  }
  return best?.account ?? '';
}

/** Plain deposit cell name → centavos the receivable adds to it (zeros dropped). */
export function depositCells(r: ReceivableContent, config: DepositCellsConfig): Record<string, number> {
  const { groupBy, deductedRoles } = config.deposits;
  const payments: Movement[] = countedSettlements(r.settlements).counted.map((s) => ({
    date: s.paymentDate,
    account: s.bankAccount,
    cents: s.netCents * s.occurrences.copies,
  }));
  const deductions: Movement[] = [];
  for (const e of r.events ?? []) {
    const sign = EVENT_SIGN[e.role];
    if (sign === undefined) continue;
    const movement = {
      date: e.paymentDate ?? e.movementDate,
      account: e.bankAccount,
      cents: sign * e.netCents * e.occurrences.copies,
    };
    if (e.role === 'ADVANCE') payments.push(movement);
    else if (deductedRoles.includes(e.role)) deductions.push(movement);
  }
  const fallback = paymentAccount(payments);
  const groupParts = groupBy.map((field) => r[field] ?? '');
  const cells: Record<string, number> = {};
  const add = (m: Movement, bankAccount: string) => {
    const place = { paymentDate: m.date ?? '', acquirer: r.acquirer ?? '', bankAccount };
    const name = depositCellName(place, groupParts);
    const sum = (cells[name] ?? 0) + m.cents;
    if (sum === 0) delete cells[name];
    else cells[name] = sum;
  };
  // A payment that names no account is not guessed onto another's: it is "without account".
  for (const m of payments) add(m, m.account ?? '');
  for (const m of deductions) add(m, m.account ?? fallback);
  return cells;
}
