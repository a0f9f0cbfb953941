/**
 * The byWork index entry of a receivable: which states are kept in it, and the keys that order a
 * state's receivables by money at stake.
 */
import { keyOf, TABLE } from '../store/table';
import type { ReceivableContent } from './matcher';
import { moneyOf, type ReconStatus } from './status';

/**
 * The states kept in the byWork index: the ones somebody has to act on. OPEN and SETTLED are most
 * receivables; indexing them would add an index write to every forecast and every settlement (about
 * one write unit per ingested record, which was the largest item of the AWS bill). Both are listed by
 * state and due date from the change log in Athena instead, and aging finds OPEN receivables through
 * its due lists (see due-lists.ts).
 */
export const INDEXED_STATUSES = [
  'OVERDUE',
  'UNDERPAID',
  'OVERPAID',
  'UNEXPECTED',
  // Contested within the acquirer's deadline; and a cancellation or chargeback without its sale.
  'CHARGED_BACK',
  'UNLINKED',
] as const satisfies readonly ReconStatus[];
export type IndexedStatus = (typeof INDEXED_STATUSES)[number];

export function isIndexed(status: ReconStatus): status is IndexedStatus {
  return (INDEXED_STATUSES as readonly ReconStatus[]).includes(status);
}

/** Digits of the zero-padded money at stake in gsi2sk: every safe integer fits, so text order is numeric order. */
const STAKE_DIGITS = 16;

/** gsi2pk of the receivables stored in an action state, ordered by money at stake. */
export function stakePartition(status: IndexedStatus): string {
  return keyOf(TABLE.workIndex.partitionPrefix, status);
}

/**
 * byWork index keys: only in an action state (the summary's largest items, by |settled − forecast|).
 * OPEN receivables are found by aging through its due lists (due-lists.ts), not an index entry each.
 */
export function workIndexKeys(
  receivable: ReceivableContent & { readonly status: ReconStatus },
): Record<string, string> {
  const { partitionKey, sortKey } = TABLE.workIndex;
  if (!isIndexed(receivable.status)) return {};
  const { differenceCents } = moneyOf(receivable);
  const stake = String(Math.abs(differenceCents)).padStart(STAKE_DIGITS, '0');
  return { [partitionKey]: stakePartition(receivable.status), [sortKey]: `${stake}#${receivable.key}` };
}
