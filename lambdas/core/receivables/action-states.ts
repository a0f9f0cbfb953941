/**
 * The states a stored receivable needs action in: its break (breaks/observed.ts), its entry in the
 * action list kept night to night (action-list/), the summary's largest items.
 */
import type { ReconStatus } from './status';

/**
 * The states somebody has to act on. OPEN and SETTLED are most receivables and need nobody: aging
 * finds the OPEN ones past grace through its due lists (due-lists.ts), and both are listed by state
 * and due date from the change log in Athena.
 */
export const STORED_ACTION_STATES = [
  'OVERDUE',
  'UNDERPAID',
  'OVERPAID',
  'UNEXPECTED',
  // Contested within the acquirer's deadline; and a cancellation or chargeback without its sale.
  'CHARGED_BACK',
  'UNLINKED',
] as const satisfies readonly ReconStatus[];
export type StoredActionState = (typeof STORED_ACTION_STATES)[number];

export function isActionState(status: ReconStatus): status is StoredActionState {
  return (STORED_ACTION_STATES as readonly ReconStatus[]).includes(status);
}
