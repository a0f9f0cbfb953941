/**
 * The summarizer's `deposits` dependency: the results the night's deposit match stored
 * (reconcile.ts, run by the matchDeposits step before the summary) as the report's section. It only
 * reads. The section covers the whole recomputed range (the run's period and the lookback), so a
 * deposit that goes missing days after its payment date is in the morning's report until its credit
 * arrives, as an OVERDUE receivable is.
 */
import type { IsoDate } from '../calendar';
import type { DepositsConfig } from './config';
import { depositRange } from './range';
import { buildDepositsSection, type DepositsQuery, type DepositsSection } from './section-model';
import type { DepositResult } from './types';

export interface DepositsSectionReaderDeps {
  readonly config: { readonly deposits: DepositsConfig };
  /** Whether any statement was ever taken in: without one the bank leg is off, not "all missing". */
  readonly anyStatement: () => Promise<boolean>;
  /** The stored results dated in the range (deposits/results-lake.ts). */
  readonly readResults: (range: { from: IsoDate; to: IsoDate }) => Promise<readonly DepositResult[]>;
}

export function buildDepositsSectionReader(
  deps: DepositsSectionReaderDeps,
): (query: DepositsQuery) => Promise<DepositsSection> {
  return async ({ from, asOf }) => {
    // The range the match step recomputed for the same night, so the same results in the same window.
    const range = depositRange({ from }, asOf, deps.config.deposits);
    const statementsImported = await deps.anyStatement();
    const results = statementsImported ? await deps.readResults(range) : [];
    return buildDepositsSection({ statementsImported, ...range, results });
  };
}
