/**
 * The action list kept night to night, through the real local pipeline (simulator with lifecycle
 * records and traps, synthesized state machine, dynalite, s3rver): from the second night on it is
 * kept from the night's touched log, never scanned for, and it holds exactly the receivables the
 * table holds in an action state (read here by a plain Scan of every item), night after night and
 * across a re-run; a list that lost an entry is caught by the book's totals and rebuilt.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { type ActionEntry, entryOf, liveEntries } from '../../../lambdas/core/action-list/entries';
import { actionListKey, buildActionList, largestFromScan } from '../../../lambdas/core/action-list/store';
import { buildBookReader } from '../../../lambdas/core/book/reader';
import type { IsoDate } from '../../../lambdas/core/calendar';
import { buildTouchedLog } from '../../../lambdas/core/receivable-store/touched';
import { collect, scanPages } from '../../../lambdas/core/receivables/queries';
import type { LocalWorld } from '../../../local/simulated-world';
import { startLifecycleWorld } from '../../support/lifecycle-world';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const NIGHTS = [
  { from: '2025-01-01', to: '2025-01-31', asOf: '2025-02-01' },
  { from: '2025-02-01', to: '2025-02-28', asOf: '2025-03-01' },
  { from: '2025-03-01', to: '2025-03-31', asOf: '2025-04-01' },
] as const;

const byKey = (entries: readonly ActionEntry[]) => [...entries].sort((a, b) => a.k.localeCompare(b.k));

describe('the action list kept night to night', () => {
  it('holds what the table holds each night without scanning it, and is rebuilt when it disagrees with the book', async () => {
    world = await startLifecycleWorld({ graceDays: 3 }, 'traps');
    const { s3, dynamo, reconConfig: config } = world;
    const tableDeps = { ddb: dynamo.documentClient, tableName: dynamo.tableName, config };
    // Every receivable of the table, one page at a time, as the list would enter it.
    const scanned = async (asOf: IsoDate) =>
      liveEntries(
        (await collect(scanPages(tableDeps))).flatMap((r) => entryOf(r, asOf, config) ?? []),
        asOf,
      );
    const stored = async (asOf: IsoDate) => {
      const key = actionListKey(asOf);
      const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      const text = gunzipSync(await (object.Body?.transformToByteArray() ?? new Uint8Array())).toString();
      const entries = text.split('\n').flatMap((l) => (l ? [JSON.parse(l) as ActionEntry] : []));
      return { made: head.Metadata?.made, reason: head.Metadata?.reason, entries };
    };

    const made: (string | undefined)[] = [];
    for (const [i, night] of [...NIGHTS, { ...NIGHTS[2], force: true }].entries()) {
      const result = await world.run(night);
      expect(result.status, `night ${i}`).toBe('SUCCEEDED');
      const list = await stored(night.asOf);
      made.push(list.made);
      expect(byKey(list.entries), `night ${i}`).toEqual(byKey(await scanned(night.asOf)));
    }
    // The first night has no list to keep; every later one keeps it.
    expect(made).toEqual(['rebuilt', 'kept', 'kept', 'kept']);
    const last = await stored('2025-04-01');
    // Every state a receivable can need action in, so each path in and out of the list is taken.
    expect(new Set(last.entries.map((e) => e.s))).toEqual(
      new Set(['OVERDUE', 'UNDERPAID', 'OVERPAID', 'UNEXPECTED', 'CHARGED_BACK', 'UNLINKED']),
    );

    // A list that lost one entry (a write the log never heard of): the book's totals disagree.
    const lost = last.entries.find((e) => e.s === 'UNDERPAID') as ActionEntry;
    await s3.client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: actionListKey('2025-04-01'),
        Body: gzipSync(
          last.entries
            .filter((e) => e !== lost)
            .map((e) => JSON.stringify(e))
            .join('\n'),
        ),
      }),
    );
    const warnings: unknown[] = [];
    const actionList = buildActionList({
      ...tableDeps,
      s3: s3.client,
      bucket: s3.bucket,
      touched: buildTouchedLog({ s3: s3.client, bucket: s3.bucket }),
      warn: (message, details) => warnings.push({ message, ...details }),
    });
    const book = await buildBookReader({ ...tableDeps, now: () => new Date('2025-04-02T12:00:00Z') })(
      '2025-04-02',
      largestFromScan(tableDeps),
    );
    const next = await actionList.load('2025-04-02', new Map(book.attention.map((c) => [c.state, c.count])));
    expect(next.rebuilt).toMatch(/^UNDERPAID: \d+ kept, \d+ in the book's totals$/);
    expect(byKey(next.entries)).toEqual(byKey(await scanned('2025-04-02')));
    expect(next.entries.some((e) => e.k === lost.k)).toBe(true);
    expect(warnings).toHaveLength(1);
    expect((await stored('2025-04-02')).made).toBe('rebuilt');
  }, 300_000);
});
