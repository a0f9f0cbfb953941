/**
 * Random expected deposits and bank credits (several acquirers and accounts, equal amounts, memos
 * naming one, none or two acquirers, debits, deposits of zero or less, around Carnaval 2025),
 * delivered in any order and matched again: the results are always the same, every expected deposit
 * and every credit is in exactly one result, each pair obeys the rules of docs/deposits.md
 * "## Matching", and no deposit is left unpaid next to a credit it could have taken.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../lambdas/core/calendar';
import { matchDeposits } from '../../../lambdas/core/deposits/match';
import { acquirerOfMemo, sameAcquirer } from '../../../lambdas/core/deposits/memo';
import type { BankCredit, DepositResult, ExpectedDeposit } from '../../../lambdas/core/deposits/types';
import { depositsConfig } from '../../support/deposits';

const DAY0 = '2025-02-24';
const ACCOUNTS = ['341/1234/567890', '1/2/3'];

const expectedArb = fc
  .uniqueArray(
    fc.record({
      acquirer: fc.constantFrom('CIELO', 'REDE', 'Stone'),
      account: fc.nat(1),
      day: fc.nat(10),
      group: fc.constantFrom('', 'VISA'),
    }),
    { maxLength: 12, selector: (p) => `${p.acquirer}|${p.account}|${p.day}|${p.group}` },
  )
  .chain((places) =>
    fc.tuple(
      fc.constant(places),
      fc.array(
        fc.oneof(fc.constantFrom(10_000, 10_000, 9_650, 0, -300), fc.integer({ min: 1, max: 20_000 })),
        {
          minLength: places.length,
          maxLength: places.length,
        },
      ),
    ),
  )
  .map(([places, amounts]) =>
    places.map(
      (p, i): ExpectedDeposit => ({
        acquirer: p.acquirer,
        bankAccount: ACCOUNTS[p.account] as string,
        paymentDate: addDays(DAY0, p.day),
        group: p.group,
        expectedCents: amounts[i] as number,
        paidCents: Math.max(amounts[i] as number, 0),
        deductedCents: Math.max(-(amounts[i] as number), 0),
      }),
    ),
  );

const creditsArb = fc
  .array(
    fc.record({
      account: fc.nat(1),
      day: fc.nat(14),
      amount: fc.oneof(
        fc.constantFrom(10_000, 10_000, 9_650, 10_003, -500),
        fc.integer({ min: -1_000, max: 20_000 }),
      ),
      memo: fc.constantFrom(
        'CRED CIELO SA',
        'REDECARD',
        'Créd. Stone',
        'TED 0001',
        'CIELO P/ STONE',
        'GETNET',
      ),
      fitid: fc.option(fc.constantFrom('1', '2'), { nil: null }),
    }),
    { maxLength: 14 },
  )
  .map((specs) =>
    specs.map(
      (s, i): BankCredit => ({
        bankAccount: ACCOUNTS[s.account] as string,
        postedDate: addDays(DAY0, s.day),
        amountCents: s.amount,
        fitid: s.fitid,
        memo: s.memo,
        identity: `c${i}`,
      }),
    ),
  );

const caseArb = fc.record({
  expected: expectedArb,
  credits: creditsArb,
  asOf: fc.nat(16).map((day) => addDays(DAY0, day)),
  toleranceCents: fc.constantFrom(0, 5),
  windowBusinessDays: fc.constantFrom(0, 1, 2),
  seeds: fc.array(fc.integer(), { minLength: 3, maxLength: 3 }),
});

/** Fisher–Yates driven by a small seeded generator (mulberry32): one order per seed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never;

function run(c: Case, expected = c.expected, credits = c.credits): DepositResult[] {
  const config = depositsConfig({
    toleranceCents: c.toleranceCents,
    windowBusinessDays: c.windowBusinessDays,
  });
  return matchDeposits({ expected, credits, asOf: c.asOf, config });
}

const placeOf = (x: {
  acquirer: string | null;
  bankAccount: string;
  paymentDate: string | null;
  group: string;
}) => `${x.acquirer}|${x.bankAccount}|${x.paymentDate}|${x.group}`;

describe('matchDeposits, random inputs', () => {
  it('gives the same results for any order of the inputs, and again when run again', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const results = run(c);
        for (const seed of c.seeds) {
          expect(run(c, shuffled(c.expected, seed), shuffled(c.credits, seed ^ 0x5bd1e995))).toEqual(results);
        }
        expect(run(c)).toEqual(results);
      }),
    );
  });

  it('puts every expected deposit and every credit in exactly one result, and no debit in any', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const results = run(c);
        const deposits = results.filter((r) => r.paymentDate !== null).map(placeOf);
        expect(deposits.sort()).toEqual(c.expected.map(placeOf).sort());
        const creditIds = results.flatMap((r) => (r.creditIdentity === null ? [] : [r.creditIdentity]));
        const positive = c.credits.filter((k) => k.amountCents > 0).map((k) => k.identity);
        expect(creditIds.sort()).toEqual(positive.sort());
      }),
    );
  });

  it('pairs only what the rules allow, and leaves no unpaid deposit beside a credit it could take', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const results = run(c);
        const deposits = depositsConfig().deposits;
        const memoAcquirer = (memo: string) => acquirerOfMemo(memo, deposits.acquirerPatterns);
        const within = (a: number, b: number) => Math.abs(a - b) <= c.toleranceCents;
        const fits = (r: DepositResult, k: { bankAccount: string; postedDate: string; memo: string }) =>
          k.bankAccount === r.bankAccount &&
          k.postedDate >= (r.paymentDate as string) &&
          k.postedDate <= (r.windowEnds as string);
        for (const r of results.filter((x) => x.creditIdentity !== null && x.paymentDate !== null)) {
          const credit = {
            bankAccount: r.bankAccount,
            postedDate: r.creditDate as string,
            memo: r.memo as string,
          };
          expect(fits(r, credit)).toBe(true);
          const named = memoAcquirer(credit.memo);
          if (r.status === 'DEPOSITED') {
            expect(within(r.creditCents as number, r.expectedCents as number)).toBe(true);
            expect(named === null || sameAcquirer(named, r.acquirer as string)).toBe(true);
          } else {
            expect(r.status).toBe('DEPOSIT_DIFFERS');
            expect(within(r.creditCents as number, r.expectedCents as number)).toBe(false);
            expect(named !== null && sameAcquirer(named, r.acquirer as string)).toBe(true);
          }
        }
        const unpaid = results.filter((r) => r.status === 'NOT_DEPOSITED' || r.status === 'AWAITING_DEPOSIT');
        for (const r of unpaid) {
          expect(r.expectedCents as number).toBeGreaterThan(0);
          expect(r.status === 'NOT_DEPOSITED').toBe((r.windowEnds as string) < c.asOf);
        }
        const left = c.credits.filter((k) =>
          results.some((r) => r.status === 'UNEXPLAINED_CREDIT' && r.creditIdentity === k.identity),
        );
        for (const r of unpaid) {
          for (const k of left.filter((x) => fits(r, x))) {
            const named = memoAcquirer(k.memo);
            const couldPair =
              (named !== null && sameAcquirer(named, r.acquirer as string)) ||
              (named === null && within(k.amountCents, r.expectedCents as number));
            expect(couldPair, `${placeOf(r)} left beside ${k.identity}`).toBe(false);
          }
        }
      }),
    );
  });
});
