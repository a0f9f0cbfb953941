import { describe, expect, it } from 'vitest';
import { depositLinesOf } from '../../../lambdas/core/baixas/deposit-lines';
import { lineId } from '../../../lambdas/core/baixas/lines';
import { depositIdentity } from '../../../lambdas/core/deposits/result-identity';
import type { DepositResult } from '../../../lambdas/core/deposits/types';
import { ALL_RESULTS, DEPOSITED, DIFFERS, MISSING, UNEXPLAINED } from '../../support/deposit-results';

const NIGHT = '2025-03-05';
const cielo = depositIdentity(DEPOSITED);
const rede = depositIdentity(DIFFERS);

const summary = (results: readonly DepositResult[], posted: Record<string, number> = {}) =>
  depositLinesOf(NIGHT, posted, results).map((l) => [l.kind, l.depositKey, l.amountCents]);

describe('deposit lines', () => {
  it('posts each deposit the bank confirmed, its credit once; nothing for the others', () => {
    expect(summary(ALL_RESULTS)).toEqual([
      ['NEW', cielo, 1_234_56],
      ['NEW', rede, 481_22],
    ]);
    const [line] = depositLinesOf(NIGHT, {}, [DEPOSITED]);
    expect(line).toMatchObject({
      id: lineId(cielo, 'DEPOSIT', NIGHT, 'NEW'),
      component: 'DEPOSIT',
      receivableKey: null,
      bankAccount: DEPOSITED.bankAccount,
      acquirer: 'CIELO',
      dueDate: '2025-03-03',
      paymentDate: '2025-03-04',
      status: 'DEPOSITED',
    });
  });

  it('posts nothing for what was posted as it is', () => {
    expect(summary(ALL_RESULTS, { [cielo]: 1_234_56, [rede]: 481_22 })).toEqual([]);
  });

  it('reverses a posted amount that changed and posts the new one', () => {
    expect(summary([DEPOSITED], { [cielo]: 1_000_00 })).toEqual([
      ['REVERSAL', cielo, -1_000_00],
      ['NEW', cielo, 1_234_56],
    ]);
  });

  it('reverses a deposit no longer confirmed: reversed by the bank, missing, or gone from the results', () => {
    const reversed: DepositResult = { ...DEPOSITED, status: 'DEPOSIT_REVERSED', reversalCents: -1_234_56 };
    const missing = depositIdentity(MISSING);
    expect(summary([reversed, MISSING, UNEXPLAINED], { [cielo]: 1_234_56, [missing]: 9 })).toEqual([
      ['REVERSAL', missing, -9],
      ['REVERSAL', cielo, -1_234_56],
    ]);
    const [gone] = depositLinesOf(NIGHT, { [cielo]: 1_234_56 }, []);
    expect(gone).toMatchObject({ kind: 'REVERSAL', depositKey: cielo, status: null, bankAccount: null });
  });

  it('refuses two confirmed results of one deposit rather than post one of them', () => {
    expect(() => depositLinesOf(NIGHT, {}, [DEPOSITED, DEPOSITED])).toThrow(/two confirmed/);
  });
});
