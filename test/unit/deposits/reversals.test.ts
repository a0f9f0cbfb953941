/**
 * Bank reversals (estornos; docs/deposits.md "Reversals"): a debit that takes a credit back undoes
 * its match, and the deposit, the report and the listing show it with the debit.
 */
import { describe, expect, it } from 'vitest';
import { matchDeposits } from '../../../lambdas/core/deposits/match';
import { buildDepositsSection } from '../../../lambdas/core/deposits/section-model';
import type { BankCredit, ExpectedDeposit } from '../../../lambdas/core/deposits/types';
import { depositsHtml } from '../../../lambdas/core/report/deposits-html';
import { bankCredit, depositsConfig, expectedDeposit } from '../../support/deposits';

const match = (expected: ExpectedDeposit[], credits: BankCredit[]) =>
  matchDeposits({ expected, credits, asOf: '2025-04-30', config: depositsConfig() });

const lines = (results: ReturnType<typeof match>) =>
  results.map((r) => [r.status, r.creditIdentity, r.reversalIdentity, r.reversalCents, r.differenceCents]);

const DEPOSIT = expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 100_000 });
const CREDIT = bankCredit({ postedDate: '2025-04-01', amountCents: 100_000, identity: 'c1' });
const estorno = (postedDate: string, memo = 'ESTORNO CRED CIELO', amountCents = -100_000) =>
  bankCredit({ postedDate, amountCents, identity: 'd1', memo });

describe('reversals', () => {
  it('a credit and its ESTORNO two days later: the deposit is DEPOSIT_REVERSED, with the debit', () => {
    expect(match([DEPOSIT], [CREDIT, estorno('2025-04-03')])).toEqual([
      {
        status: 'DEPOSIT_REVERSED',
        acquirer: 'CIELO',
        bankAccount: CREDIT.bankAccount,
        paymentDate: '2025-04-01',
        group: '',
        expectedCents: 100_000,
        creditDate: '2025-04-01',
        creditCents: 100_000,
        // What stayed (nothing) against what was expected.
        differenceCents: -100_000,
        fitid: null,
        creditIdentity: 'c1',
        memo: 'CRED CIELO SA',
        windowEnds: '2025-04-03',
        reversalDate: '2025-04-03',
        reversalCents: -100_000,
        reversalIdentity: 'd1',
      },
    ]);
  });

  it('credited again after the estorno: the new credit pays the deposit, the reversed one is CREDIT_REVERSED', () => {
    const again = bankCredit({ postedDate: '2025-04-03', amountCents: 100_000, identity: 'c2' });
    expect(lines(match([DEPOSIT], [again, estorno('2025-04-02'), CREDIT]))).toEqual([
      ['DEPOSITED', 'c2', null, null, 0],
      ['CREDIT_REVERSED', 'c1', 'd1', -100_000, null],
    ]);
  });

  it('an unmarked debit of the same amount reverses only within the window; a marked one at any later date', () => {
    // Window of 2 business days from the credit's day: through 2025-04-03.
    expect(lines(match([DEPOSIT], [CREDIT, estorno('2025-04-03', 'TED ENVIADA')]))).toEqual([
      ['DEPOSIT_REVERSED', 'c1', 'd1', -100_000, -100_000],
    ]);
    expect(lines(match([DEPOSIT], [CREDIT, estorno('2025-04-04', 'TED ENVIADA')]))).toEqual([
      ['DEPOSITED', 'c1', null, null, 0],
    ]);
    expect(lines(match([DEPOSIT], [CREDIT, estorno('2025-04-22', 'Estornado - Cred Cielo')]))).toEqual([
      ['DEPOSIT_REVERSED', 'c1', 'd1', -100_000, -100_000],
    ]);
  });

  it('never reverses across accounts, amounts, or a debit posted before the credit', () => {
    const cases = [
      { ...estorno('2025-04-02'), bankAccount: '341/1/2' },
      estorno('2025-04-02', 'ESTORNO', -99_999),
      estorno('2025-03-31'),
    ];
    for (const debit of cases)
      expect(lines(match([DEPOSIT], [CREDIT, debit])), JSON.stringify(debit)).toEqual([
        ['DEPOSITED', 'c1', null, null, 0],
      ]);
  });

  it('one estorno undoes one credit of two equal ones', () => {
    const twin = bankCredit({ postedDate: '2025-04-01', amountCents: 100_000, identity: 'c0' });
    const two = expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 100_000, group: 'VISA' });
    expect(lines(match([DEPOSIT, two], [CREDIT, twin, estorno('2025-04-02')]))).toEqual([
      ['DEPOSITED', 'c1', null, null, 0],
      ['DEPOSIT_REVERSED', 'c0', 'd1', -100_000, -100_000],
    ]);
  });

  it('the report lists the reversed deposit as an action, and counts it received net of the estorno', () => {
    const results = match([DEPOSIT], [CREDIT, estorno('2025-04-03')]);
    const section = buildDepositsSection({
      statementsImported: true,
      from: '2025-04-01',
      to: '2025-04-30',
      results,
    });
    if (section.state !== 'ON') throw new Error('section off');
    expect(section.totals.DEPOSIT_REVERSED).toEqual({
      count: 1,
      expectedCents: 100_000,
      creditCents: 100_000,
      amountCents: 100_000,
    });
    expect(section.byDay).toEqual([
      expect.objectContaining({
        expectedCents: 100_000,
        receivedCents: 0,
        differenceCents: -100_000,
        missing: 1,
      }),
    ]);
    const html = String(depositsHtml({ language: 'pt-BR', deposits: section }));
    expect(html).toContain('Depósito estornado pelo banco');
    expect(html).toContain('Data do estorno');
    expect(html).not.toContain('Todos os depósitos conferem');
  });
});
