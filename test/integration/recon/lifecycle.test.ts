/**
 * The receivable lifecycle through the real store on dynalite: records of every role (the
 * simulator's code assignment, local/simulator/universe/roles.ts), normalized from raw provider records, applied in two
 * orders and pagings and then applied again: the same receivables, the same account-level items, and
 * a second application writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { accountTotals, buildAccountStore } from '../../../lambdas/core/account-items/account-items';
import { parseReconConfig, type ReconConfig } from '../../../lambdas/core/config';
import type { CanonicalRecord, RecordSource } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { explain } from '../../../lambdas/core/receivables/status';
import { byKey, freshTable, localDynamoPerFile, storeFor, withoutHistory } from '../../support/recon-dynamo';

const ROLES = {
  recordRoles: {
    A2: 'CANCELLATION',
    A3: 'IGNORE',
    E1: {
      column: 'TIPOLANCAMENTO',
      values: { '06': 'CANCELLATION', '08': 'CHARGEBACK', '09': 'CHARGEBACK_REVERSAL' },
      default: 'ADJUSTMENT',
    },
    F1: 'ADVANCE',
    G1: 'FEE',
  },
  recordSign: { columns: ['SINAL'], negative: ['D', '-'], positive: ['C', '+'] },
};
const config = parseReconConfig(ROLES);
const clock = { asOf: '2025-04-12' };

const sale = (nsu: number) => ({
  ADQUIRENTE: '1',
  ESTABELECIMENTO: '1234',
  DTVENDA: '2025-03-01',
  NSU: String(nsu),
  CODAUTORIZACAO: `A${nsu}`,
  NRPARCELA: 1,
});
const a1 = (nsu: number, net: string) => ({
  TIPOREGISTRO: 'A1',
  ...sale(nsu),
  VLLIQUIDO: net,
  DTVENCIMENTO: '2025-04-01',
});
const a2 = (nsu: number, net: string) => ({ TIPOREGISTRO: 'A2', ...sale(nsu), VLLIQUIDO: net });
const d1 = (nsu: number, net: string) => ({
  TIPOREGISTRO: 'D1',
  ...sale(nsu),
  VLLIQUIDO: net,
  DTPAGAMENTO: '2025-04-01',
});
const e1 = (nsu: number | null, type: string, net: string, extra: Record<string, string> = {}) => ({
  TIPOREGISTRO: 'E1',
  ...(nsu === null ? { ADQUIRENTE: '1', ESTABELECIMENTO: '1234' } : sale(nsu)),
  TIPOLANCAMENTO: type,
  VLLIQUIDO: net,
  DTPAGAMENTO: '2025-04-08',
  ...extra,
});

const SALES = [
  a1(1, '100,00'),
  a2(1, '100,00'), // cancelled in full before payment
  a1(2, '100,00'),
  a2(2, '30,00'),
  a1(3, '100,00'),
  a1(4, '100,00'),
  a1(5, '100,00'),
  a1(7, '100,00'),
  { TIPOREGISTRO: 'A3', ...sale(9), VLLIQUIDO: '1,00' },
];
const FINANCIAL = [
  d1(2, '70,00'), // the rest of a partly cancelled sale
  d1(3, '100,00'),
  e1(3, '08', '-100,00'), // charged back
  d1(4, '100,00'),
  e1(4, '08', '100,00'),
  e1(4, '09', '100,00'), // and reversed
  {
    TIPOREGISTRO: 'F1',
    ...sale(5),
    VLLIQUIDO: '97,00',
    VLTAXA: '3,00',
    DTPAGAMENTO: '2025-03-20',
    DTVENCIMENTO: '2025-04-01',
  },
  e1(6, '06', '50,00'), // a cancellation of a sale recon has not seen
  e1(7, '01', '5,00', { SINAL: 'D', MOTIVO: 'TARIFA' }),
  d1(7, '95,00'),
  {
    TIPOREGISTRO: 'G1',
    ADQUIRENTE: '1',
    ESTABELECIMENTO: '1234',
    VLLIQUIDO: '-89,90',
    DTPAGAMENTO: '2025-04-08',
    MOTIVO: 'ALUGUEL POS',
  },
  e1(null, '02', '10,00', { SINAL: 'C', MOTIVO: 'AJUSTE CREDITO' }),
];

function normalized(
  raws: readonly Record<string, unknown>[],
  source: RecordSource,
  cfg: ReconConfig,
): CanonicalRecord[] {
  const normalizer = buildNormalizer(cfg);
  return raws.map((raw, line) => {
    const result = normalizer.normalize(raw, source, line);
    if (!result.ok) throw new Error(result.quarantined.detail);
    return result.record;
  });
}

const sales = (cfg: ReconConfig) =>
  normalized(SALES, { reportKind: 'sales', reportId: 's', page: 1, generatedOn: '2025-04-09' }, cfg);
const financial = (cfg: ReconConfig) =>
  normalized(FINANCIAL, { reportKind: 'financial', reportId: 'f', page: 1, generatedOn: '2025-04-10' }, cfg);

describe('receivable lifecycle on dynalite', () => {
  const stores = localDynamoPerFile();

  async function run(pages: readonly CanonicalRecord[][], cfg: ReconConfig = config) {
    const tableName = await freshTable(stores.dynamo);
    const store = storeFor(stores.dynamo.documentClient, tableName, cfg, clock);
    for (const page of pages) await store.applyRecords(page);
    const accounts = buildAccountStore({
      ddb: stores.dynamo.documentClient,
      tableName,
      reasonColumns: cfg.recordReasonColumns,
      now: () => new Date(),
    });
    return { store, accounts };
  }

  it('gives the same receivables and account items in any order, and a second application changes nothing', async () => {
    const forward = await run([sales(config), financial(config)]);
    const backward = await run([[...financial(config)].reverse(), [...sales(config)].reverse()]);
    const [a, b] = await Promise.all([forward, backward].map(async (r) => byKey(await r.store.scanAll())));
    expect((b ?? []).map(withoutHistory)).toEqual((a ?? []).map(withoutHistory));

    const states = Object.fromEntries(
      (a ?? []).map((r) => {
        const e = explain(r, clock.asOf, config);
        return [r.nsu, [e.status, e.reason, e.expectedNetCents, e.receivedNetCents, e.advanceFeeCents]];
      }),
    );
    expect(states).toEqual({
      '1': ['CANCELLED', 'CANCELLED_BEFORE_PAYMENT', 0, 0, 0],
      '2': ['SETTLED', 'PARTLY_CANCELLED', 7_000, 7_000, 0],
      '3': ['CHARGED_BACK', 'CHARGEBACK', 10_000, 0, 0],
      '4': ['SETTLED', 'EXACT', 10_000, 10_000, 0],
      '5': ['ADVANCED', 'ADVANCE', 10_000, 9_700, 300],
      '6': ['UNLINKED', 'CANCELLATION_WITHOUT_SALE', -5_000, 0, 0],
      '7': ['SETTLED', 'EXACT', 9_500, 9_500, 0],
    });
    // The stored state is the derived one, and the chargeback is listed with its date.
    expect((a ?? []).map((r) => r.status)).toEqual(
      Object.values(states).map((state) => (state as unknown[])[0]),
    );
    const charged = await forward.store.scanAll({ statuses: ['CHARGED_BACK'] });
    expect(charged.map((r) => [r.nsu, explain(r, clock.asOf, config).lastChargebackDate])).toEqual([
      ['3', '2025-04-08'],
    ]);

    for (const run of [forward, backward]) {
      const items = await run.accounts.list('1', '2025-04-01', '2025-04-30');
      expect(items.flatMap((i) => i.entries.map((e) => [e.role, e.netCents, e.reasonText]))).toEqual(
        expect.arrayContaining([
          ['FEE', 8_990, 'ALUGUEL POS'],
          ['ADJUSTMENT', 1_000, 'AJUSTE CREDITO'],
        ]),
      );
      expect(accountTotals(items)).toEqual([
        { acquirer: '1', date: '2025-04-08', feeCents: 8_990, adjustmentNetCents: 1_000, count: 2 },
      ]);
    }

    // The same pages again (a re-download): nothing is written.
    for (const page of [financial(config), sales(config)]) {
      expect(await forward.store.applyRecords(page)).toMatchObject({ changed: 0, writes: 0 });
    }
    expect(byKey(await forward.store.scanAll())).toEqual(a);
    // Everything re-delivered in a later report: the items note where they were seen (page counts),
    // but no record counts twice: every state and amount, and the account totals, stay the same.
    const later = { reportKind: 'financial', reportId: 'f2', page: 1, generatedOn: '2025-04-11' } as const;
    expect(await forward.store.applyRecords(normalized(FINANCIAL, later, config))).toMatchObject({
      changed: 0,
    });
    const explainAll = (list: readonly Receivable[]) => list.map((r) => explain(r, clock.asOf, config));
    expect(explainAll(byKey(await forward.store.scanAll()))).toEqual(explainAll(a ?? []));
    expect(accountTotals(await forward.accounts.list('1', '2025-04-01', '2025-04-30'))).toEqual(
      accountTotals(await backward.accounts.list('1', '2025-04-01', '2025-04-30')),
    );
  });

  it('without recordRoles applies only A1 and D1, as before roles existed', async () => {
    const plain = parseReconConfig({});
    const { store, accounts } = await run([sales(plain), financial(plain)], plain);
    const all = byKey(await store.scanAll());
    expect(all.map((r) => [r.nsu, r.status, r.events])).toEqual([
      ['1', 'OVERDUE', undefined],
      ['2', 'UNDERPAID', undefined],
      ['3', 'SETTLED', undefined],
      ['4', 'SETTLED', undefined],
      ['5', 'OVERDUE', undefined],
      ['7', 'UNDERPAID', undefined],
    ]);
    expect(await accounts.list('1', '2025-01-01', '2025-12-31')).toEqual([]);
  });
});
