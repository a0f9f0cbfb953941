/** The matching rules of docs/deposits.md "## Matching", one by one. */
import { describe, expect, it } from 'vitest';
import { matchDeposits } from '../../../lambdas/core/deposits/match';
import type { BankCredit, ExpectedDeposit } from '../../../lambdas/core/deposits/types';
import { ACCOUNT, bankCredit, depositsConfig, expectedDeposit } from '../../support/deposits';

function match(
  expected: ExpectedDeposit[],
  credits: BankCredit[],
  asOf = '2025-12-31',
  deposits: Parameters<typeof depositsConfig>[0] = {},
) {
  return matchDeposits({ expected, credits, asOf, config: depositsConfig(deposits) });
}

const statuses = (results: ReturnType<typeof match>) =>
  results.map((r) => [r.status, r.acquirer, r.paymentDate, r.creditIdentity, r.differenceCents]);

describe('matchDeposits', () => {
  it('a payment on the Friday before Carnaval credited on Ash Wednesday is DEPOSITED with a window of 2', () => {
    const expected = [expectedDeposit({ paymentDate: '2025-02-28', expectedCents: 150_000 })];
    const credits = [
      bankCredit({ postedDate: '2025-03-05', amountCents: 150_000, identity: 'c1', fitid: 'F1' }),
    ];
    expect(match(expected, credits)).toEqual([
      {
        status: 'DEPOSITED',
        acquirer: 'CIELO',
        bankAccount: ACCOUNT,
        paymentDate: '2025-02-28',
        group: '',
        expectedCents: 150_000,
        creditDate: '2025-03-05',
        creditCents: 150_000,
        differenceCents: 0,
        fitid: 'F1',
        creditIdentity: 'c1',
        memo: 'CRED CIELO SA',
        windowEnds: '2025-03-06',
        reversalDate: null,
        reversalCents: null,
        reversalIdentity: null,
      },
    ]);
    // The same credit a day after the window (window 0: the Friday only) explains nothing.
    expect(statuses(match(expected, credits, '2025-03-10', { windowBusinessDays: 0 }))).toEqual([
      ['NOT_DEPOSITED', 'CIELO', '2025-02-28', null, null],
      ['UNEXPLAINED_CREDIT', 'CIELO', null, 'c1', null],
    ]);
  });

  it('a payment dated on a Saturday may be credited on the Monday', () => {
    const expected = [expectedDeposit({ paymentDate: '2025-06-14', expectedCents: 9_000 })];
    const credits = [bankCredit({ postedDate: '2025-06-16', amountCents: 9_000, identity: 'c1' })];
    expect(match(expected, credits, '2025-06-16', { windowBusinessDays: 0 })[0]).toMatchObject({
      status: 'DEPOSITED',
      windowEnds: '2025-06-16',
    });
  });

  it('a credit posted on the payment date itself pairs even when that day is a Saturday or a holiday', () => {
    for (const paymentDate of ['2025-06-14', '2025-03-03']) {
      const expected = [expectedDeposit({ paymentDate, expectedCents: 123_456 })];
      const credits = [bankCredit({ postedDate: paymentDate, amountCents: 123_456, identity: 'c1' })];
      expect(statuses(match(expected, credits)), `${paymentDate}`).toEqual([
        ['DEPOSITED', 'CIELO', paymentDate, 'c1', 0],
      ]);
    }
    // The day before the payment date is still outside the window.
    const early = [bankCredit({ postedDate: '2025-06-13', amountCents: 9_000, identity: 'c0' })];
    expect(
      statuses(match([expectedDeposit({ paymentDate: '2025-06-14', expectedCents: 9_000 })], early)),
    ).toEqual([
      ['NOT_DEPOSITED', 'CIELO', '2025-06-14', null, null],
      ['UNEXPLAINED_CREDIT', 'CIELO', null, 'c0', null],
    ]);
  });

  it('a missing deposit is AWAITING_DEPOSIT until its window ends, NOT_DEPOSITED after', () => {
    const expected = [expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 10_000 })];
    const result = (asOf: string) => match(expected, [], asOf);
    expect(result('2025-04-03')).toEqual([
      expect.objectContaining({ status: 'AWAITING_DEPOSIT', windowEnds: '2025-04-03', creditCents: null }),
    ]);
    expect(result('2025-04-04')).toEqual([
      expect.objectContaining({ status: 'NOT_DEPOSITED', windowEnds: '2025-04-03', differenceCents: null }),
    ]);
  });

  it('a credit of the acquirer short by a fee is DEPOSIT_DIFFERS with the difference', () => {
    const expected = [expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 100_000 })];
    const short = [bankCredit({ postedDate: '2025-04-02', amountCents: 99_650, identity: 'c1' })];
    expect(match(expected, short)[0]).toMatchObject({
      status: 'DEPOSIT_DIFFERS',
      expectedCents: 100_000,
      creditCents: 99_650,
      differenceCents: -350,
    });
    // Without the acquirer in the memo a different amount proves nothing: the two stay apart.
    const anonymous = [{ ...(short[0] as BankCredit), memo: 'TED RECEBIDA 0001' }];
    expect(statuses(match(expected, anonymous))).toEqual([
      ['NOT_DEPOSITED', 'CIELO', '2025-04-01', null, null],
      ['UNEXPLAINED_CREDIT', null, null, 'c1', null],
    ]);
  });

  it('a credit nobody expects is UNEXPLAINED_CREDIT with the acquirer its memo names', () => {
    const credits = [
      bankCredit({
        postedDate: '2025-04-02',
        amountCents: 777,
        identity: 'c1',
        memo: 'CRED STONE PAGAMENTOS',
      }),
      bankCredit({ postedDate: '2025-04-02', amountCents: -500, identity: 'd1', memo: 'TARIFA' }),
    ];
    expect(match([], credits)).toEqual([
      {
        status: 'UNEXPLAINED_CREDIT',
        acquirer: 'STONE',
        bankAccount: ACCOUNT,
        paymentDate: null,
        group: '',
        expectedCents: null,
        creditDate: '2025-04-02',
        creditCents: 777,
        differenceCents: null,
        fitid: null,
        creditIdentity: 'c1',
        memo: 'CRED STONE PAGAMENTOS',
        windowEnds: null,
        reversalDate: null,
        reversalCents: null,
        reversalIdentity: null,
      },
    ]);
  });

  it('two equal credits on one day pay two equal expected deposits, one each', () => {
    const expected = [
      expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 50_000, group: 'VISA' }),
      expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 50_000, group: 'MASTER' }),
    ];
    const credits = [
      bankCredit({ postedDate: '2025-04-01', amountCents: 50_000, identity: 'b' }),
      bankCredit({ postedDate: '2025-04-01', amountCents: 50_000, identity: 'a' }),
    ];
    expect(match(expected, credits).map((r) => [r.status, r.group, r.creditIdentity])).toEqual([
      ['DEPOSITED', 'MASTER', 'a'],
      ['DEPOSITED', 'VISA', 'b'],
    ]);
    // A third equal credit is left over.
    const third = bankCredit({ postedDate: '2025-04-01', amountCents: 50_000, identity: 'c' });
    expect(match(expected, [...credits, third]).at(-1)).toMatchObject({
      status: 'UNEXPLAINED_CREDIT',
      creditIdentity: 'c',
    });
  });

  it('a memo naming no acquirer pairs on the amount only; one naming the acquirer is preferred', () => {
    const cielo = expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 10_000 });
    const rede = expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 10_000, acquirer: 'REDE' });
    const anonymous = bankCredit({
      postedDate: '2025-04-01',
      amountCents: 10_000,
      identity: 'u',
      memo: 'TED 0001',
    });
    const named = bankCredit({ postedDate: '2025-04-02', amountCents: 10_000, identity: 'n' });
    expect(statuses(match([cielo], [anonymous]))).toEqual([['DEPOSITED', 'CIELO', '2025-04-01', 'u', 0]]);
    // CIELO takes the later credit that names it, so REDE can take the anonymous one.
    expect(statuses(match([cielo, rede], [anonymous, named]))).toEqual([
      ['DEPOSITED', 'CIELO', '2025-04-01', 'n', 0],
      ['DEPOSITED', 'REDE', '2025-04-01', 'u', 0],
    ]);
    // A memo naming another acquirer never pairs, even on the exact amount.
    const other = { ...named, memo: 'CRED GETNET' };
    expect(statuses(match([cielo], [other]))).toEqual([
      ['NOT_DEPOSITED', 'CIELO', '2025-04-01', null, null],
      ['UNEXPLAINED_CREDIT', 'GETNET', null, 'n', null],
    ]);
  });

  it('a difference within the tolerance is DEPOSITED with that difference; beyond it DEPOSIT_DIFFERS', () => {
    const expected = [expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 100_000 })];
    const credit = (amountCents: number) => [
      bankCredit({ postedDate: '2025-04-01', amountCents, identity: 'c' }),
    ];
    expect(match(expected, credit(99_995), '2025-04-10', { toleranceCents: 5 })[0]).toMatchObject({
      status: 'DEPOSITED',
      differenceCents: -5,
    });
    expect(match(expected, credit(99_994), '2025-04-10', { toleranceCents: 5 })[0]).toMatchObject({
      status: 'DEPOSIT_DIFFERS',
      differenceCents: -6,
    });
    expect(match(expected, credit(99_995))[0]?.status, 'tolerance 0 by default').toBe('DEPOSIT_DIFFERS');
  });

  it('takes the earliest credit, then the nearest amount; an amount within the tolerance before any other', () => {
    const expected = [expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 10_000 })];
    const credits = [
      bankCredit({ postedDate: '2025-04-02', amountCents: 9_000, identity: 'late-far' }),
      bankCredit({ postedDate: '2025-04-01', amountCents: 8_000, identity: 'early-far' }),
      bankCredit({ postedDate: '2025-04-01', amountCents: 9_500, identity: 'early-near' }),
    ];
    expect(match(expected, credits)[0]?.creditIdentity).toBe('early-near');
    const exact = bankCredit({ postedDate: '2025-04-03', amountCents: 10_000, identity: 'exact' });
    expect(match(expected, [...credits, exact])[0]).toMatchObject({
      status: 'DEPOSITED',
      creditIdentity: 'exact',
    });
  });

  it('pairs only on the same account, within the window, whatever the case of the acquirer', () => {
    const expected = [
      expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 10_000, acquirer: 'Cielo' }),
    ];
    const at = (postedDate: string, bankAccount = ACCOUNT) => [
      bankCredit({ postedDate, bankAccount, amountCents: 10_000, identity: 'c' }),
    ];
    expect(match(expected, at('2025-04-03'))[0]?.status).toBe('DEPOSITED');
    expect(match(expected, at('2025-03-31'))[0]?.status, 'before the payment date').toBe('NOT_DEPOSITED');
    expect(match(expected, at('2025-04-04'))[0]?.status, 'after the window').toBe('NOT_DEPOSITED');
    expect(match(expected, at('2025-04-02', '341/1234/999'))[0]?.status).toBe('NOT_DEPOSITED');
  });

  it('an expected deposit of zero or less awaits no credit and takes none', () => {
    const expected = [
      expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 0, paidCents: 500, deductedCents: 500 }),
      expectedDeposit({
        paymentDate: '2025-04-01',
        expectedCents: -300,
        paidCents: 0,
        deductedCents: 300,
        group: 'x',
      }),
    ];
    const credits = [bankCredit({ postedDate: '2025-04-01', amountCents: 300, identity: 'c' })];
    expect(statuses(match(expected, credits, '2025-04-01'))).toEqual([
      ['NO_DEPOSIT_DUE', 'CIELO', '2025-04-01', null, null],
      ['NO_DEPOSIT_DUE', 'CIELO', '2025-04-01', null, null],
      ['UNEXPLAINED_CREDIT', 'CIELO', null, 'c', null],
    ]);
  });

  it('names the deposit and the date it cannot read', () => {
    const bad = [expectedDeposit({ paymentDate: '2025-02-30', expectedCents: 1 })];
    expect(() => match(bad, [])).toThrow(
      /expected deposit CIELO 341\/1234\/567890 2025-02-30: .*not a calendar date/,
    );
    expect(() => match([], [], '31/12/2025')).toThrow(/asOf '31\/12\/2025'/);
  });
});
