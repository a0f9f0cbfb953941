/**
 * The ERP export's account lines through the real ledger and store on s3rver: nights reading the
 * fees and adjustments of some acquirers over a period (amounts changing, items gone, another
 * acquirer not read that night, re-runs of a night) end with lines whose running sum per account
 * item is its amount as the last night that read it left it; a night that did not read an acquirer
 * posts nothing of it; and exporting the last night again adds nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeeItem } from '../../../lambdas/core/account-items/period-fees';
import { accountLinesOf, buildAccountLinesExport } from '../../../lambdas/core/baixas/account-lines';
import { pullLines } from '../../../lambdas/core/baixas/pull';
import { buildBaixasStore } from '../../../lambdas/core/baixas/store';
import { addDays } from '../../../lambdas/core/calendar';
import { lakePerFile, sumsOf } from '../../support/baixas-lake';

const FIRST_NIGHT = '2025-03-10';
const RANGE = { from: '2025-03-01', to: '2025-03-07' } as const;

/** Four account items: a rent and a service fee of CIELO, an adjustment and a fee of REDE. */
const PLACES: readonly Omit<FeeItem, 'amountCents'>[] = [
  { acquirer: 'CIELO', merchant: '1023456', date: '2025-03-03', role: 'FEE', reasonText: 'ALUGUEL POS' },
  { acquirer: 'CIELO', merchant: '1023456', date: '2025-03-05', role: 'FEE', reasonText: 'TARIFA' },
  { acquirer: 'REDE', merchant: '5550001', date: '2025-03-03', role: 'ADJUSTMENT', reasonText: null },
  { acquirer: 'REDE', merchant: '5550001', date: '2025-03-04', role: 'FEE', reasonText: 'ALUGUEL POS' },
];
const identity = (i: Omit<FeeItem, 'amountCents'>) =>
  [i.acquirer, i.date, i.merchant, i.role, i.reasonText ?? ''].join('|');

/** A night: each item's amount (0: not there) and which acquirers the run read. */
type Night = {
  readonly amounts: readonly number[];
  readonly acquirers: readonly string[];
  readonly rerun: boolean;
};

const nights: fc.Arbitrary<Night[]> = fc.array(
  fc.record({
    amounts: fc.array(fc.integer({ min: -2, max: 3 }), {
      minLength: PLACES.length,
      maxLength: PLACES.length,
    }),
    acquirers: fc.subarray(['CIELO', 'REDE'], { minLength: 1 }),
    rerun: fc.boolean(),
  }),
  { minLength: 1, maxLength: 6 },
);

const lake = lakePerFile();

describe('account lines of the ERP export', () => {
  it('post a new item, reverse and post a changed one, reverse one gone, and nothing for the same amount', () => {
    const rent = { ...(PLACES[0] as Omit<FeeItem, 'amountCents'>), amountCents: 12_90 };
    const id = identity(rent);
    const lines = (posted: Record<string, number>, items: FeeItem[]) =>
      accountLinesOf(FIRST_NIGHT, posted, items).map((l) => [l.kind, l.component, l.amountCents]);
    expect(lines({}, [rent])).toEqual([['NEW', 'ACCOUNT_FEE', 12_90]]);
    expect(lines({ [id]: 12_90 }, [rent])).toEqual([]);
    expect(lines({ [id]: 10_00 }, [rent])).toEqual([
      ['REVERSAL', 'ACCOUNT_FEE', -10_00],
      ['NEW', 'ACCOUNT_FEE', 12_90],
    ]);
    expect(lines({ [id]: 12_90 }, [])).toEqual([['REVERSAL', 'ACCOUNT_FEE', -12_90]]);
    const [line] = accountLinesOf(FIRST_NIGHT, {}, [rent]);
    expect(line).toMatchObject({
      acquirer: 'CIELO',
      merchant: '1023456',
      dueDate: '2025-03-03',
      reason: 'ALUGUEL POS',
    });
  });

  it('sum per item to its amount as the last night that read it, in any sequence (property, s3rver)', async () => {
    await fc.assert(
      fc.asyncProperty(nights, async (plan) => {
        const deps = await lake.freshBucket('account-lines');
        const exportLines = buildAccountLinesExport(deps);
        const store = buildBaixasStore(deps);
        const standing = new Map<string, number>();
        let night = -1;
        let last: Parameters<typeof exportLines>[0] | undefined;
        for (const step of plan) {
          night = step.rerun && night >= 0 ? night : night + 1;
          const items = PLACES.flatMap((place, i) =>
            step.acquirers.includes(place.acquirer) && step.amounts[i] !== 0
              ? [{ ...place, amountCents: (step.amounts[i] ?? 0) * 7_77 }]
              : [],
          );
          for (const place of PLACES.filter((p) => step.acquirers.includes(p.acquirer)))
            standing.delete(identity(place));
          for (const item of items) standing.set(identity(item), item.amountCents);
          last = { night: addDays(FIRST_NIGHT, night), acquirers: step.acquirers, range: RANGE, items };
          await exportLines(last);
        }
        const pulled = await pullLines(store, {});
        expect(new Set(pulled.lines.map((l) => l.id)).size).toBe(pulled.lines.length);
        const byItem = (line: {
          acquirer: string | null;
          dueDate: string | null;
          merchant: string | null;
          component: string;
          reason: string | null;
        }) =>
          identity({
            acquirer: line.acquirer ?? '',
            date: line.dueDate ?? '',
            merchant: line.merchant ?? '',
            role: line.component === 'ACCOUNT_FEE' ? 'FEE' : 'ADJUSTMENT',
            reasonText: line.reason,
          });
        expect(sumsOf(pulled.lines, byItem)).toEqual(
          new Map([...standing].filter(([, cents]) => cents !== 0)),
        );

        // The last night again: the same lines, nothing after the cursor.
        if (last) await exportLines(last);
        expect(await pullLines(store, {})).toEqual(pulled);
        expect((await pullLines(store, { cursor: pulled.cursor ?? '' })).lines).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
