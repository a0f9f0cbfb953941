/**
 * The receivable writer when an answer is lost: a put that landed and was sent again by the SDK
 * meets its own write, and must be reported to the totals once; when the writer
 * cannot tell (the item moved on, or another error), the write is in doubt, never silently dropped.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { WriteObserver } from '../../../lambdas/core/book/recorder';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { buildReceivableWriter, type Decide } from '../../../lambdas/core/receivable-store/writer';
import type { Receivable } from '../../../lambdas/core/receivables/item';
import { applyRecords, matchKeyOf, type ReceivableContent } from '../../../lambdas/core/receivables/matcher';
import { firstOf, losingAnswers } from '../../support/lost-answer';
import { forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig();
const ASOF = '2025-04-01';
type Item = Record<string, unknown>;

const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), {
    name: 'ConditionalCheckFailedException',
    $metadata: { attempts: 1 },
  });

/** An in-memory table answering Get and the writer's two conditional puts. */
function memoryTable() {
  const items = new Map<string, Item>();
  const send = async (command: unknown) => {
    if (command instanceof GetCommand) {
      const item = items.get(String(command.input.Key?.pk));
      return { Item: item && structuredClone(item) };
    }
    if (command instanceof PutCommand) {
      const item = command.input.Item as Item;
      const stored = items.get(String(item.pk));
      const seen = command.input.ExpressionAttributeValues?.[':seen'];
      const free = seen === undefined ? stored === undefined : stored?.version === seen;
      if (!free) throw conditionFailed();
      items.set(String(item.pk), structuredClone(item));
      return {};
    }
    throw new Error('unexpected command');
  };
  return { items, ddb: { send: send as never } };
}

function recordingObserver() {
  const written: [Receivable | undefined, Receivable][] = [];
  let doubts = 0;
  const observer: WriteObserver = {
    beforeWrite: async () => {},
    written: (before, after) => {
      written.push([before, after]);
    },
    inDoubt: () => {
      doubts += 1;
    },
  };
  return { observer, written, doubts: () => doubts };
}

/** Adds `records` to the receivable, as the store decides (nothing when already there). */
const adding =
  (records: CanonicalRecord[]): Decide =>
  (current) => {
    const next = applyRecords(current, records, config).receivable;
    return next === undefined || next === current ? undefined : (next as ReceivableContent);
  };

const isPut = (command: unknown) => command instanceof PutCommand;
const KEY = saleKey(1);
/** The receivable's match key (the records' own). */
const key = matchKeyOf(forecast(KEY, 'a1'), config) as string;

function writerOver(ddb: { send: never }) {
  return buildReceivableWriter({ ddb, tableName: 't', config, now: () => new Date(`${ASOF}T12:00:00Z`) });
}

/** A receivable with its forecast stored (version 1), written without faults. */
async function storedForecast(table: ReturnType<typeof memoryTable>) {
  const writer = writerOver(table.ddb);
  const outcome = await writer.update(key, undefined, ASOF, adding([forecast(KEY, 'a1')]));
  return outcome.receivable;
}

describe('receivable writer, lost answers', () => {
  it('counts once a settling put that landed and met itself on the SDK retry', async () => {
    const table = memoryTable();
    const seen = await storedForecast(table);
    const losing = losingAnswers(table.ddb, firstOf(isPut));
    const { observer, written, doubts } = recordingObserver();
    const outcome = await writerOver(losing.ddb as never).update(
      key,
      seen,
      ASOF,
      adding([settlement(KEY, 'd1')]),
      observer,
    );
    expect(losing.lost()).toBe(1);
    expect(outcome.written).toBe(true);
    expect(outcome.receivable?.status).toBe('SETTLED');
    expect(written.map(([before, after]) => [before?.status, after.status])).toEqual([['OPEN', 'SETTLED']]);
    expect(doubts()).toBe(0);
  });

  it('counts once a new receivable whose put answer was lost', async () => {
    const table = memoryTable();
    const losing = losingAnswers(table.ddb, firstOf(isPut));
    const { observer, written } = recordingObserver();
    const outcome = await writerOver(losing.ddb as never).update(
      key,
      undefined,
      ASOF,
      adding([forecast(KEY, 'a1')]),
      observer,
    );
    expect(outcome.written).toBe(true);
    expect(written.map(([before, after]) => [before, after.version])).toEqual([[undefined, 1]]);
  });

  it('is in doubt when another writer moved the item on before the retry', async () => {
    const table = memoryTable();
    const seen = await storedForecast(table);
    // Between our landed put (version 2) and the SDK's retry, another writer writes version 3.
    const interloper = async () => {
      const item = table.items.get(`RCV#${key}`) as Item;
      table.items.set(`RCV#${key}`, { ...item, version: 3, wt: 'theirs' });
    };
    const losing = losingAnswers(table.ddb, firstOf(isPut), interloper);
    const { observer, written, doubts } = recordingObserver();
    await writerOver(losing.ddb as never).update(key, seen, ASOF, adding([settlement(KEY, 'd1')]), observer);
    expect(doubts()).toBe(1);
    expect(written).toEqual([]);
  });

  it('is not in doubt when a put sent once lost the race to two other writes', async () => {
    const table = memoryTable();
    const seen = await storedForecast(table);
    const item = table.items.get(`RCV#${key}`) as Item;
    table.items.set(`RCV#${key}`, { ...item, version: 3 }); // two writes since our read
    const { observer, written, doubts } = recordingObserver();
    const outcome = await writerOver(table.ddb).update(
      key,
      seen,
      ASOF,
      adding([settlement(KEY, 'd1')]),
      observer,
    );
    expect(doubts()).toBe(0);
    expect(outcome).toMatchObject({ written: true, conflicts: 1 });
    expect(written.map(([before, after]) => [before?.version, after.version])).toEqual([[3, 4]]);
  });

  it('is in doubt, and fails, when a put ends in another error (it may land all the same)', async () => {
    const table = memoryTable();
    const timeout = Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
    const ddb = { send: (async () => Promise.reject(timeout)) as never };
    const { observer, doubts } = recordingObserver();
    await expect(
      writerOver(ddb).update(key, undefined, ASOF, adding([forecast(KEY, 'a1')]), observer),
    ).rejects.toThrow('socket hang up');
    expect(doubts()).toBe(1);
    expect(table.items.size).toBe(0);
  });
});
