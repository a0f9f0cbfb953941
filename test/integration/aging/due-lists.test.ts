/**
 * Aging's due lists on dynalite: the keys a night left OPEN come back whole from the gzipped form,
 * a list stored by an earlier version (plain `keys`) still reads, and the gzipped item is a fraction
 * of the plain one (a put is billed per KB of the item).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { itemBytes } from '../../../bench/write-attribution';
import { buildDueLists, packKeys } from '../../../lambdas/core/aging/due-lists';
import { freshTable, localDynamoPerFile } from '../../support/recon-dynamo';

const stores = localDynamoPerFile();

/** Match keys as the simulator makes them: a few merchants, random NSUs and authorizations. */
function matchKeys(n: number, dueDate: string): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let seed = 7;
  const next = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed;
  };
  return Array.from({ length: n }, () => {
    const auth = Array.from({ length: 6 }, () => alphabet[next() % alphabet.length]).join('');
    const day = String(1 + (next() % 28)).padStart(2, '0');
    const merchant = ['1023456', '3011122', '5550001'][next() % 3];
    return `STONE|${merchant}|${dueDate.slice(0, 8)}${day}|${100_000 + (next() % 900_000)}|${auth}|${1 + (next() % 3)}`;
  });
}

function dueListsOn(tableName: string, openByDue: Map<string, Set<string>>) {
  return buildDueLists({
    ddb: stores.dynamo.documentClient,
    tableName,
    retentionDays: 90,
    touched: {
      openByDueOf: async () => openByDue,
      datesBetween: async () => ['2025-04-01'],
    },
  });
}

describe("aging's due lists", () => {
  it('give back every key a night listed, from the gzipped form', async () => {
    const tableName = await freshTable(stores.dynamo);
    const keys = matchKeys(3_200, '2025-05-01');
    const lists = dueListsOn(tableName, new Map([['2025-05-10', new Set(keys)]]));
    await lists.gather('2025-04-01', 3);
    expect([...(await lists.keysDue('2025-05-10'))].sort()).toEqual([...new Set(keys)].sort());
    expect(await lists.keysDue('2025-05-11')).toEqual(new Set());
  });

  it('still read a list an earlier version stored as plain keys', async () => {
    const tableName = await freshTable(stores.dynamo);
    await stores.dynamo.documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: { pk: 'DUE#2025-05-10', sk: '2025-03-31#0000', keys: ['A|1', 'B|2'], expiresAt: 1_800_000_000 },
      }),
    );
    const lists = dueListsOn(tableName, new Map([['2025-05-10', new Set(['C|3'])]]));
    await lists.gather('2025-04-01', 3);
    expect([...(await lists.keysDue('2025-05-10'))].sort()).toEqual(['A|1', 'B|2', 'C|3']);
  });

  it('bill a fraction of the plain keys', () => {
    const keys = matchKeys(1_500, '2025-05-01').sort();
    const plain = itemBytes({ pk: 'DUE#2025-05-10', sk: '2025-04-01#0000', keys, expiresAt: 1_800_000_000 });
    const packed = itemBytes({
      pk: 'DUE#2025-05-10',
      sk: '2025-04-01#0000',
      kz: packKeys(keys),
      expiresAt: 1_800_000_000,
    });
    expect(packed).toBeLessThan(plain / 2);
  });
});
