/**
 * The summarizer's `deposits` dependency: the night's bank-leg pass (deposits/reconcile.ts) and its
 * results as the report's section. The section covers the whole recomputed range (the run's period
 * and the lookback), so a deposit that goes missing days after its payment date is in the morning's
 * report until its credit arrives, as an OVERDUE receivable is.
 */
import type { DepositReconciler } from './reconcile';
import { buildDepositsSection, type DepositsQuery, type DepositsSection } from './section-model';

/** Told about statements the inbox pass could not take in (the Lambda logs a warning). */
export type InboxWarning = (message: string, details: Record<string, unknown>) => void;

export function depositsSectionOf(
  reconcile: DepositReconciler,
  warn?: InboxWarning,
): (query: DepositsQuery) => Promise<DepositsSection> {
  return async ({ from, asOf }) => {
    const night = await reconcile({ from }, asOf);
    const { quarantined, failed } = night.inbox;
    if (quarantined.length > 0 || failed.length > 0) {
      warn?.('bank statements not taken in', {
        quarantined: quarantined.map((q) => ({ name: q.name, reason: q.reason, detail: q.detail })),
        failed: failed.map((f) => f.name),
      });
    }
    return buildDepositsSection({
      statementsImported: night.state === 'ON',
      from: night.from,
      to: night.to,
      results: night.results,
    });
  };
}
