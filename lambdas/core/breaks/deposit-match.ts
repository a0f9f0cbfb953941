/**
 * Manual match of a credit (docs/breaks.md, "Manual match of a credit"): an unexplained credit linked
 * by a person to the expected deposit it is. The decision is an audit event like any other, on the
 * credit's break, with the deposit's identity in `matchedTo`; it writes nothing else. The night's
 * deposit match reads the standing ones (one Query of the decisions' projection) and pairs the two
 * as if the data had (deposits/links.ts), so an undo is the decision taken back and the next match
 * gives the data's own pairing again.
 */
import { type DepositLink, linkable, unexplained } from '../deposits/links';
import { dateOfDepositIdentity, depositIdentity } from '../deposits/result-identity';
import type { DepositResult } from '../deposits/types';
import { DecisionRefusedError } from './decision';
import type { Head } from './decision-store';

/** Whether a break is a credit's (`c:`), the side a deposit match is taken on. */
const isCreditBreakId = (id: string) => id.startsWith('c:');

/** The standing deposit matches among the decisions' projections. */
export function depositLinksOf(heads: readonly Head[]): DepositLink[] {
  return heads.flatMap((h) => {
    const to = h.decision?.status === 'MATCHED' ? h.decision.matchedTo : undefined;
    return isCreditBreakId(h.breakId) && to !== undefined ? [{ credit: h.breakId, deposit: to }] : [];
  });
}

const refuse = (message: string, code: 'match-target' | 'not-unexpected' = 'match-target'): never => {
  throw new DecisionRefusedError(message, code);
};

/** The stored result of a deposit identity, read with its date's results. */
export type ResultOf = (identity: string) => Promise<DepositResult | undefined>;

/** A reader of single results over the bank leg's stored results, by their date. */
export function resultReader(
  read: (range: { from: string; to: string }) => Promise<readonly DepositResult[]>,
): ResultOf {
  return async (identity) => {
    const date = dateOfDepositIdentity(identity);
    return (await read({ from: date, to: date })).find((r) => depositIdentity(r) === identity);
  };
}

/**
 * Refuses a deposit match the data or the decisions do not allow: the break is a credit nobody
 * expected (nor matched by hand), the target an expected deposit of the same account and acquirer
 * the data left without its money, and no other credit is matched to it by hand.
 */
export async function checkDepositMatch(
  creditId: string,
  to: string,
  resultOf: ResultOf,
  heads: readonly Head[],
): Promise<void> {
  const credit = await resultOf(creditId);
  if (credit === undefined || !unexplained(credit)) {
    refuse('only an unexplained credit is matched to a deposit by hand', 'not-unexpected');
  }
  const own = heads.find((h) => h.breakId === creditId)?.decision;
  if (own?.status === 'MATCHED') refuse(`this credit is already matched to ${own.matchedTo}`);
  const deposit = to.startsWith('d:') ? await resultOf(to) : undefined;
  if (deposit === undefined) refuse(`no expected deposit ${to}`);
  const [from, into] = [credit as DepositResult, deposit as DepositResult];
  if (!linkable(into, { ...from, acquirer: null })) {
    if (into.bankAccount !== from.bankAccount)
      refuse(`${to} is of another bank account (${into.bankAccount})`);
    refuse(`${to} is not missing or differing: the data already paid it (${into.status})`);
  }
  if (from.acquirer !== null && from.acquirer !== into.acquirer) {
    refuse(`${to} is of another acquirer (${into.acquirer}); the credit names ${from.acquirer}`);
  }
  const taken = depositLinksOf(heads).find((l) => l.deposit === to && l.credit !== creditId);
  if (taken !== undefined) refuse(`${to} is already matched by hand to ${taken.credit}`);
}
