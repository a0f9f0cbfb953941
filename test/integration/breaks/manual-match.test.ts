/**
 * Manual match on dynalite and s3rver: unexpected payments linked to the late forecast they pay,
 * through the breaks service and the receivable writer, with the book totals checked against a
 * recount after every step.
 */
import { describe, expect, it } from 'vitest';
import { buildTotalsStore } from '../../../lambdas/core/book/book-store';
import { type Cells, parseExpiring } from '../../../lambdas/core/book/cells';
import { countCells, trustedTotals } from '../../../lambdas/core/book/recount';
import { DecisionRefusedError } from '../../../lambdas/core/breaks/decision';
import { buildBreaks } from '../../../lambdas/core/breaks/service';
import { buildReceivableLinks } from '../../../lambdas/core/receivable-store/links';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { itemKey } from '../../../lambdas/core/receivables/item';
import { matchKeyOf } from '../../../lambdas/core/receivables/matcher';
import { toReceivableView } from '../../../lambdas/core/receivables/view';
import { freshTable, freshTouchedLog, localStoresPerFile, storeFor } from '../../support/recon-dynamo';
import { forecast, reconConfig, type SaleKey, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig();
const asOf = '2025-04-10';
const stores = localStoresPerFile();
const rules = { acceptReasons: ['arredondamento'], disputeDays: 30 };

const late = saleKey(1);
const mistyped = (nsu: string): SaleKey => ({ ...late, nsu, authorization: `X${nsu}` });
const first = mistyped('999001');
const second = mistyped('999002');
const elsewhere: SaleKey = { ...first, merchant: 'OTHER', nsu: '999003' };
const keyOf = (k: SaleKey) => matchKeyOf(k, config) as string;
const hash = (c: string) => c.repeat(64);

const records = [
  forecast(late, hash('a'), 10_000),
  settlement(first, hash('b'), 6_000),
  settlement(second, hash('c'), 4_000),
  settlement(elsewhere, hash('d'), 1_000),
];

type Send = (command: unknown) => Promise<unknown>;

async function world(wrap: (send: Send) => Send = (s) => s) {
  const { dynamo, s3 } = stores;
  const tableName = await freshTable(dynamo);
  const touched = await freshTouchedLog(s3);
  const clock = { asOf };
  const ingest = storeFor(dynamo.documentClient, tableName, config, clock, touched);
  await ingest.applyRecords(records);
  const send = dynamo.documentClient.send.bind(dynamo.documentClient) as Send;
  const ddb = { send: wrap(send) } as unknown as typeof dynamo.documentClient;
  const now = () => new Date('2025-04-10T15:00:00.000Z');
  const table = { ddb, tableName, config, now };
  const links = buildReceivableLinks({ ...table, asOf: () => clock.asOf, touched });
  const breaks = buildBreaks({ ...table, rules, links });
  const deps = { ddb: dynamo.documentClient, tableName, config };
  const totals = buildTotalsStore(deps);
  const nonZero = (cells: Cells) => Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== 0));
  return {
    clock,
    breaks,
    ingest,
    links,
    touched,
    read: async (k: SaleKey) => (await links.read(keyOf(k))) as Receivable,
    /** The book's totals (recounted when a write was in doubt), checked against a recount, by plain cell. */
    async book(): Promise<Cells> {
      const kept = nonZero((await trustedTotals({ ...deps, totals }, asOf)).cells);
      expect(kept).toEqual(nonZero(await countCells({ ...deps, totals }, asOf)));
      return Object.fromEntries(Object.entries(kept).map(([name, v]) => [parseExpiring(name).name, v]));
    },
  };
}

type World = Awaited<ReturnType<typeof world>>;

const matchRequest = (to: SaleKey) =>
  ({ action: 'match', to: keyOf(to), reason: 'NSU digitado errado', note: 'conferido no extrato' }) as const;

async function matchBoth(w: World) {
  for (const k of [first, second]) {
    await w.breaks.decide({ breakId: `r:${keyOf(k)}`, request: matchRequest(late), actor: 'ana', asOf });
  }
}

const money = (r: Receivable) => ({
  status: r.status,
  reason: r.reason,
  forecasts: r.forecasts.map((c) => [c.hash, c.netCents]),
  settlements: r.settlements.map((c) => [c.hash, c.netCents, c.origin]),
  mergedInto: r.mergedInto,
});
const settledCents = (cells: Cells) =>
  Object.entries(cells).reduce((sum, [name, v]) => (name.startsWith('s:') ? sum + v : sum), 0);

describe('manual match', () => {
  it('settles the late forecast with the mistyped payments, leaves no unexpected break, and undoes exactly', async () => {
    const w = await world();
    const before = await Promise.all([late, first, second].map(w.read));
    const bookBefore = await w.book();
    expect(before.map((r) => r.status)).toEqual(['OVERDUE', 'UNEXPECTED', 'UNEXPECTED']);

    await matchBoth(w);
    const [f, u1, u2] = await Promise.all([late, first, second].map(w.read));
    expect(f?.status).toBe('SETTLED');
    expect(f?.reason).toBe('PARTIAL_PAYMENTS');
    expect([u1?.status, u1?.mergedInto, u2?.status]).toEqual(['MERGED', keyOf(late), 'MERGED']);
    // The payment's own row (the lake's change log, the CLI's listing) counts none of its money.
    expect(toReceivableView(u1 as Receivable, asOf, config)).toMatchObject({
      status: 'MERGED',
      settledNetCents: 0,
      receivedNetCents: 0,
    });
    const listed = await w.breaks.list(asOf);
    expect(listed.filter((b) => ['NEW', 'PERSISTING', 'REOPENED'].includes(b.status))).toEqual([
      expect.objectContaining({ id: `r:${keyOf(elsewhere)}`, kind: 'UNEXPECTED' }),
    ]);
    expect(listed.find((b) => b.id === `r:${keyOf(first)}`)).toMatchObject({
      status: 'MATCHED',
      decision: { matchedTo: keyOf(late), reason: 'NSU digitado errado' },
    });
    const book = await w.book();
    // Every centavo once: the two payments and the other merchant's, none twice, none lost.
    expect(settledCents(book)).toBe(settledCents(bookBefore));
    expect(book['s:SETTLED']).toBe(10_000);
    expect(book['n:UNEXPECTED']).toBe(1);

    // A re-run of the same records writes nothing; a later report of the first payment follows it.
    expect((await w.ingest.applyRecords(records)).writes).toBe(0);
    const again = settlement(first, hash('b'), 6_000);
    const later = { ...again, source: { ...again.source, reportId: '2', generatedOn: '2025-04-09' } };
    await w.ingest.applyRecords([later]);
    expect((await w.read(late)).status).toBe('SETTLED');
    expect(settledCents(await w.book())).toBe(settledCents(bookBefore));

    for (const k of [first, second]) {
      await w.breaks.decide({ breakId: `r:${keyOf(k)}`, request: { action: 'undo' }, actor: 'bia', asOf });
    }
    const after = await Promise.all([late, first, second].map(w.read));
    expect(after.map(money)).toEqual(before.map(money));
    expect(await w.book()).toEqual(bookBefore);
    const actions = (await w.breaks.list(asOf)).filter(
      (b) => b.status === 'PERSISTING' || b.status === 'NEW',
    );
    expect(actions.map((b) => b.kind).sort()).toEqual(['LATE', 'UNEXPECTED', 'UNEXPECTED', 'UNEXPECTED']);
  });

  it('lets a backfill under the mistyped key follow the match, and undo take it back with the rest', async () => {
    const w = await world();
    await matchBoth(w);
    const settledBefore = settledCents(await w.book());
    const backfill = settlement(first, hash('f'), 300, '2025-04-02');
    await w.ingest.applyRecords([backfill]);
    expect([(await w.read(late)).status, (await w.read(first)).status]).toEqual(['OVERPAID', 'MERGED']);
    expect(settledCents(await w.book())).toBe(settledBefore + 300);
    expect((await w.ingest.applyRecords([backfill])).writes).toBe(0);
    for (const k of [first, second]) {
      await w.breaks.decide({ breakId: `r:${keyOf(k)}`, request: { action: 'undo' }, actor: 'bia', asOf });
    }
    const [f, u1] = await Promise.all([late, first].map(w.read));
    expect([f?.status, f?.settlements, u1?.status, u1?.settlements.length]).toEqual([
      'OVERDUE',
      [],
      'UNEXPECTED',
      2,
    ]);
    expect(settledCents(await w.book())).toBe(settledBefore + 300);
  });

  it('gives the payment its break back as first seen when the match is undone days later', async () => {
    const w = await world();
    const breakId = `r:${keyOf(first)}`;
    await w.breaks.decide({ breakId, request: matchRequest(late), actor: 'ana', asOf });
    const later = '2025-04-15';
    w.clock.asOf = later;
    await w.breaks.decide({ breakId, request: { action: 'undo' }, actor: 'bia', asOf: later });
    const back = (await w.breaks.list(later)).find((b) => b.id === breakId);
    expect([back?.status, back?.firstSeen]).toEqual(['PERSISTING', asOf]);
  });

  it('refuses a payment of another merchant, a late forecast as the payment, and a target that is not a forecast', async () => {
    const w = await world();
    const refusal = (from: SaleKey, to: SaleKey) =>
      w.breaks.decide({ breakId: `r:${keyOf(from)}`, request: matchRequest(to), actor: 'ana', asOf });
    await expect(refusal(elsewhere, late)).rejects.toMatchObject({ code: 'match-target' });
    await expect(refusal(late, late)).rejects.toBeInstanceOf(DecisionRefusedError);
    await expect(refusal(first, second)).rejects.toMatchObject({ code: 'match-target' });
    expect(await w.breaks.history(`r:${keyOf(elsewhere)}`)).toEqual([]);
    expect((await w.read(elsewhere)).status).toBe('UNEXPECTED');
  });

  it.each(['list', 'show'] as const)(
    'finishes a match whose process stopped between the two puts, at the next %s',
    async (reader) => {
      let failing = true;
      const forecastItem = JSON.stringify(itemKey(keyOf(late)));
      const w = await world((send) => async (command) => {
        const input = (command as { input?: { Item?: Record<string, unknown> } }).input;
        const put = input?.Item && JSON.stringify({ pk: input.Item.pk, sk: input.Item.sk });
        if (failing && put === forecastItem) throw new Error('process stopped');
        return send(command);
      });
      await expect(
        w.breaks.decide({ breakId: `r:${keyOf(first)}`, request: matchRequest(late), actor: 'ana', asOf }),
      ).rejects.toThrow('process stopped');
      // The payment is merged, its money in transit in its own item; the forecast has not got it yet.
      expect((await w.read(first)).status).toBe('MERGED');
      expect((await w.read(late)).status).toBe('OVERDUE');
      failing = false;
      await (reader === 'list' ? w.breaks.list(asOf) : w.breaks.show(`r:${keyOf(first)}`, asOf));
      expect((await w.read(late)).status).toBe('UNDERPAID');
      expect((await w.read(late)).settlements.map((s) => s.origin)).toEqual([keyOf(first)]);
      await w.book();
      // The forecast's break, paid short now, names the payment matched to it.
      const shown = await w.breaks.show(`r:${keyOf(late)}`, asOf);
      expect([shown?.view.kind, shown?.matchedFrom]).toEqual(['PAID_SHORT', [`r:${keyOf(first)}`]]);
    },
  );

  it('finishes an undo whose process stopped between the two puts, at the next list', async () => {
    let failing: string | undefined;
    const w = await world((send) => async (command) => {
      const input = (command as { input?: { Item?: Record<string, unknown> } }).input;
      const put = input?.Item && JSON.stringify({ pk: input.Item.pk, sk: input.Item.sk });
      if (put !== undefined && put === failing) throw new Error('process stopped');
      return send(command);
    });
    const breakId = `r:${keyOf(first)}`;
    await w.breaks.decide({ breakId, request: matchRequest(late), actor: 'ana', asOf });
    failing = JSON.stringify(itemKey(keyOf(first)));
    await expect(
      w.breaks.decide({ breakId, request: { action: 'undo' }, actor: 'bia', asOf }),
    ).rejects.toThrow('process stopped');
    // The forecast gave the payment back; the payment still says where it went.
    expect([(await w.read(late)).status, (await w.read(first)).status]).toEqual(['OVERDUE', 'MERGED']);
    failing = undefined;
    const listed = await w.breaks.list(asOf);
    expect([(await w.read(late)).status, (await w.read(first)).status]).toEqual(['OVERDUE', 'UNEXPECTED']);
    expect(listed.find((b) => b.id === breakId)?.status).toBe('NEW');
    await w.book();
  });

  it('counts a payment that later arrives under the forecast own key once, flagged as a conflict', async () => {
    const w = await world();
    await matchBoth(w);
    const settledBefore = settledCents(await w.book());
    await w.ingest.applyRecords([settlement(late, hash('e'), 10_000)]);
    const f = await w.read(late);
    expect([f.status, f.reason]).toEqual(['SETTLED', 'MATCH_CONFLICT']);
    // The forecast's own payment counts; the matched ones are set aside, never counted twice.
    expect(settledCents(await w.book())).toBe(settledBefore);
    // Undoing the match gives the mistyped payments back to their own receivables.
    await w.breaks.decide({ breakId: `r:${keyOf(first)}`, request: { action: 'undo' }, actor: 'bia', asOf });
    expect((await w.read(first)).status).toBe('UNEXPECTED');
    expect(settledCents(await w.book())).toBe(settledBefore + 6_000);
  });
});
