/**
 * The rules of a credit matched by hand (docs/breaks.md, "Manual match of a credit"), over the
 * match's own results: the deposit takes the credit and reads confirmed or differing by the rest; a
 * credit the data had paired to it by acquirer alone goes back on its own; the data's full match, a
 * deposit gone or of another account flags the linked credit; a link's two dates are recomputed
 * together.
 */
import { describe, expect, it } from 'vitest';
import type { Head } from '../../../lambdas/core/breaks/decision-store';
import { checkDepositMatch, depositLinksOf } from '../../../lambdas/core/breaks/deposit-match';
import { applyDepositLinks, rangeWithLinks } from '../../../lambdas/core/deposits/links';
import { matchDeposits } from '../../../lambdas/core/deposits/match';
import { depositIdentity } from '../../../lambdas/core/deposits/result-identity';
import type { DepositResult } from '../../../lambdas/core/deposits/types';
import { bankCredit, depositsConfig, expectedDeposit } from '../../support/deposits';

const SETTINGS = depositsConfig().deposits;

const AS_OF = '2025-03-20';
const deposit = expectedDeposit({ paymentDate: '2025-03-10', expectedCents: 1_000_00 });
const other = expectedDeposit({ paymentDate: '2025-03-10', expectedCents: 50_00, bankAccount: '1/2/3' });
const noMemo = bankCredit({ postedDate: '2025-03-07', amountCents: 600_00, identity: 'x', memo: 'TED' });
const short = bankCredit({ postedDate: '2025-03-11', amountCents: 990_00, identity: 's' });

const match = (credits = [noMemo]) =>
  matchDeposits({ expected: [deposit, other], credits, asOf: AS_OF, config: depositsConfig() });
const idOf = (results: readonly DepositResult[], status: string) =>
  depositIdentity(results.find((r) => r.status === status) as DepositResult);
/** The identity of the deposit of an account (the test's two deposits are on two accounts). */
const depositOn = (results: readonly DepositResult[], bankAccount = deposit.bankAccount) =>
  depositIdentity(
    results.find((r) => r.paymentDate !== null && r.bankAccount === bankAccount) as DepositResult,
  );
const byId = (results: readonly DepositResult[]) => new Map(results.map((r) => [depositIdentity(r), r]));

describe('applyDepositLinks', () => {
  it('the deposit takes the credit and differs by what is still missing; the credit is no longer on its own', () => {
    const results = match();
    const link = { credit: idOf(results, 'UNEXPLAINED_CREDIT'), deposit: depositOn(results) };
    const linked = byId(applyDepositLinks(results, [link], SETTINGS));
    expect(linked.get(link.deposit)).toMatchObject({
      status: 'DEPOSIT_DIFFERS',
      manualMatch: 'LINKED',
      creditCents: 600_00,
      differenceCents: -400_00,
      creditIdentity: 'x',
    });
    expect(linked.has(link.credit)).toBe(false);
    expect(applyDepositLinks(results, [], SETTINGS)).toEqual(results);
  });

  it('a credit the data paired by acquirer alone goes back on its own; the linked one within the tolerance confirms', () => {
    const exact = bankCredit({ postedDate: '2025-03-07', amountCents: 1_000_00, identity: 'e', memo: 'TED' });
    const results = match([short, exact]);
    const target = depositOn(results);
    expect(byId(results).get(target)).toMatchObject({ status: 'DEPOSIT_DIFFERS', creditIdentity: 's' });
    const linked = applyDepositLinks(
      results,
      [{ credit: idOf(results, 'UNEXPLAINED_CREDIT'), deposit: target }],
      SETTINGS,
    );
    expect(byId(linked).get(target)).toMatchObject({ status: 'DEPOSITED', creditIdentity: 'e' });
    expect(linked.find((r) => r.creditIdentity === 's')).toMatchObject({
      status: 'UNEXPLAINED_CREDIT',
      acquirer: 'CIELO',
      creditCents: 990_00,
    });
  });

  it('flags the credit when the data explains the deposit, when it is gone, or on another account', () => {
    const own = bankCredit({ postedDate: '2025-03-11', amountCents: 1_000_00, identity: 'o' });
    const results = match([noMemo, own]);
    const credit = idOf(results, 'UNEXPLAINED_CREDIT');
    const gone = { credit, deposit: 'd:2025-03-10|CIELO|9/9/9|' };
    const elsewhere = { credit, deposit: depositOn(results, other.bankAccount) };
    for (const link of [{ credit, deposit: idOf(results, 'DEPOSITED') }, gone, elsewhere]) {
      const flagged = byId(applyDepositLinks(results, [link], SETTINGS));
      expect(flagged.get(credit)).toMatchObject({ status: 'UNEXPLAINED_CREDIT', manualMatch: 'CONFLICT' });
      expect([...flagged.values()].filter((r) => r.manualMatch === 'LINKED')).toEqual([]);
    }
  });

  it('a credit the data paired to a deposit of its own since counts there once; the linked deposit is flagged', () => {
    const results = match();
    const credit = idOf(results, 'UNEXPLAINED_CREDIT');
    const target = depositOn(results);
    const appeared = expectedDeposit({ paymentDate: '2025-03-07', expectedCents: 600_00 });
    const later = matchDeposits({
      expected: [deposit, appeared],
      credits: [noMemo],
      asOf: AS_OF,
      config: depositsConfig(),
    });
    const linked = applyDepositLinks(later, [{ credit, deposit: target }], SETTINGS);
    expect(linked.filter((r) => r.creditIdentity === 'x')).toMatchObject([
      { status: 'DEPOSITED', paymentDate: '2025-03-07' },
    ]);
    expect(byId(linked).get(target)).toMatchObject({ status: 'NOT_DEPOSITED', manualMatch: 'CONFLICT' });
    // Paired by the data to the linked deposit itself: the data agrees, nothing to flag.
    const agreeing = matchDeposits({
      expected: [appeared],
      credits: [noMemo],
      asOf: AS_OF,
      config: depositsConfig(),
    });
    const same = { credit, deposit: depositOn(agreeing) };
    expect(agreeing).toMatchObject([{ status: 'DEPOSITED', creditIdentity: 'x' }]);
    expect(applyDepositLinks(agreeing, [same], SETTINGS)).toEqual(agreeing);
  });

  it('recomputes a link whose one date is in the range from its other date, never past the lookback', () => {
    const range = { from: '2025-03-01', to: AS_OF };
    const link = { credit: 'c:2025-02-20|x', deposit: 'd:2025-03-10|CIELO|1/2/3|' };
    expect(rangeWithLinks(range, [link], AS_OF)).toEqual({ from: '2025-02-20', to: AS_OF });
    expect(rangeWithLinks(range, [{ ...link, credit: 'c:2024-01-01|x' }], AS_OF)).toEqual({
      from: '2024-12-20',
      to: AS_OF,
    });
    expect(
      rangeWithLinks(range, [{ credit: 'c:2025-01-01|x', deposit: 'd:2025-01-02|C|1|' }], AS_OF),
    ).toEqual(range);
  });
});

describe('checkDepositMatch', () => {
  const results = match();
  const credit = idOf(results, 'UNEXPLAINED_CREDIT');
  const resultOf = async (id: string) => byId(results).get(id);
  const head = (breakId: string, matchedTo: string): Head => ({
    breakId,
    version: 1,
    hash: '',
    copied: 1,
    linked: 1,
    decision: { status: 'MATCHED', note: 'n', matchedTo } as Head['decision'],
  });

  it('refuses a deposit of another bank account, and one another credit is matched to', async () => {
    const elsewhere = depositOn(results, other.bankAccount);
    await expect(checkDepositMatch(credit, elsewhere, resultOf, [])).rejects.toThrow(/another bank account/);
    const target = depositOn(results);
    await expect(checkDepositMatch(credit, target, resultOf, [])).resolves.toBeUndefined();
    const taken = [head('c:2025-03-09|y', target)];
    await expect(checkDepositMatch(credit, target, resultOf, taken)).rejects.toThrow(
      /already matched by hand/,
    );
    expect(depositLinksOf([...taken, head('r:key', 'other')])).toEqual([
      { credit: 'c:2025-03-09|y', deposit: target },
    ]);
  });
});
