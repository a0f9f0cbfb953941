/**
 * Manual match (docs/breaks.md): an unexpected payment whose NSU or authorization the acquirer typed
 * wrong, linked by a person to the open or late forecast it pays. The decision is an audit event
 * like any other, written first; the receivables follow it (receivable-store/links.ts), and the
 * projection's `linked` mark says when they did. A process that stops in between leaves the mark
 * behind the version: the next reader of the break, or of the list, does the writes again (each a
 * no-op once done) and raises the mark. Work bounded by the decisions pending, never the book.
 */
import type { ReceivableLinks } from '../receivable-store/links';
import type { Receivable } from '../receivables/item';
import { DecisionRefusedError } from './decision';
import type { DecisionStore, Head } from './decision-store';

const RECEIVABLE_PREFIX = 'r:';

/** The receivable a receivable's break is about; undefined for a deposit's or a fee line's. */
export const receivableKeyOf = (breakId: string) =>
  breakId.startsWith(RECEIVABLE_PREFIX) ? breakId.slice(RECEIVABLE_PREFIX.length) : undefined;

const refuse = (message: string): never => {
  throw new DecisionRefusedError(message, 'match-target');
};

/**
 * Refuses a match the data does not allow: the payment's receivable holds payments only (a
 * cancellation or chargeback of it would be counted nowhere), and the target is a forecast of the
 * same acquirer and merchant that no payment of its own settled (open or late, or paid only by
 * payments matched to it by hand) and is not itself merged.
 */
export function checkMatch(source: Receivable | undefined, target: Receivable | undefined, to: string): void {
  if (source === undefined) refuse('the payment is not in the table');
  if ((source as Receivable).events?.length) {
    refuse('this payment has cancellations, chargebacks or adjustments: only payments are matched by hand');
  }
  if (target === undefined) refuse(`no receivable ${to}`);
  const [from, into] = [source as Receivable, target as Receivable];
  if (into.key === from.key) refuse('a payment is not matched to itself');
  if (into.forecasts.length === 0 || into.mergedInto !== undefined) refuse(`${to} has no forecast to match`);
  if (into.events?.length || into.settlements.some((s) => s.origin === undefined)) {
    refuse(`${to} is not open or late: the data already paid, cancelled or charged it back`);
  }
  if (into.acquirer !== from.acquirer || into.merchant !== from.merchant) {
    refuse(`${to} is of another acquirer or merchant (${into.acquirer}/${into.merchant})`);
  }
}

/** Brings the receivables of one decided break up to its decision, then raises its mark. */
export async function settleLinks(
  links: ReceivableLinks,
  store: Pick<DecisionStore, 'markLinked'>,
  head: Head,
): Promise<void> {
  const key = receivableKeyOf(head.breakId);
  if (head.linked >= head.version || key === undefined) return;
  const target = head.decision?.status === 'MATCHED' ? head.decision.matchedTo : undefined;
  await (target === undefined ? links.unlink(key) : links.link(key, target));
  await store.markLinked(head.breakId, head.version);
}
