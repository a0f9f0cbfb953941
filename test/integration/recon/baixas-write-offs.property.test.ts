/**
 * The ERP export's write-offs through the breaks' real snapshot and the export on s3rver, in the
 * summary's order (snapshot, then lines): nights of decisions in any sequence (accepted, reason or
 * amount changed, undone, reopened, resolved), nights skipped and re-runs of a night with other
 * decisions, end with lines whose running sum per break is the amount accepted as the last night left
 * it; every line once under its id; and the last night again adds nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pullLines } from '../../../lambdas/core/baixas/pull';
import { buildBaixasStore } from '../../../lambdas/core/baixas/store';
import { buildWriteOffExport } from '../../../lambdas/core/baixas/write-offs';
import type { BreakStatus } from '../../../lambdas/core/breaks/kinds';
import { writeBreaksSnapshot } from '../../../lambdas/core/breaks/snapshot-lake';
import type { BreakView } from '../../../lambdas/core/breaks/status';
import { addDays } from '../../../lambdas/core/calendar';
import { lakePerFile, sumsOf } from '../../support/baixas-lake';
import { breakViewOf } from '../../support/break-views';

const FIRST_NIGHT = '2025-04-01';
const BREAKS = ['r:1|1234|2025-03-01|77||1', 'r:1|1234|2025-03-01|78||1', 'd:2025-03-03|CIELO|341/1/1|'];
const STATUSES: readonly (BreakStatus | null)[] = [null, 'NEW', 'ACCEPTED', 'REOPENED', 'RESOLVED'];

type State = { readonly status: BreakStatus | null; readonly cents: number; readonly reason: string };
/** A night: each break's state; `gap`: a night skipped before it; `rerun`: the last night again. */
type Night = { readonly states: readonly State[]; readonly gap: boolean; readonly rerun: boolean };

const state = fc.record({
  status: fc.constantFrom(...STATUSES),
  cents: fc.integer({ min: 1, max: 3 }),
  reason: fc.constantFrom('Tarifa bancária', 'Arredondamento'),
});
const nights: fc.Arbitrary<Night[]> = fc.array(
  fc.record({
    states: fc.array(state, { minLength: BREAKS.length, maxLength: BREAKS.length }),
    gap: fc.boolean(),
    rerun: fc.boolean(),
  }),
  { minLength: 1, maxLength: 6 },
);

const viewsOf = (states: readonly State[]): BreakView[] =>
  BREAKS.flatMap((id, i) => {
    const { status, cents, reason } = states[i] as State;
    return status === null ? [] : [breakViewOf(id, cents * 18_78, { status, reason })];
  });

const lake = lakePerFile();

describe('write-off lines of the ERP export (property, s3rver)', () => {
  it('posts each break exactly the amount accepted, in any sequence of decisions and re-runs', async () => {
    await fc.assert(
      fc.asyncProperty(nights, async (plan) => {
        const deps = await lake.freshBucket('write-offs');
        const exportWriteOffs = buildWriteOffExport(deps);
        const summarize = async (night: string, views: readonly BreakView[]) => {
          await writeBreaksSnapshot(deps, night, views);
          await exportWriteOffs(night, views);
        };
        let day = -1;
        let views: BreakView[] = [];
        for (const step of plan) {
          day = step.rerun && day >= 0 ? day : day + (step.gap ? 2 : 1);
          views = viewsOf(step.states);
          await summarize(addDays(FIRST_NIGHT, day), views);
        }
        const store = buildBaixasStore(deps);
        const pulled = await pullLines(store, {});
        expect(pulled.lines.every((line) => line.component === 'WRITE_OFF')).toBe(true);
        const sums = sumsOf(pulled.lines, (line) => line.breakId ?? '');
        const accepted = views
          .filter((v) => v.status === 'ACCEPTED')
          .map((v) => [v.id, v.stakeCents] as const);
        expect(sums).toEqual(new Map(accepted));

        await summarize(addDays(FIRST_NIGHT, day), views);
        expect(await pullLines(store, {})).toEqual(pulled);
        expect((await pullLines(store, { cursor: pulled.cursor ?? '' })).lines).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
