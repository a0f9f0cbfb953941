/**
 * Which decisions write receivables: a manual match of a receivable's break and whatever takes one
 * back (manual-match.ts). A credit's match writes nothing at once: the night's deposit match reads it
 * (deposit-match.ts). Its own module so the decision store can leave such a decision's receivable
 * writes pending without depending on the receivables.
 */
import type { Decision } from './decision';

export function movesReceivables(event: {
  readonly breakId: string;
  readonly before: Decision | null;
  readonly after: Decision | null;
}): boolean {
  const matched = event.before?.status === 'MATCHED' || event.after?.status === 'MATCHED';
  return matched && event.breakId.startsWith('r:');
}
