/**
 * What a deposit result is about, as one stable text: the expected deposit's place (payment date,
 * acquirer, account, group) or, for a credit nobody expected, its date and the credit's own identity. A result is
 * recomputed every night; this names the same deposit every night, whatever its status became, so a
 * decision on it (breaks/) follows it from missing to differing to deposited.
 */
import { resultDate } from './result-date';
import type { DepositResult } from './types';

export function depositIdentity(r: DepositResult): string {
  const date = resultDate(r);
  if (r.paymentDate === null) return `c:${date}|${r.creditIdentity ?? r.bankAccount}`;
  return `d:${[date, r.acquirer ?? '', r.bankAccount, r.group].join('|')}`;
}

/** The date an identity's result is stored under (its first part), so one result is read alone. */
export function dateOfDepositIdentity(identity: string): string {
  return identity.slice(2, 12);
}

/** The credit's own identity in a credit's result identity (`c:<date>|<identity>`). */
export function creditIdentityOf(identity: string): string {
  return identity.slice('c:yyyy-MM-dd|'.length);
}
