/**
 * Decisions are respected by data, through the real receivable store and decision store on dynalite:
 * nights of records (first deliveries and re-runs, in any order) interleaved with people's decisions
 * end with the same money as the data alone, every decision as its person left it, and each break's
 * status what its money says: the decided status while the money is what was decided on (as when the
 * decisions come after all the data), REOPENED when new money came after, RESOLVED when it is gone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecisionRequest } from '../../../lambdas/core/breaks/decision';
import { sameBasis } from '../../../lambdas/core/breaks/observed';
import { buildBreaks } from '../../../lambdas/core/breaks/service';
import { addDays } from '../../../lambdas/core/calendar';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { byKey, freshTable, localDynamoPerFile, storeFor, withoutHistory } from '../../support/recon-dynamo';
import { forecast, hexHash, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig();
const rules = { acceptReasons: ['arredondamento'], disputeDays: 30 };
const stores = localDynamoPerFile();

/** Three sales: forecasts of R$ 100,00 and payments that leave them short, exact or over. */
const RECORDS: CanonicalRecord[] = [0, 1, 2].flatMap((n) => [
  forecast(saleKey(n), hexHash(`a${n}`), 10_000, '2025-03-20'),
  settlement(saleKey(n), hexHash(`d${n}`), 9_990 + n, '2025-03-21'),
  settlement(saleKey(n), hexHash(`e${n}`), 3 + n * 4, '2025-03-22'),
]);

type Step =
  | { readonly kind: 'night'; readonly records: readonly number[] }
  | { readonly kind: 'decide'; readonly pick: number; readonly accept: boolean };

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('night' as const),
      records: fc.array(fc.nat(RECORDS.length - 1), { minLength: 1, maxLength: 5 }),
    }),
    fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(10), accept: fc.boolean() }),
  ),
  { minLength: 3, maxLength: 12 },
);

const request = (accept: boolean, night: number): DecisionRequest =>
  accept
    ? { action: 'accept', reason: 'arredondamento', note: `noite ${night}` }
    : { action: 'treat', note: `noite ${night}` };

async function worldOf() {
  const { dynamo } = stores;
  const tableName = await freshTable(dynamo);
  const clock = { asOf: '2025-04-01' };
  const store = storeFor(dynamo.documentClient, tableName, config, clock);
  const breaks = buildBreaks({ ddb: dynamo.documentClient, tableName, config, rules, now: () => new Date() });
  return { clock, store, breaks };
}

describe('decisions respected by data (property, dynalite)', () => {
  it('keeps money, decisions and statuses as the rules say, in any interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (plan) => {
        const live = await worldOf();
        const reference = await worldOf();
        // Every record arrives at least once, after the plan: the re-runs and orders are the plan's.
        const nights = [...plan, { kind: 'night' as const, records: RECORDS.map((_, i) => i) }];
        const taken: { id: string; accept: boolean; night: number }[] = [];
        for (const [night, step] of nights.entries()) {
          const asOf = addDays('2025-04-01', night);
          if (step.kind === 'night') {
            for (const world of [live, reference]) {
              world.clock.asOf = asOf;
              await world.store.applyRecords(step.records.map((i) => RECORDS[i] as CanonicalRecord));
            }
            continue;
          }
          const open = (await live.breaks.list(asOf)).filter((b) => b.status !== 'RESOLVED');
          const target = open[step.pick % Math.max(open.length, 1)];
          if (!target) continue;
          await live.breaks.decide({
            breakId: target.id,
            request: request(step.accept, night),
            actor: 'ana',
            asOf,
          });
          taken.push({ id: target.id, accept: step.accept, night });
        }
        const end = addDays('2025-04-01', nights.length);
        // Decisions never touch money: the receivables are the data's alone.
        expect(byKey(await live.store.scanAll()).map(withoutHistory)).toEqual(
          byKey(await reference.store.scanAll()).map(withoutHistory),
        );
        // The reference takes each break's last decision after all the data, where the data still shows it.
        const last = new Map(taken.map((t) => [t.id, t]));
        const finalViews = new Map((await reference.breaks.list(end)).map((b) => [b.id, b]));
        for (const [id, t] of last) {
          if (finalViews.has(id)) {
            await reference.breaks.decide({
              breakId: id,
              request: request(t.accept, t.night),
              actor: 'ana',
              asOf: end,
            });
          }
        }
        const liveViews = await live.breaks.list(end);
        const referenceViews = new Map((await reference.breaks.list(end)).map((b) => [b.id, b]));
        for (const view of liveViews) {
          const t = last.get(view.id);
          const expected = referenceViews.get(view.id);
          if (!t) {
            // Nobody decided: the data alone says, as in the reference.
            expect(view.status).toBe(expected?.status);
            continue;
          }
          // Data never changes a decision: it is the last one taken, as taken.
          expect(view.decision).toMatchObject({
            status: t.accept ? 'ACCEPTED' : 'IN_TREATMENT',
            note: `noite ${t.night}`,
          });
          const decidedOn = view.decision?.basis;
          if (!expected) expect(view.status).toBe('RESOLVED');
          else if (decidedOn && sameBasis(decidedOn, expected.decision?.basis ?? decidedOn))
            expect(view.status).toBe(expected.status);
          else expect(view.status).toBe('REOPENED');
        }
        expect((await live.breaks.verify()).problems).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
