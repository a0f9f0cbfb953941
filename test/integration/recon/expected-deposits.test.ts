/**
 * Expected deposits through the real store on dynalite (docs/deposits.md, "Expected deposits"):
 * payments, an advance, a chargeback, account-level fees, records with and without bank columns,
 * written in two orders, with repetitions. The reader's answer equals the hand-computed one either
 * way, the kept totals equal a recount, and the reader sends no Scan (only the totals read and one
 * Query per acquirer: work proportional to the range, not to the book).
 */
import { describe, expect, it } from 'vitest';
import { buildAccountStore } from '../../../lambdas/core/account-items/account-items';
import { buildTotalsStore } from '../../../lambdas/core/book/book-store';
import { type ExpectedDeposits, readExpectedDeposits } from '../../../lambdas/core/book/expected-deposits';
import { unexpired } from '../../../lambdas/core/book/expiry';
import { countCells } from '../../../lambdas/core/book/recount';
import type { IsoDate } from '../../../lambdas/core/calendar';
import type { CanonicalRecord, RecordCode } from '../../../lambdas/core/ingest/records/canonical';
import { freshTable, localDynamoPerFile, storeFor } from '../../support/recon-dynamo';
import { canonical, type RecordSpec, reconConfig, saleKey } from '../../support/recon-records';

const config = reconConfig({
  recordRoles: { E1: 'CHARGEBACK', F1: 'ADVANCE', G1: 'FEE' },
});
const ITAU = { code: '0341', branch: '0001-9', account: '12345-6' };
const BB = { code: '1', branch: '2', account: '777' };

const rec = (
  type: RecordCode,
  n: number,
  hash: string,
  netCents: number,
  paymentDate: IsoDate,
  extra: Partial<RecordSpec> = {},
) => canonical({ type, key: saleKey(n), hash, netCents, paymentDate, ...extra });

// saleKey(n): acquirer ACQ<n % 3>.
const RECORDS: CanonicalRecord[] = [
  rec('A1', 1, 'a1', 10_000, null as unknown as IsoDate),
  rec('D1', 1, 'd1', 10_000, '2025-04-01', { bank: ITAU }),
  rec('A1', 4, 'a4', 5_000, null as unknown as IsoDate),
  rec('D1', 4, 'd4', 5_000, '2025-04-01', { bank: ITAU }),
  rec('A1', 2, 'a2', 5_000, null as unknown as IsoDate),
  rec('F1', 2, 'f2', 4_900, '2025-03-25', { bank: BB, feeCents: 100 }), // advance, fee already out
  rec('E1', 1, 'e1', 2_000, '2025-04-02'), // names no account: its payment's
  rec('D1', 7, 'd7', 3_000, '2025-04-02'), // names no account: without account
  rec('G1', 1, 'g1', 150, '2025-04-01'), // ACQ1's only deposit that day
  rec('G1', 2, 'g2', 80, '2025-04-03', { bank: BB }), // its own account, no payment that day
  rec('G1', 7, 'g7', 40, '2025-04-05'), // no deposit that day, no account
  rec('D1', 5, 'd5', 999, '2025-05-20', { bank: BB }), // outside the range
];

const ITAU_ID = '341/1/123456';
const BB_ID = '1/2/777';
const deposit = (
  paymentDate: string,
  acquirer: string,
  bankAccount: string,
  paid: number,
  deducted: number,
) => ({
  paymentDate,
  acquirer,
  bankAccount,
  group: '',
  paidCents: paid,
  deductedCents: deducted,
  expectedCents: paid - deducted,
});

const EXPECTED: ExpectedDeposits = {
  deposits: [
    deposit('2025-03-25', 'ACQ2', BB_ID, 4_900, 0),
    deposit('2025-04-01', 'ACQ1', ITAU_ID, 15_000, 150),
    deposit('2025-04-02', 'ACQ1', ITAU_ID, 0, 2_000),
    deposit('2025-04-03', 'ACQ2', BB_ID, 0, 80),
  ],
  withoutAccount: [
    { paymentDate: '2025-04-02', acquirer: 'ACQ1', group: '', paidCents: 3_000, deductedCents: 0 },
    { paymentDate: '2025-04-05', acquirer: 'ACQ1', group: '', paidCents: 0, deductedCents: 40 },
  ],
};

/** A deterministic shuffle (no randomness in a test that must fail the same way every time). */
const shuffled = <T>(list: readonly T[]) =>
  list
    .map((x, i) => [(i * 7 + 3) % list.length, x] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, x]) => x);

describe('expected deposits (dynalite)', () => {
  const stores = localDynamoPerFile();

  async function world() {
    const tableName = await freshTable(stores.dynamo);
    const commands: string[] = [];
    const real = stores.dynamo.documentClient;
    const ddb = {
      send: ((command: { constructor: { name: string } }) => {
        commands.push(command.constructor.name);
        return real.send(command as never);
      }) as typeof real.send,
    };
    const totals = buildTotalsStore({ ddb, tableName });
    await totals.replace({}, await totals.read()); // a new table: trusted from the start
    const clock = { asOf: '2025-04-05' };
    const store = storeFor(ddb, tableName, config, clock);
    const accounts = buildAccountStore({ ddb, tableName, reasonColumns: [], now: () => new Date() });
    const deps = { ddb, tableName, config, totals, accounts };
    const read = () =>
      readExpectedDeposits(deps, { asOf: '2025-04-10', from: '2025-03-20', to: '2025-04-10' });
    return { store, deps, totals, commands, read };
  }

  it('equals the hand-computed deposits in any order and repetition; kept totals equal a recount', async () => {
    const inOrder = await world();
    await inOrder.store.applyRecords(RECORDS);
    const shuffledWorld = await world();
    for (const record of shuffled(RECORDS)) await shuffledWorld.store.applyRecords([record]);
    await shuffledWorld.store.applyRecords([...RECORDS].reverse()); // re-delivered: changes nothing
    for (const w of [inOrder, shuffledWorld]) {
      expect(await w.read()).toEqual(EXPECTED);
      const kept = (await w.totals.load())?.cells ?? {};
      expect(unexpired(kept, '2025-04-10')).toEqual(await countCells(w.deps, '2025-04-10'));
    }
  });

  it('reads the totals (one Query over their shards) and one Query per acquirer: never a Scan', async () => {
    const w = await world();
    await w.store.applyRecords(RECORDS);
    w.commands.length = 0;
    expect((await w.read()).deposits).toHaveLength(4);
    // The totals' shards, then ACQ1 and ACQ2 (the only acquirers with deposit cells): one Query each.
    expect(w.commands.sort()).toEqual(['QueryCommand', 'QueryCommand', 'QueryCommand']);
  });
});
