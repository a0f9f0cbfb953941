/**
 * The ERP export through the real store, touched log and nightly export on dynalite and s3rver:
 * nights of records in any order and paging, re-runs of a night (before and after its export), end
 * with lines whose running sum per receivable and component is the receivable's final postable
 * amounts; every line once under its id; and exporting the last night again adds nothing.
 */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pullLines } from '../../../lambdas/core/baixas/pull';
import { buildBaixasExport, buildBaixasStore } from '../../../lambdas/core/baixas/store';
import { addDays } from '../../../lambdas/core/calendar';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { buildChangeExporter } from '../../../lambdas/core/receivable-store/snapshot-export';
import { buildTouchedLog } from '../../../lambdas/core/receivable-store/touched';
import { COMPONENT_NAMES, POSTABLE_COMPONENTS, postableOf } from '../../../lambdas/core/receivables/postable';
import { freshTable, localStoresPerFile, storeFor } from '../../support/recon-dynamo';
import { canonical, forecast, hexHash, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig({ recordRoles: { A2: 'CHARGEBACK', A3: 'CHARGEBACK_REVERSAL', F1: 'ADVANCE' } });
const stores = localStoresPerFile();
const SEGMENTS = 2;
const FIRST_NIGHT = '2025-04-01';

/** Three sales: paid short then in full, charged back and reversed, advanced with a fee and paid again. */
const RECORDS: CanonicalRecord[] = [
  forecast(saleKey(0), hexHash('a0'), 10_000),
  settlement(saleKey(0), hexHash('d0'), 9_000, '2025-04-01'),
  settlement(saleKey(0), hexHash('e0'), 1_000, '2025-04-02'),
  forecast(saleKey(1), hexHash('a1'), 5_000),
  settlement(saleKey(1), hexHash('d1'), 5_000),
  canonical({ type: 'A2', key: saleKey(1), hash: hexHash('k1'), netCents: 5_000 }),
  canonical({ type: 'A3', key: saleKey(1), hash: hexHash('r1'), netCents: 5_000 }),
  forecast(saleKey(2), hexHash('a2'), 20_000),
  canonical({ type: 'F1', key: saleKey(2), hash: hexHash('v2'), netCents: 19_400, feeCents: 600 }),
  settlement(saleKey(2), hexHash('d2'), 20_000),
];

/** A night's batches (pages of record indexes); `rerun` runs the previous night again instead of a new one. */
type Night = { readonly batches: readonly (readonly number[])[]; readonly rerun: boolean };

const nights: fc.Arbitrary<Night[]> = fc.array(
  fc.record({
    batches: fc.array(fc.array(fc.nat(RECORDS.length - 1), { minLength: 1, maxLength: 4 }), {
      minLength: 1,
      maxLength: 3,
    }),
    rerun: fc.boolean(),
  }),
  { minLength: 1, maxLength: 4 },
);

let buckets = 0;

async function worldOf() {
  buckets += 1;
  const bucket = `baixas-${process.pid}-${buckets}`;
  const s3 = stores.s3.client;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  const tableName = await freshTable(stores.dynamo);
  const clock = { asOf: FIRST_NIGHT };
  const touched = buildTouchedLog({ s3, bucket });
  const ddb = stores.dynamo.documentClient;
  const store = storeFor(ddb, tableName, config, clock, touched);
  const exporter = buildChangeExporter({
    ddb,
    tableName,
    s3,
    bucket,
    config,
    touched,
    alongside: buildBaixasExport({ s3, bucket, config }),
  });
  const exportNight = async () => {
    for (let segment = 0; segment < SEGMENTS; segment += 1) {
      await exporter.exportSnapshot({ asOf: clock.asOf, segment, totalSegments: SEGMENTS });
    }
  };
  return { clock, store, exportNight, baixas: buildBaixasStore({ s3, bucket }) };
}

describe('baixas export (property, dynalite and s3rver)', () => {
  it('posts each receivable exactly its final state, in any order of records, pages and re-runs', async () => {
    await fc.assert(
      fc.asyncProperty(nights, async (plan) => {
        const world = await worldOf();
        // Every record arrives at least once, on a last night of its own.
        const all: Night = { batches: [RECORDS.map((_, i) => i)], rerun: false };
        let night = -1;
        for (const step of [...plan, all]) {
          night = step.rerun && night >= 0 ? night : night + 1;
          world.clock.asOf = addDays(FIRST_NIGHT, night);
          for (const batch of step.batches) {
            await world.store.applyRecords(batch.map((i) => RECORDS[i] as CanonicalRecord));
          }
          await world.exportNight();
        }
        const pulled = await pullLines(world.baixas, {});
        const ids = pulled.lines.map((line) => line.id);
        expect(new Set(ids).size).toBe(ids.length);
        const sums = new Map<string, number>();
        for (const line of pulled.lines) {
          const at = `${line.receivableKey} ${line.component}`;
          sums.set(at, (sums.get(at) ?? 0) + line.amountCents);
        }
        const expected = new Map<string, number>();
        for (const receivable of await world.store.scanAll()) {
          const amounts = postableOf(receivable);
          for (const c of POSTABLE_COMPONENTS) {
            if (amounts[c] !== undefined) expected.set(`${receivable.key} ${COMPONENT_NAMES[c]}`, amounts[c]);
          }
        }
        expect(new Map([...sums].filter(([, cents]) => cents !== 0))).toEqual(expected);

        // The last night again (a re-run of the whole night): the same lines, nothing after the cursor.
        await world.store.applyRecords(RECORDS);
        await world.exportNight();
        expect(await pullLines(world.baixas, {})).toEqual(pulled);
        expect((await pullLines(world.baixas, { cursor: pulled.cursor ?? '' })).lines).toEqual([]);
      }),
      { numRuns: 5 },
    );
    // dynalite and s3rver on a shared machine: a night costs a few seconds.
  }, 300_000);
});
