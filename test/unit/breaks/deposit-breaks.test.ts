import { describe, expect, it } from 'vitest';
import { observedOfDeposit } from '../../../lambdas/core/breaks/deposit-breaks';
import { depositActionEntries } from '../../../lambdas/core/deposits/report-actions';
import { dateOfDepositIdentity, depositIdentity } from '../../../lambdas/core/deposits/result-identity';
import { buildDepositsSection } from '../../../lambdas/core/deposits/section-model';
import {
  ALL_RESULTS,
  AWAITING,
  DEPOSITED,
  DIFFERS,
  MISSING,
  UNEXPLAINED,
} from '../../support/deposit-results';

describe('the bank leg as breaks', () => {
  it('makes a break of what needs action only, with the money the cards show', () => {
    expect(observedOfDeposit(DEPOSITED)).toBeUndefined();
    expect(observedOfDeposit(AWAITING)).toBeUndefined();
    expect(observedOfDeposit(MISSING)).toMatchObject({
      basis: { kind: 'DEPOSIT_MISSING', stakeCents: MISSING.expectedCents, receivedNetCents: 0 },
      firstSeen: MISSING.windowEnds,
      subject: { acquirer: MISSING.acquirer, place: MISSING.bankAccount, dueDate: MISSING.paymentDate },
    });
    expect(observedOfDeposit(DIFFERS)?.basis).toMatchObject({
      kind: 'DEPOSIT_DIFFERS',
      stakeCents: Math.abs(DIFFERS.differenceCents ?? 0),
    });
    expect(observedOfDeposit(UNEXPLAINED)).toMatchObject({
      basis: { kind: 'UNEXPLAINED_CREDIT', stakeCents: UNEXPLAINED.creditCents },
      firstSeen: UNEXPLAINED.creditDate,
    });
  });

  it('is first seen the first night recon matched it so, when the stored result says', () => {
    expect(observedOfDeposit({ ...MISSING, seenOn: '2025-04-01' })?.firstSeen).toBe('2025-04-01');
    expect(observedOfDeposit({ ...UNEXPLAINED, seenOn: '2025-04-01' })?.firstSeen).toBe('2025-04-01');
  });

  it('names a deposit by its place whatever its status, and a credit by its date and identity', () => {
    const arrivedLate = { ...MISSING, status: 'DEPOSITED' as const, creditCents: MISSING.expectedCents };
    expect(depositIdentity(arrivedLate)).toBe(depositIdentity(MISSING));
    expect(depositIdentity(MISSING)).toMatch(/^d:2025-03-\d\d\|/);
    expect(dateOfDepositIdentity(depositIdentity(MISSING))).toBe(MISSING.paymentDate);
    expect(dateOfDepositIdentity(depositIdentity(UNEXPLAINED))).toBe(UNEXPLAINED.creditDate);
  });

  it('leaves decided deposits out of what needs action, and only them', () => {
    const section = buildDepositsSection({
      statementsImported: true,
      from: '2025-03-01',
      to: '2025-03-31',
      results: ALL_RESULTS,
    });
    if (section.state !== 'ON') throw new Error('section on');
    const entries = (decided: readonly string[]) =>
      depositActionEntries({ language: 'pt-BR', deposits: { ...section, decided } }).map(
        (e) => e.amountCents,
      );
    const all = entries([]);
    const withoutMissing = entries([depositIdentity(MISSING)]);
    expect(all[0] ?? 0).toBe((withoutMissing[0] ?? 0) + (MISSING.expectedCents ?? 0));
    expect(entries([depositIdentity(UNEXPLAINED)])).toHaveLength(all.length - 1);
  });
});
