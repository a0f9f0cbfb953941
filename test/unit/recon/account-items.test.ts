/**
 * The account-level store on its table entity: items of different (acquirer, merchant, date) are
 * written side by side, each item stays one read-merge-write under its version (so two applications
 * racing on one item still count every record once), and a malformed item fails loudly.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { accountTotals, buildAccountStore } from '../../../lambdas/core/account-items/account-items';
import { parseReconConfig } from '../../../lambdas/core/config';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';
import { MalformedItemError } from '../../../lambdas/core/store/entity';

const config = parseReconConfig({ recordRoles: { G1: 'FEE' } });

const fee = (merchant: string, day: string, net: string) => {
  const result = buildNormalizer(config).normalize(
    {
      TIPOREGISTRO: 'G1',
      ADQUIRENTE: '1',
      ESTABELECIMENTO: merchant,
      VLLIQUIDO: net,
      DTPAGAMENTO: `2025-04-${day}`,
      MOTIVO: 'ALUGUEL POS',
    },
    { reportKind: 'financial', reportId: 'f', page: 1, generatedOn: '2025-04-10' },
    0,
  );
  if (!result.ok) throw new Error(result.quarantined.detail);
  return { record: result.record, role: 'FEE' as const, sign: 1 as const };
};

/** An in-memory table that honours the two conditions the store uses, and counts Gets in flight. */
function fakeTable() {
  const items = new Map<string, Record<string, unknown>>();
  const id = (key: { pk: unknown; sk: unknown }) => `${key.pk}|${key.sk}`;
  const stats = { inFlight: 0, maxInFlight: 0 };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
  const send = async (command: unknown) => {
    if (command instanceof GetCommand) {
      stats.inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      await tick();
      stats.inFlight -= 1;
      return { Item: items.get(id(command.input.Key as { pk: string; sk: string })) };
    }
    if (command instanceof PutCommand) {
      const item = command.input.Item as { pk: string; sk: string; version: number };
      const current = items.get(id(item));
      const seen = command.input.ExpressionAttributeValues?.[':seen'];
      if (current ? current.version !== seen : seen !== undefined) {
        throw Object.assign(new Error('conditional'), { name: 'ConditionalCheckFailedException' });
      }
      items.set(id(item), item);
      return {};
    }
    if (command instanceof QueryCommand) {
      return { Items: [...items.values()].sort((a, b) => String(a.sk).localeCompare(String(b.sk))) };
    }
    throw new Error('unexpected command');
  };
  return { items, stats, ddb: { send } as never };
}

const storeOn = (table: ReturnType<typeof fakeTable>) =>
  buildAccountStore({ ddb: table.ddb, tableName: 't', reasonColumns: ['MOTIVO'], now: () => new Date(0) });

describe('account-level items', () => {
  it('writes the items of different places side by side', async () => {
    const table = fakeTable();
    const records = ['1', '2', '3', '4'].map((m) => fee(m, '08', '-89,90'));
    expect(await storeOn(table).apply(records, '2025-04-12')).toEqual({ changed: 4, writes: 4 });
    expect(table.stats.maxInFlight).toBeGreaterThan(1);
    expect(table.items.size).toBe(4);
  });

  it('counts every record once when two applications race on one item', async () => {
    const table = fakeTable();
    const store = storeOn(table);
    const records = [fee('1', '08', '-89,90'), fee('1', '08', '-10,00'), fee('2', '09', '-5,00')];
    await Promise.all([
      store.apply(records, '2025-04-12'),
      store.apply([...records].reverse(), '2025-04-12'),
    ]);
    expect(accountTotals(await store.list('1', '2025-04-01', '2025-04-30'))).toEqual([
      { acquirer: '1', date: '2025-04-08', feeCents: 9_990, adjustmentNetCents: 0, count: 2 },
      { acquirer: '1', date: '2025-04-09', feeCents: 500, adjustmentNetCents: 0, count: 1 },
    ]);
  });

  it('refuses a malformed item instead of spreading it', async () => {
    const table = fakeTable();
    const store = storeOn(table);
    await store.apply([fee('1', '08', '-89,90')], '2025-04-12');
    for (const item of table.items.values()) item.i = { h: { r: 'RENT', n: 'x' } };
    await expect(store.list('1', '2025-04-01', '2025-04-30')).rejects.toThrow(MalformedItemError);
    await expect(store.apply([fee('1', '08', '-1,00')], '2025-04-12')).rejects.toThrow(
      /malformed accountItem/,
    );
  });
});
