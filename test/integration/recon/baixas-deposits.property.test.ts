/**
 * The ERP export's deposit lines through the real ledger and store on s3rver: nights of deposit
 * results in any sequence (confirmed, changed amount, reversed, gone), re-runs of a night with the
 * same or other results, and nights whose match range leaves a date out, end with lines whose running
 * sum per deposit is the amount the bank confirmed as the last night covering its date left it; every
 * line once under its id; and exporting the last night again adds nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDepositLinesExport } from '../../../lambdas/core/baixas/deposit-ledger';
import { pullLines } from '../../../lambdas/core/baixas/pull';
import { buildBaixasStore } from '../../../lambdas/core/baixas/store';
import { addDays } from '../../../lambdas/core/calendar';
import { withCredit, withoutCredit } from '../../../lambdas/core/deposits/deposit-result';
import { depositIdentity } from '../../../lambdas/core/deposits/result-identity';
import type { DepositResult, DepositStatus } from '../../../lambdas/core/deposits/types';
import { lakePerFile, sumsOf } from '../../support/baixas-lake';

const FIRST_NIGHT = '2025-03-10';
const EARLY = '2025-03-03';
const LATE = '2025-03-04';

/** Three expected deposits: two of the early date (two accounts), one of the late one. */
const PLACES = [
  { acquirer: 'CIELO', bankAccount: '341/1/1', paymentDate: EARLY },
  { acquirer: 'CIELO', bankAccount: '237/2/2', paymentDate: EARLY },
  { acquirer: 'REDE', bankAccount: '341/1/1', paymentDate: LATE },
].map((place) => ({ ...place, group: '', expectedCents: 100_00, windowEnds: '2025-03-07' }));

const STATUSES: readonly (DepositStatus | null)[] = [
  null,
  'AWAITING_DEPOSIT',
  'NOT_DEPOSITED',
  'DEPOSITED',
  'DEPOSIT_DIFFERS',
  'DEPOSIT_REVERSED',
];

type Outcome = { readonly status: DepositStatus | null; readonly cents: number };
/** A night: each place's result; `lateOnly`: the match's range leaves the early date out. */
type Night = { readonly outcomes: readonly Outcome[]; readonly rerun: boolean; readonly lateOnly: boolean };

const outcome = fc.record({ status: fc.constantFrom(...STATUSES), cents: fc.integer({ min: 1, max: 3 }) });
const nights: fc.Arbitrary<Night[]> = fc.array(
  fc.record({
    outcomes: fc.array(outcome, { minLength: PLACES.length, maxLength: PLACES.length }),
    rerun: fc.boolean(),
    lateOnly: fc.boolean(),
  }),
  { minLength: 1, maxLength: 6 },
);

function resultOf(place: (typeof PLACES)[number], { status, cents }: Outcome): DepositResult | null {
  if (status === null) return null;
  if (status === 'AWAITING_DEPOSIT' || status === 'NOT_DEPOSITED') return withoutCredit(status, place);
  const credit = {
    bankAccount: place.bankAccount,
    postedDate: '2025-03-05',
    amountCents: cents * 33_33,
    fitid: null,
    memo: place.acquirer,
    identity: `${place.bankAccount}#${cents}`,
  };
  const reversal = status === 'DEPOSIT_REVERSED' ? { ...credit, amountCents: -credit.amountCents } : null;
  return withCredit(status, place, credit, reversal);
}

const lake = lakePerFile();

describe('deposit lines of the ERP export (property, s3rver)', () => {
  it('posts each deposit exactly its confirmed amount, in any sequence of results and re-runs', async () => {
    await fc.assert(
      fc.asyncProperty(nights, async (plan) => {
        const deps = await lake.freshBucket('deposit-lines');
        const exportLines = buildDepositLinesExport(deps);
        const store = buildBaixasStore(deps);
        // The amount each deposit stands at, as the last night covering its date confirmed it.
        const confirmed = new Map<string, number>();
        let night = -1;
        let last: { results: DepositResult[]; range: { from: string; to: string } } | undefined;
        for (const step of plan) {
          night = step.rerun && night >= 0 ? night : night + 1;
          const range = { from: step.lateOnly ? LATE : EARLY, to: LATE };
          const results = PLACES.flatMap((place, i) =>
            place.paymentDate < range.from ? [] : [resultOf(place, step.outcomes[i] as Outcome)],
          ).filter((r): r is DepositResult => r !== null);
          for (const place of PLACES.filter((p) => p.paymentDate >= range.from)) {
            confirmed.delete(depositIdentity(withoutCredit('AWAITING_DEPOSIT', place)));
          }
          for (const r of results) {
            const held = r.status === 'DEPOSITED' || r.status === 'DEPOSIT_DIFFERS';
            if (held && r.creditCents !== null) confirmed.set(depositIdentity(r), r.creditCents);
          }
          await exportLines(results, range, addDays(FIRST_NIGHT, night));
          last = { results, range };
        }
        const pulled = await pullLines(store, {});
        expect(pulled.lines.every((line) => line.component === 'DEPOSIT')).toBe(true);
        expect(sumsOf(pulled.lines, (line) => line.depositKey ?? '')).toEqual(confirmed);

        // The last night again, as the match writes it again: the same lines, nothing after the cursor.
        if (last) await exportLines(last.results, last.range, addDays(FIRST_NIGHT, night));
        expect(await pullLines(store, {})).toEqual(pulled);
        expect((await pullLines(store, { cursor: pulled.cursor ?? '' })).lines).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
