/**
 * A manual match and its undo through the ERP export, on the real store, links, decision store,
 * touched log and nightly export (dynalite, s3rver): the mistyped payment posts once, on the
 * receivable its money counts in each night, the lines summed per receivable are its postable
 * amounts, and a re-run of the match's night adds nothing.
 */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { pullLines } from '../../../lambdas/core/baixas/pull';
import { buildBaixasExport, buildBaixasStore } from '../../../lambdas/core/baixas/store';
import { buildBreaks } from '../../../lambdas/core/breaks/service';
import { buildReceivableLinks } from '../../../lambdas/core/receivable-store/links';
import { buildChangeExporter } from '../../../lambdas/core/receivable-store/snapshot-export';
import { buildTouchedLog } from '../../../lambdas/core/receivable-store/touched';
import { matchKeyOf } from '../../../lambdas/core/receivables/matcher';
import { COMPONENT_NAMES, POSTABLE_COMPONENTS, postableOf } from '../../../lambdas/core/receivables/postable';
import { sumsOf } from '../../support/baixas-lake';
import { freshTable, localStoresPerFile, storeFor } from '../../support/recon-dynamo';
import {
  forecast,
  hexHash,
  reconConfig,
  type SaleKey,
  saleKey,
  settlement,
} from '../../support/recon-records';

const config = reconConfig();
const stores = localStoresPerFile();
const late = saleKey(0);
const mistyped: SaleKey = { ...late, nsu: '990001', authorization: 'X990001' };
const keyOf = (k: SaleKey) => matchKeyOf(k, config) as string;

async function worldOf() {
  const tableName = await freshTable(stores.dynamo);
  const s3 = stores.s3.client;
  const bucket = `baixas-match-${process.pid}`;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  const touched = buildTouchedLog({ s3, bucket });
  const clock = { asOf: '2025-04-01' };
  const ddb = stores.dynamo.documentClient;
  const table = { ddb, tableName, config, now: () => new Date() };
  const store = storeFor(ddb, tableName, config, clock, touched);
  const links = buildReceivableLinks({ ...table, asOf: () => clock.asOf, touched });
  const breaks = buildBreaks({ ...table, rules: { acceptReasons: [], disputeDays: 30 }, links });
  const alongside = buildBaixasExport({ s3, bucket, config });
  const exporter = buildChangeExporter({ ddb, tableName, s3, bucket, config, touched, alongside });
  const exportNight = () => exporter.exportSnapshot({ asOf: clock.asOf, segment: 0, totalSegments: 1 });
  return { clock, store, breaks, exportNight, baixas: buildBaixasStore({ s3, bucket }) };
}

type World = Awaited<ReturnType<typeof worldOf>>;

/** The lines pulled so far, summed per receivable and component (zero sums left out). */
const postedOf = async (world: World) =>
  sumsOf((await pullLines(world.baixas, {})).lines, (line) => `${line.receivableKey} ${line.component}`);

/** What the receivables hold now, per receivable and component. */
async function bookOf(world: World) {
  const book = new Map<string, number>();
  for (const receivable of await world.store.scanAll()) {
    const amounts = postableOf(receivable);
    for (const c of POSTABLE_COMPONENTS) {
      if (amounts[c] !== undefined) book.set(`${receivable.key} ${COMPONENT_NAMES[c]}`, amounts[c]);
    }
  }
  return book;
}

describe('a manual match through the ERP export (dynalite, s3rver)', () => {
  it('posts the payment once, where it counts each night; an undo moves it back; a re-run adds nothing', async () => {
    const world = await worldOf();
    await world.store.applyRecords([
      forecast(late, hexHash('f'), 10_000, '2025-03-20'),
      settlement(mistyped, hexHash('p'), 10_000, '2025-03-21'),
    ]);
    await world.exportNight();
    const payment = `${keyOf(mistyped)} PAYMENT`;
    const forecastPaid = `${keyOf(late)} PAYMENT`;
    expect((await postedOf(world)).get(payment)).toBe(10_000);

    const decide = (request: Parameters<World['breaks']['decide']>[0]['request']) =>
      world.breaks.decide({ breakId: `r:${keyOf(mistyped)}`, request, actor: 'ana', asOf: world.clock.asOf });
    world.clock.asOf = '2025-04-02';
    await decide({ action: 'match', to: keyOf(late), reason: 'NSU digitado errado', note: 'extrato' });
    await world.exportNight();
    const matched = await postedOf(world);
    expect(matched).toEqual(await bookOf(world));
    expect(matched.get(payment)).toBeUndefined();
    expect(matched.get(forecastPaid)).toBe(10_000);
    const night = (await pullLines(world.baixas, { cursor: '2025-04-01' })).lines;
    expect(night.find((l) => l.receivableKey === keyOf(late))?.matchedWith).toBe(keyOf(mistyped));
    // The match's night again: the same lines.
    const pulled = await pullLines(world.baixas, {});
    await world.exportNight();
    expect(await pullLines(world.baixas, {})).toEqual(pulled);

    world.clock.asOf = '2025-04-03';
    await decide({ action: 'undo' });
    await world.exportNight();
    const undone = await postedOf(world);
    expect(undone).toEqual(await bookOf(world));
    expect(undone.get(payment)).toBe(10_000);
    expect(undone.get(forecastPaid)).toBeUndefined();
  }, 120_000);
});
