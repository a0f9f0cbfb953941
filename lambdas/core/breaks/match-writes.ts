/**
 * Which decisions write receivables: a manual match and whatever takes one back (manual-match.ts).
 * Its own module so the decision store can leave such a decision's receivable writes pending
 * without depending on the receivables.
 */
import type { Decision } from './decision';

export function movesReceivables(event: {
  readonly before: Decision | null;
  readonly after: Decision | null;
}): boolean {
  return event.before?.status === 'MATCHED' || event.after?.status === 'MATCHED';
}
