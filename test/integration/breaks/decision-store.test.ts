import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { breakEvent } from '../../../lambdas/core/breaks/break-entities';
import type { BreakEvent } from '../../../lambdas/core/breaks/chain';
import { DecisionConflictError } from '../../../lambdas/core/breaks/decision-store';
import { buildBreaks } from '../../../lambdas/core/breaks/service';
import { freshTable, localDynamoPerFile, storeFor } from '../../support/recon-dynamo';
import { forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig();
const asOf = '2025-04-10';
const stores = localDynamoPerFile();

/** A table with one receivable paid R$ 0,07 short, and the breaks over it (`ddb` may be wrapped). */
async function world(
  wrap: (send: (command: unknown) => Promise<unknown>) => (command: unknown) => Promise<unknown> = (s) => s,
  onEvent?: (event: BreakEvent) => Promise<void>,
) {
  const { dynamo } = stores;
  const tableName = await freshTable(dynamo);
  const key = saleKey(1);
  await storeFor(dynamo.documentClient, tableName, config, { asOf }).applyRecords([
    forecast(key, 'a'.repeat(64), 10_000),
    settlement(key, 'b'.repeat(64), 9_993),
  ]);
  const send = dynamo.documentClient.send.bind(dynamo.documentClient) as (
    command: unknown,
  ) => Promise<unknown>;
  const ddb = { send: wrap(send) } as unknown as typeof dynamo.documentClient;
  const breaks = buildBreaks({
    ddb,
    tableName,
    config,
    rules: { acceptReasons: ['arredondamento'], disputeDays: 30 },
    now: () => new Date('2025-04-10T15:00:00.000Z'),
    ...(onEvent ? { onEvent } : {}),
  });
  const [only] = await breaks.list(asOf);
  if (!only) throw new Error('expected one break');
  return { breaks, id: only.id, tableName };
}

const accept = { action: 'accept', reason: 'arredondamento', note: 'centavos' } as const;

describe('decisions on dynalite', () => {
  it("copies to the lake an event whose copy failed after it was written, once, with the next decision or the night's sweep", async () => {
    const lake = new Map<string, string>();
    let refusals = 1;
    const { breaks, id } = await world(undefined, async (event) => {
      if (refusals > 0) {
        refusals -= 1;
        throw new Error('bucket refused the put');
      }
      lake.set(`v${event.version}`, event.hash);
    });
    await expect(
      breaks.decide({ breakId: id, request: accept, actor: 'ana', expected: 0, asOf }),
    ).rejects.toThrow('bucket refused the put');
    // The decision stands in the table; the lake does not have it yet.
    expect(await breaks.history(id)).toHaveLength(1);
    expect(lake.size).toBe(0);
    expect(await breaks.copyPending()).toBe(1);
    expect([...lake.keys()]).toEqual(['v1']);
    expect(await breaks.copyPending()).toBe(0);

    // A decision whose copy fails leaves it pending; the next decision takes it along.
    refusals = 1;
    await expect(
      breaks.decide({ breakId: id, request: { action: 'undo' }, actor: 'ana', asOf }),
    ).rejects.toThrow();
    await breaks.decide({ breakId: id, request: { action: 'treat', note: 'ligar' }, actor: 'bia', asOf });
    expect([...lake.keys()].sort()).toEqual(['v1', 'v2', 'v3']);
    const hashes = (await breaks.history(id)).map((e) => e.hash);
    expect(hashes).toEqual(['v1', 'v2', 'v3'].map((v) => lake.get(v)));
    expect(await breaks.copyPending()).toBe(0);
  });

  it('lets one of two people deciding on the same version win; the other is told and changes nothing', async () => {
    const { breaks, id } = await world();
    const outcomes = await Promise.allSettled([
      breaks.decide({ breakId: id, request: accept, actor: 'ana', expected: 0, asOf }),
      breaks.decide({
        breakId: id,
        request: { action: 'treat', note: 'ligar' },
        actor: 'bia',
        expected: 0,
        asOf,
      }),
    ]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(DecisionConflictError);
    expect(await breaks.history(id)).toHaveLength(1);
    expect(await breaks.verify()).toMatchObject({ breaks: 1, events: 1, problems: [] });
  });

  it('repairs a decision whose process stopped between its event and its projection', async () => {
    let crash = true;
    const { breaks, id } = await world((send) => async (command) => {
      const item = (command as { input?: { Item?: { pk?: string } } }).input?.Item;
      if (crash && command instanceof PutCommand && item?.pk === 'BREAKS') throw new Error('killed');
      return send(command);
    });
    await expect(breaks.decide({ breakId: id, request: accept, actor: 'ana', asOf })).rejects.toThrow(
      'killed',
    );
    crash = false;
    // The event is there and the projection is brought up to it by the next reader.
    const shown = await breaks.show(id, asOf);
    expect(shown?.view).toMatchObject({ status: 'ACCEPTED', version: 1 });
    expect(shown?.events.map((e) => e.actor)).toEqual(['ana']);
    const next = await breaks.decide({
      breakId: id,
      request: { action: 'undo' },
      actor: 'bia',
      expected: 1,
      asOf,
    });
    expect(next.view).toMatchObject({ status: 'NEW', version: 2 });
    expect(await breaks.verify()).toMatchObject({ events: 2, problems: [] });
  });

  it('finds an event altered in the table, naming the break and the version', async () => {
    const { breaks, id, tableName } = await world();
    await breaks.decide({ breakId: id, request: accept, actor: 'ana', asOf });
    await breaks.decide({ breakId: id, request: { action: 'undo' }, actor: 'ana', asOf });
    await stores.dynamo.documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: breakEvent.key(id, 1),
        UpdateExpression: 'SET actor = :who',
        ExpressionAttributeValues: { ':who': 'mallory' },
      }),
    );
    expect((await breaks.verify()).problems).toEqual([
      { breakId: id, version: 1, problem: 'altered: its content does not match its hash' },
    ]);
  });
});
