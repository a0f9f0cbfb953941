/**
 * What a receivable adds to the expected deposits (docs/deposits.md, "Expected deposits"), as book
 * totals cells (book/cells.ts), so the deposits ride on the totals' exactly-once machinery: each
 * write adds its cells' delta, a recount is the sum over receivables, and no night reads the book.
 *
 * Per deposit place `<payment date>|<acquirer>|<bank account>[|<group value>…]`, cell `d:<place>`
 * holds what the receivable pays into that deposit and `dk:<place>` what the acquirer takes from it
 * (both only when not zero; `dk:` is rare: chargebacks are), so the report can show both:
 * - `d:` its counted payments and advances (receivables/corrections.ts; net: the advance fee is
 *   already out), each on its payment date and its own account ('' when the record names none);
 * - `dk:` for roles in `deposits.deductedRoles`: chargebacks (+) and reversals (−), each on its
 *   payment date (else movement date) and its own account,
 *   else the account of the receivable's latest payment; with none the account is '' (the reader's
 *   "without account").
 * A linked adjustment adds no cell: the payment it adjusts already carries the adjusted amount
 * (docs/lifecycle.md), so netting it again would count it twice. Account-level adjustments and fees
 * are the reader's (book/expected-deposits.ts).
 * Acquirer and group values are escaped (`%` and `|`), so a value holding the separator reads back
 * as it was. The cells of a payment date are filed under an expiry day of their own (see
 * {@link depositExpiry}): a deposit is matched days after its payment date, not for the life of the
 * receivable, so the totals item holds a few months of deposit cells, not the whole hot horizon.
 */
import { addDays, type IsoDate } from '../calendar';
import type { DepositsConfig } from '../deposits/config';
import type { DepositPlace } from '../deposits/types';
import type { Cents } from '../money';
import { countedContributions } from '../receivables/corrections';
import { endOfMonth } from '../receivables/horizon';
import type { RoleContribution } from '../receivables/lifecycle';
import type { ReceivableContent } from '../receivables/matcher';

/** Paid into a deposit; taken from it (a debit, positive). */
export const PAID_KIND = 'd';
export const DEDUCTED_KIND = 'dk';

/**
 * Days after a payment date its deposit cells stay in the totals (then rounded up to the month's
 * end, like the receivables' buckets): a statement is imported up to a month or two late, and the
 * match window is at most 30 business days. A read for an older payment date finds nothing.
 */
export const DEPOSIT_CELL_DAYS = 92;

export type DepositCellsConfig = { readonly deposits: Pick<DepositsConfig, 'groupBy' | 'deductedRoles'> };

const SEPARATOR = '|';
const escapeValue = (value: string) => value.replace(/%/g, '%25').replace(/\|/g, '%7C');
const unescapeValue = (value: string) => value.replace(/%7C/g, SEPARATOR).replace(/%25/g, '%');

/** The bucket (cell name after `d:` / `dk:`) of a deposit place and its group values. */
export function depositBucket(
  place: Omit<DepositPlace, 'group'>,
  groupValues: readonly string[] = [],
): string {
  const parts = [
    place.paymentDate,
    escapeValue(place.acquirer),
    place.bankAccount,
    ...groupValues.map(escapeValue),
  ];
  return parts.join(SEPARATOR);
}

/** A deposit place and its group values (one per `groupBy` field) read back from its bucket. */
export function depositPlaceOf(bucket: string): DepositPlace & { readonly groupValues: readonly string[] } {
  const [paymentDate = '', acquirer = '', bankAccount = '', ...group] = bucket.split(SEPARATOR);
  const groupValues = group.map(unescapeValue);
  return {
    paymentDate,
    acquirer: unescapeValue(acquirer),
    bankAccount,
    group: groupValues.join(SEPARATOR),
    groupValues,
  };
}

/** Whether a plain cell kind is a deposit's. */
export const isDepositKind = (kind: string) => kind === PAID_KIND || kind === DEDUCTED_KIND;

/** The day a payment date's deposit cells leave the totals (undefined for an undated amount). */
export function depositExpiry(paymentDate: IsoDate): IsoDate | undefined {
  return paymentDate === '' ? undefined : endOfMonth(addDays(paymentDate, DEPOSIT_CELL_DAYS));
}

/** Each event role's direction: an advance pays; a chargeback is taken, a reversal given back. */
const EVENT_SIGN: Partial<Record<RoleContribution['role'], 1 | -1>> = {
  ADVANCE: 1,
  CHARGEBACK: 1,
  CHARGEBACK_REVERSAL: -1,
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
  const counted = countedContributions(r);
  const payments: Movement[] = counted.settlements.counted.map((s) => ({
    date: s.paymentDate,
    account: s.bankAccount,
    cents: s.netCents * s.occurrences.copies,
  }));
  const deductions: Movement[] = [];
  for (const e of counted.events.counted) {
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
  const add = (kind: string, m: Movement, bankAccount: string) => {
    const place = { paymentDate: m.date ?? '', acquirer: r.acquirer ?? '', bankAccount };
    const name = `${kind}:${depositBucket(place, groupParts)}`;
    const sum = (cells[name] ?? 0) + m.cents;
    if (sum === 0) delete cells[name];
    else cells[name] = sum;
  };
  // A payment that names no account is not guessed onto another's: it is "without account".
  for (const m of payments) add(PAID_KIND, m, m.account ?? '');
  for (const m of deductions) add(DEDUCTED_KIND, m, m.account ?? fallback);
  return cells;
}
