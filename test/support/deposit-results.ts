/**
 * Deposit results for the bank leg's display tests (summary, report, message, CLI, lake): one of
 * each status over two days, two acquirers and two accounts, with centavo amounts that only add up
 * exactly in integers.
 */
import { withoutCredit } from '../../lambdas/core/deposits/deposit-result';
import type { DepositResult } from '../../lambdas/core/deposits/types';

const ITAU = '341/1234/56789';
const BRADESCO = '237/100/2000';

function expected(overrides: Partial<DepositResult>): DepositResult {
  const place = {
    acquirer: 'CIELO',
    bankAccount: ITAU,
    paymentDate: '2025-03-03',
    group: '',
    expectedCents: 100_00,
    windowEnds: '2025-03-05',
  };
  return { ...withoutCredit('DEPOSITED', place), ...overrides };
}

function credited(cents: number, date: string, fitid: string): Partial<DepositResult> {
  return {
    creditDate: date,
    creditCents: cents,
    fitid,
    creditIdentity: `${ITAU}#${fitid}`,
    memo: `CRED ${fitid}`,
  };
}

/** A Cielo deposit that arrived a day late, to the centavo. */
export const DEPOSITED = expected({
  expectedCents: 1_234_56,
  ...credited(1_234_56, '2025-03-04', 'F1'),
  differenceCents: 0,
});
/** Rede's deposit short by a fee of R$ 18,78. */
export const DIFFERS = expected({
  status: 'DEPOSIT_DIFFERS',
  acquirer: 'REDE',
  expectedCents: 500_00,
  ...credited(481_22, '2025-03-03', 'F2'),
  differenceCents: -18_78,
});
/** Cielo's deposit to Bradesco that never came (R$ 4.500,01). */
export const MISSING = expected({
  status: 'NOT_DEPOSITED',
  bankAccount: BRADESCO,
  expectedCents: 4_500_01,
});
/** A smaller missing one, the next day, for the order (largest first). */
export const MISSING_SMALL = expected({
  status: 'NOT_DEPOSITED',
  acquirer: 'REDE',
  paymentDate: '2025-03-04',
  expectedCents: 10_03,
  windowEnds: '2025-03-06',
});
/** Stone's deposit of the last day, still within its window. */
export const AWAITING = expected({
  status: 'AWAITING_DEPOSIT',
  acquirer: 'STONE',
  paymentDate: '2025-03-04',
  expectedCents: 77_77,
  windowEnds: '2025-03-06',
});
/** A credit nobody expected, memo naming no acquirer. */
export const UNEXPLAINED: DepositResult = {
  ...expected({ ...credited(250_50, '2025-03-04', 'F9') }),
  status: 'UNEXPLAINED_CREDIT',
  acquirer: null,
  paymentDate: null,
  expectedCents: null,
  windowEnds: null,
  memo: 'TED RECEBIDA FULANO',
};

export const ALL_RESULTS: readonly DepositResult[] = [
  DEPOSITED,
  DIFFERS,
  MISSING,
  MISSING_SMALL,
  AWAITING,
  UNEXPLAINED,
];
