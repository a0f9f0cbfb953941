/**
 * The bank leg's nightly pass (docs/deposits.md, "The nightly pass"): take in the statements waiting
 * in the inbox, read what the records say each account should have received and what the bank says
 * it did, match them and store the results. It runs in its own step (matchDeposits), after the
 * night's records are applied and before the summary reads the results, so the statements and the
 * financial report may arrive in any order: each night recomputes the whole range from what is
 * stored, and the result depends only on that.
 *
 * Work is bounded by the range (at most {@link MAX_LOOKBACK_DAYS} days of payment dates plus the
 * match window): the totals item, one Query per acquirer of account-level items, one Query per day of
 * bank transactions. Nothing reads the book. The manual matches a person took (links.ts) apply over
 * the match, so they hold on every re-run, and a link's two dates are always rewritten together.
 */
import { addDays, type IsoDate } from '../calendar';
import { type DepositsConfig, MAX_LOOKBACK_DAYS } from './config';
import { applyDepositLinks, type DepositLink, rangeWithLinks } from './links';
import { matchDeposits } from './match';
import { depositRange, later } from './range';
import { resultDate } from './result-date';
import type { BankCredit, DepositResult, ExpectedDeposits, UnplacedAmount } from './types';

/** What the inbox pass reports (deposits/bank/inbox.ts's InboxResult, as far as the match step needs it). */
export interface InboxOutcome {
  readonly files: number;
  readonly taken: number;
  readonly quarantined: readonly {
    readonly name: string;
    readonly reason: string;
    readonly detail: string;
  }[];
  readonly quarantinedTransactions: readonly { readonly name: string }[];
  readonly failed: readonly { readonly name: string }[];
}

/** Told about statements the inbox pass could not take in (the Lambda logs a warning). */
export type InboxWarning = (message: string, details: Record<string, unknown>) => void;

export interface DepositReconcilerDeps {
  readonly config: { readonly deposits: DepositsConfig };
  /** Takes in the statements under `bank/inbox/` (deposits/bank/inbox.ts). */
  readonly importInbox: () => Promise<InboxOutcome>;
  /** Whether any statement was ever taken in: without one the bank leg is off, not "all missing". */
  readonly anyStatement: () => Promise<boolean>;
  readonly readExpected: (query: { asOf: IsoDate; from: IsoDate; to: IsoDate }) => Promise<ExpectedDeposits>;
  /** Bank transactions posted from `from` through `to`, debits included (deposits/bank/bank-store.ts). */
  readonly listTransactions: (from: IsoDate, to: IsoDate) => Promise<readonly BankCredit[]>;
  /** Replaces the stored results of every date in the range, as matched on `night` (deposits/results-lake.ts). */
  readonly writeResults: (
    results: readonly DepositResult[],
    range: { from: IsoDate; to: IsoDate },
    night: IsoDate,
  ) => Promise<void>;
  readonly warn?: InboxWarning;
  /**
   * The standing manual matches of credits to deposits (breaks/deposit-match.ts: one Query of the
   * decisions' projection); absent: none.
   */
  readonly readLinks?: () => Promise<readonly DepositLink[]>;
}

export interface DepositReconciliation {
  /** Off: no statement was ever taken in (nothing is matched or stored). */
  readonly state: 'ON' | 'OFF';
  /** The result dates recomputed: payment dates, and credit dates of unexplained credits. */
  readonly from: IsoDate;
  readonly to: IsoDate;
  readonly results: readonly DepositResult[];
  readonly withoutAccount: readonly UnplacedAmount[];
  readonly inbox: InboxOutcome;
}

/**
 * Calendar days before the range whose deposits still take part: a deposit paid just before `from`
 * may be credited inside the range, and leaving it out would show its credit as unexplained. Two
 * calendar days per business day of the window plus a week covers weekends and holiday runs.
 */
function contextDays(config: Pick<DepositsConfig, 'windowBusinessDays'>): number {
  return 2 * config.windowBusinessDays + 7;
}

/** A refused statement stays quarantined for a person to look at: say so where operations look. */
function warnOfRefused(inbox: InboxOutcome, warn: InboxWarning | undefined): void {
  const { quarantined, failed } = inbox;
  if (quarantined.length > 0 || failed.length > 0) {
    warn?.('bank statements not taken in', {
      quarantined: quarantined.map((q) => ({ name: q.name, reason: q.reason, detail: q.detail })),
      failed: failed.map((f) => f.name),
    });
  }
}

export function buildDepositReconciler(deps: DepositReconcilerDeps) {
  const settings = deps.config.deposits;
  return async function reconcileDeposits(
    period: { from: IsoDate },
    asOf: IsoDate,
  ): Promise<DepositReconciliation> {
    const inbox = await deps.importInbox();
    warnOfRefused(inbox, deps.warn);
    if (!(await deps.anyStatement())) {
      return {
        state: 'OFF',
        ...depositRange(period, asOf, settings),
        results: [],
        withoutAccount: [],
        inbox,
      };
    }
    const links = (await deps.readLinks?.()) ?? [];
    const range = rangeWithLinks(depositRange(period, asOf, settings), links, asOf);
    const readFrom = later(addDays(range.from, -contextDays(settings)), addDays(asOf, -MAX_LOOKBACK_DAYS));
    const [expected, transactions] = await Promise.all([
      deps.readExpected({ asOf, from: readFrom, to: range.to }),
      deps.listTransactions(readFrom, range.to),
    ]);
    const matched = matchDeposits({
      expected: expected.deposits,
      credits: transactions,
      asOf,
      config: deps.config,
    });
    const all = applyDepositLinks(matched, links, settings);
    const inRange = (date: IsoDate) => date >= range.from && date <= range.to;
    const results = all.filter((r) => inRange(resultDate(r)));
    await deps.writeResults(results, range, asOf);
    const withoutAccount = expected.withoutAccount.filter((u) => inRange(u.paymentDate));
    return { state: 'ON', ...range, results, withoutAccount, inbox };
  };
}

export type DepositReconciler = ReturnType<typeof buildDepositReconciler>;
