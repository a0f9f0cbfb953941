/**
 * Random expected deposits, bank credits and manual links (valid or not, two to one deposit, to a
 * deposit the data paid, of another account), applied over the match: every credit is still in
 * exactly one line and every expected deposit too, the money credited is the same to the centavo,
 * a deposit takes only a credit linked to it, and the links' order does not matter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../lambdas/core/calendar';
import { applyDepositLinks, type DepositLink } from '../../../lambdas/core/deposits/links';
import { matchDeposits } from '../../../lambdas/core/deposits/match';
import { depositIdentity } from '../../../lambdas/core/deposits/result-identity';
import type { DepositResult } from '../../../lambdas/core/deposits/types';
import { bankCredit, depositsConfig, expectedDeposit } from '../../support/deposits';

const SETTINGS = depositsConfig().deposits;

const DAY0 = '2025-03-03';
const ACCOUNTS = ['341/1234/567890', '1/2/3'];

const worldArb = fc
  .record({
    deposits: fc.uniqueArray(
      fc.record({ acquirer: fc.constantFrom('CIELO', 'REDE'), account: fc.nat(1), day: fc.nat(6) }),
      { maxLength: 8, selector: (d) => `${d.acquirer}|${d.account}|${d.day}` },
    ),
    amounts: fc.array(fc.constantFrom(100_00, 99_50, 40_00), { minLength: 8, maxLength: 8 }),
    credits: fc.array(
      fc.record({
        account: fc.nat(1),
        day: fc.nat(10),
        amount: fc.constantFrom(100_00, 99_50, 60_00, 40_00),
        memo: fc.constantFrom('CRED CIELO', 'REDE AGIL', 'TED'),
      }),
      { maxLength: 8 },
    ),
    picks: fc.array(fc.tuple(fc.nat(20), fc.nat(20)), { maxLength: 6 }),
    seed: fc.nat(),
  })
  .map(({ deposits, amounts, credits, picks, seed }) => {
    const results = matchDeposits({
      expected: deposits.map((d, i) =>
        expectedDeposit({
          acquirer: d.acquirer,
          bankAccount: ACCOUNTS[d.account] as string,
          paymentDate: addDays(DAY0, d.day),
          expectedCents: amounts[i] as number,
        }),
      ),
      credits: credits.map((c, i) =>
        bankCredit({
          bankAccount: ACCOUNTS[c.account] as string,
          postedDate: addDays(DAY0, c.day),
          amountCents: c.amount,
          memo: c.memo,
          identity: `k${i}`,
        }),
      ),
      asOf: addDays(DAY0, 20),
      config: depositsConfig(),
    });
    const ids = (own: (r: DepositResult) => boolean) => results.filter(own).map(depositIdentity);
    const creditIds = ids((r) => r.paymentDate === null);
    const depositIds = ids((r) => r.paymentDate !== null);
    const links: DepositLink[] =
      creditIds.length === 0 || depositIds.length === 0
        ? []
        : picks.map(([c, d]) => ({
            credit: creditIds[c % creditIds.length] as string,
            deposit: depositIds[d % depositIds.length] as string,
          }));
    return { results, links, seed };
  });

const credited = (lines: readonly DepositResult[]) =>
  lines.flatMap((r) => (r.creditIdentity === null ? [] : [r.creditIdentity])).sort();
const depositLines = (lines: readonly DepositResult[]) =>
  lines
    .filter((r) => r.paymentDate !== null)
    .map(depositIdentity)
    .sort();
const money = (lines: readonly DepositResult[]) => lines.reduce((sum, r) => sum + (r.creditCents ?? 0), 0);
const inOrder = (lines: readonly DepositResult[]) =>
  [...lines].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('applyDepositLinks over random matches and links', () => {
  it('keeps every credit and deposit in exactly one line, the money to the centavo, whatever the links', () => {
    fc.assert(
      fc.property(worldArb, ({ results, links, seed }) => {
        const linked = applyDepositLinks(results, links, SETTINGS);
        expect(credited(linked)).toEqual(credited(results));
        expect(depositLines(linked)).toEqual(depositLines(results));
        expect(money(linked)).toBe(money(results));
        for (const line of linked.filter((r) => r.manualMatch === 'LINKED')) {
          const credit = `c:${line.creditDate}|${line.creditIdentity}`;
          expect(links).toContainEqual({ credit, deposit: depositIdentity(line) });
        }
        const at = links.length === 0 ? 0 : seed % links.length;
        const shuffled = [...links.slice(at), ...links.slice(0, at)].reverse();
        expect(inOrder(applyDepositLinks(results, shuffled, SETTINGS))).toEqual(inOrder(linked));
      }),
      { numRuns: 300 },
    );
  });
});
