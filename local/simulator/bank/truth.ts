/**
 * The bank leg's answer key: for every deposit the records of a period owe, what recon must
 * conclude once the statements up to `asOf` are in, and every credit nobody owes. A deposit is DEPOSITED
 * when its credit (exact, by construction within the window) is on a statement, DEPOSIT_DIFFERS when
 * its credit came short, and otherwise NOT_DEPOSITED once the window of business days after its
 * payment date has passed (AWAITING_DEPOSIT before). PIX credits are UNEXPLAINED_CREDIT. Days whose
 * deductions reach their payments have nothing to deposit: NO_DEPOSIT_DUE (the bank shows the
 * acquirer's debit instead, which is not matched). With quirks (ledger.ts), a deposit credited on its
 * Saturday or holiday payment date is DEPOSITED that day, and one whose credit the bank took back by
 * an ESTORNO is DEPOSIT_REVERSED, naming the debit.
 */
import type { IsoDate } from '../../../lambdas/core/calendar';
import type { DepositStatus } from '../../../lambdas/core/deposits/types';
import type { Universe } from '../universe/dataset';
import { addBusinessDays } from './business-days';
import type { PlannedDeposit } from './deposits';
import { bankLedger, type DepositFate, type LedgerOptions } from './ledger';

export interface BankTruthRow {
  readonly status: DepositStatus;
  /** null for an unexplained credit (a PIX names no acquirer). */
  readonly acquirer: string | null;
  readonly bankAccount: string;
  readonly paymentDate: IsoDate | null;
  readonly expectedCents: number | null;
  readonly creditDate: IsoDate | null;
  readonly creditCents: number | null;
  /** creditCents − expectedCents (negative: short) when both exist. */
  readonly differenceCents: number | null;
  readonly fitid: string | null;
  readonly memo: string | null;
  /** The last business day the deposit may arrive; null for an unexplained credit. */
  readonly windowEnds: IsoDate | null;
  /** The ESTORNO debit's date and (negative) amount when the bank took the credit back, else null. */
  readonly reversalDate: IsoDate | null;
  readonly reversalCents: number | null;
  /** What the simulator did to it (not a recon field): null for an unexplained credit. */
  readonly fate: DepositFate | null;
}

export interface BankTruth {
  /** Deposits by account, payment date and acquirer; then unexplained credits by account, date, FITID. */
  readonly results: readonly BankTruthRow[];
}

export interface BankTruthOptions extends LedgerOptions {
  /** Business days after the payment date a credit may still arrive (recon's default 2). */
  readonly windowBusinessDays?: number;
}

/** The simulated world a truth or a statement is drawn from: its universe and seed. */
export interface BankDataset {
  readonly universe: Universe;
  readonly seed: number;
}

const place = (d: PlannedDeposit) => ({
  acquirer: d.acquirer,
  bankAccount: d.account.id,
  paymentDate: d.paymentDate,
  expectedCents: d.expectedCents,
});

export function bankTruth(dataset: BankDataset, options: BankTruthOptions): BankTruth {
  const ledger = bankLedger(dataset.universe, dataset.seed, options);
  const window = options.windowBusinessDays ?? 2;
  const deposits = ledger.outcomes.map(({ deposit, fate, credit, reversal }): BankTruthRow => {
    const windowEnds = addBusinessDays(deposit.paymentDate, window);
    const arrived = credit !== null && credit.date <= options.asOf ? credit : null;
    const reversed = arrived !== null && reversal !== null && reversal.date <= options.asOf ? reversal : null;
    const waiting = options.asOf <= windowEnds ? 'AWAITING_DEPOSIT' : 'NOT_DEPOSITED';
    // What stayed in the account against what was owed.
    const difference = arrived ? arrived.cents + (reversed?.cents ?? 0) - deposit.expectedCents : null;
    const credited = difference === 0 ? 'DEPOSITED' : 'DEPOSIT_DIFFERS';
    return {
      status: arrived === null ? waiting : reversed ? 'DEPOSIT_REVERSED' : credited,
      ...place(deposit),
      creditDate: arrived?.date ?? null,
      creditCents: arrived?.cents ?? null,
      differenceCents: difference,
      fitid: arrived?.fitid ?? null,
      memo: arrived?.memo ?? null,
      windowEnds,
      reversalDate: reversed?.date ?? null,
      reversalCents: reversed?.cents ?? null,
      fate,
    };
  });
  const unexplained = ledger.lines
    .filter((line) => line.kind === 'PIX' && line.date <= options.asOf)
    .map(
      (line): BankTruthRow => ({
        status: 'UNEXPLAINED_CREDIT',
        acquirer: null,
        bankAccount: line.account.id,
        paymentDate: null,
        expectedCents: null,
        creditDate: line.date,
        creditCents: line.cents,
        differenceCents: null,
        fitid: line.fitid,
        memo: line.memo,
        windowEnds: null,
        reversalDate: null,
        reversalCents: null,
        fate: null,
      }),
    );
  const nothingDue = ledger.nothingToDeposit.map(
    (deposit): BankTruthRow => ({
      status: 'NO_DEPOSIT_DUE',
      ...place(deposit),
      creditDate: null,
      creditCents: null,
      differenceCents: null,
      fitid: null,
      memo: null,
      windowEnds: addBusinessDays(deposit.paymentDate, window),
      reversalDate: null,
      reversalCents: null,
      fate: null,
    }),
  );
  return { results: [...deposits, ...nothingDue, ...unexplained] };
}
