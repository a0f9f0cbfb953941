/**
 * The bank leg's breaks: a deposit that did not arrive (or came and was reversed), one that arrived
 * with another amount, and a credit nobody expected. Their identity is the deposit's
 * (deposits/result-identity.ts), so a decision follows the deposit from night to night; first seen
 * is the first night recon matched it so (`seenOn`): a first run over months of statements lists
 * them as new, not as persisting from a window that ended before recon looked. Results stored before
 * that was kept take the day the data could first show it (the window's end, the credit's date).
 */
import { resultDate } from '../deposits/result-date';
import { depositIdentity } from '../deposits/result-identity';
import { amountAtStake } from '../deposits/section-model';
import type { DepositResult, DepositStatus } from '../deposits/types';
import type { BreakKind } from './kinds';
import type { ObservedBreak } from './observed';

const KIND_OF_DEPOSIT: Partial<Record<DepositStatus, BreakKind>> = {
  NOT_DEPOSITED: 'DEPOSIT_MISSING',
  DEPOSIT_REVERSED: 'DEPOSIT_MISSING',
  DEPOSIT_DIFFERS: 'DEPOSIT_DIFFERS',
  UNEXPLAINED_CREDIT: 'UNEXPLAINED_CREDIT',
};

/** Whether a break id is a deposit's or a credit's (the bank leg's) rather than a receivable's. */
export const isDepositBreakId = (id: string) => id.startsWith('d:') || id.startsWith('c:');

export function observedOfDeposit(r: DepositResult): ObservedBreak | undefined {
  const kind = KIND_OF_DEPOSIT[r.status];
  if (kind === undefined) return undefined;
  const date = resultDate(r);
  const stayed = (r.creditCents ?? 0) + (r.reversalCents ?? 0);
  return {
    id: depositIdentity(r),
    subject: {
      acquirer: r.acquirer,
      merchant: null,
      saleDate: null,
      nsu: null,
      installment: null,
      dueDate: date,
      place: r.group === '' ? r.bankAccount : `${r.bankAccount} ${r.group}`,
    },
    basis: {
      kind,
      stakeCents: amountAtStake(r),
      expectedNetCents: r.expectedCents ?? 0,
      receivedNetCents: stayed,
    },
    firstSeen: r.seenOn ?? (kind === 'DEPOSIT_MISSING' ? r.windowEnds : r.creditDate) ?? date,
    ...(r.manualMatch === 'CONFLICT' ? { matchConflict: true as const } : {}),
  };
}
