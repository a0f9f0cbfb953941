/**
 * Manual matches respected by data, through the real receivable store, writer, book totals and
 * decision store on dynalite: nights of records (first deliveries, re-runs, a later report of a
 * payment, in any order) interleaved with matches and undos end with the same receivables' money and
 * the same book totals as the matches standing at the end applied after all the data.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTotalsStore } from '../../../lambdas/core/book/book-store';
import type { Cells } from '../../../lambdas/core/book/cells';
import { countCells, trustedTotals } from '../../../lambdas/core/book/recount';
import { DecisionRefusedError } from '../../../lambdas/core/breaks/decision';
import { buildBreaks } from '../../../lambdas/core/breaks/service';
import { addDays } from '../../../lambdas/core/calendar';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { buildReceivableLinks } from '../../../lambdas/core/receivable-store/links';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { matchKeyOf } from '../../../lambdas/core/receivables/matcher';
import { byKey, freshTable, localDynamoPerFile, storeFor } from '../../support/recon-dynamo';
import {
  forecast,
  hexHash,
  reconConfig,
  type SaleKey,
  saleKey,
  settlement,
} from '../../support/recon-records';

const config = reconConfig();
const rules = { acceptReasons: ['arredondamento'], disputeDays: 30 };
const stores = localDynamoPerFile();

const late = saleKey(0);
const payments: SaleKey[] = ['990001', '990002'].map((nsu) => ({ ...late, nsu, authorization: `X${nsu}` }));
const keyOf = (k: SaleKey) => matchKeyOf(k, config) as string;
const breakOf = (payment: number) => `r:${keyOf(payments[payment] as SaleKey)}`;

const first = settlement(payments[0] as SaleKey, hexHash('p0'), 6_000, '2025-03-21');
/**
 * A forecast of R$ 100,00 late since March and two mistyped payments, one of them in a later report
 * too and followed by a second payment under the same mistyped key (a backfill may bring it last).
 */
const RECORDS: CanonicalRecord[] = [
  forecast(late, hexHash('f'), 10_000, '2025-03-20'),
  first,
  { ...first, source: { ...first.source, reportId: '2', generatedOn: '2025-04-03' } },
  settlement(payments[1] as SaleKey, hexHash('p1'), 4_000, '2025-03-22'),
  settlement(payments[0] as SaleKey, hexHash('p0b'), 500, '2025-03-25'),
];

type Step =
  | { readonly kind: 'night'; readonly records: readonly number[] }
  | { readonly kind: 'match' | 'undo'; readonly payment: number };

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('night' as const),
      records: fc.array(fc.nat(RECORDS.length - 1), { minLength: 1, maxLength: 4 }),
    }),
    fc.record({ kind: fc.constantFrom('match' as const, 'undo' as const), payment: fc.nat(1) }),
  ),
  { minLength: 3, maxLength: 10 },
);

async function worldOf() {
  const { dynamo } = stores;
  const tableName = await freshTable(dynamo);
  const clock = { asOf: '2025-04-01' };
  const table = { ddb: dynamo.documentClient, tableName, config, now: () => new Date() };
  const store = storeFor(dynamo.documentClient, tableName, config, clock);
  const links = buildReceivableLinks({ ...table, asOf: () => clock.asOf });
  const breaks = buildBreaks({ ...table, rules, links });
  const totals = buildTotalsStore(table);
  return { clock, store, breaks, totals, deps: { ...table, totals } };
}

type World = Awaited<ReturnType<typeof worldOf>>;

const match = (world: World, payment: number, asOf: string) =>
  world.breaks.decide({
    breakId: breakOf(payment),
    request: { action: 'match', to: keyOf(late), reason: 'NSU digitado errado', note: 'extrato' },
    actor: 'ana',
    asOf,
  });

/** A decision the rules refuse here (nothing to match yet, nothing to undo) is skipped, as a person would. */
async function unlessRefused(decision: Promise<unknown>): Promise<boolean> {
  try {
    await decision;
    return true;
  } catch (error) {
    if (error instanceof DecisionRefusedError) return false;
    throw error;
  }
}

/** Each receivable's money: what counts and where, whatever the night it was written on. */
const moneyOf = (r: Receivable) => ({
  key: r.key,
  status: r.status,
  reason: r.reason,
  mergedInto: r.mergedInto,
  forecasts: r.forecasts.map((f) => [f.hash, f.netCents]),
  settlements: r.settlements.map((s) => [s.hash, s.netCents, s.origin]),
});

const nonZero = (cells: Cells) => Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== 0));

/** The book's totals, checked against a recount of every receivable. */
async function bookOf(world: World, asOf: string): Promise<Cells> {
  const kept = nonZero((await trustedTotals(world.deps, asOf)).cells);
  expect(kept).toEqual(nonZero(await countCells(world.deps, asOf)));
  return kept;
}

describe('manual matches respected by data (property, dynalite)', () => {
  it('ends with the money of the standing matches applied after all the data', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (plan) => {
        const live = await worldOf();
        const reference = await worldOf();
        const nights = [...plan, { kind: 'night' as const, records: RECORDS.map((_, i) => i) }];
        const matched = new Set<number>();
        for (const [night, step] of nights.entries()) {
          const asOf = addDays('2025-04-01', night);
          live.clock.asOf = asOf;
          if (step.kind === 'night') {
            await live.store.applyRecords(step.records.map((i) => RECORDS[i] as CanonicalRecord));
          } else if (step.kind === 'match') {
            if (await unlessRefused(match(live, step.payment, asOf))) matched.add(step.payment);
          } else {
            const undo = { action: 'undo' as const };
            const decision = live.breaks.decide({
              breakId: breakOf(step.payment),
              request: undo,
              actor: 'bia',
              asOf,
            });
            if (await unlessRefused(decision)) matched.delete(step.payment);
          }
        }
        const end = addDays('2025-04-01', nights.length);
        reference.clock.asOf = end;
        await reference.store.applyRecords(RECORDS);
        for (const payment of [...matched].sort()) await match(reference, payment, end);
        expect(byKey(await live.store.scanAll()).map(moneyOf)).toEqual(
          byKey(await reference.store.scanAll()).map(moneyOf),
        );
        expect(await bookOf(live, end)).toEqual(await bookOf(reference, end));
        expect((await live.breaks.verify()).problems).toEqual([]);
      }),
      { numRuns: 10 },
    );
  }, 600_000);
});
