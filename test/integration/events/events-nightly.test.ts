/**
 * The night's events through the real local pipeline (simulator, synthesized state machine, real
 * steps, dynalite, s3rver), written to a file per night as `recon run` writes them (in parts, as the
 * bus gets them), one per change: a re-run of the night rewrites the same lines, the next night repeats none of them, a decision taken between the
 * nights is that next night's event, and no secret is in any of them.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { entryOf, entrySize } from '../../../lambdas/core/events/batches';
import { changesOf } from '../../../lambdas/core/events/parts';
import { readEventsSince } from '../../../local/events-file';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';
import { eventLines } from '../../support/event-lines';
import { breaksOf } from '../../support/local-breaks';
import { leaks } from '../../support/secret-sweep';

const PERIOD = { from: '2025-01-01', to: '2025-03-31' } as const;
const FIRST = '2025-04-01';
const NEXT = '2025-04-02';

let world: LocalWorld | undefined;
let eventsDir: string | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
  if (eventsDir) await rm(eventsDir, { recursive: true, force: true });
});

describe("the night's events through the local pipeline", () => {
  it('are written once per change: a re-run adds nothing, the next night repeats none, a decision is its event', async () => {
    eventsDir = await mkdtemp(join(tmpdir(), 'recon-events-'));
    world = await startLocalWorld({
      mode: 'production',
      workflow: { pagesPerBatch: 2 },
      simulator: {
        seed: 5,
        credentials: { email: 'financeiro@empresa.example', apiToken: 'tkn-Zq81vXw4-events-secret' },
        dataset: { sales: 60, from: '2025-01-01', to: '2025-01-31', recordsPerPage: 100, lifecycle: true },
        timing: { waitingMs: 5, processingMs: 10 },
      },
      recon: { recordRoles: SIMULATOR_RECORD_ROLES, recordSign: SIMULATOR_RECORD_SIGN, graceDays: 3 },
      eventsDir,
    });
    const run = async (asOf: string, force = false) => {
      const result = await world?.run({ ...PERIOD, asOf, ...(force ? { force } : {}) });
      expect(result?.status).toBe('SUCCEEDED');
      return readFile(join(eventsDir ?? '', `${asOf}.jsonl`), 'utf8');
    };

    const first = await run(FIRST);
    // The file holds the night's parts, as the bus gets them: a few per type, each within one billed 64 KB.
    const parts = eventLines(first);
    for (const part of parts) expect(entrySize(entryOf('recon-events', part))).toBeLessThanOrEqual(64 * 1024);
    const night = changesOf(parts);
    expect(parts.length).toBeLessThan(night.length / 10);
    const types = new Set(night.map((e) => e.type));
    expect([...types].sort()).toEqual(['recon.break.opened', 'recon.receivable.state-changed']);
    expect(new Set(night.map((e) => e.id)).size).toBe(night.length);
    expect(night.every((e) => e.specversion === '1.0' && e.source === 'urn:recon:production')).toBe(true);
    // Every receivable the night wrote, once; every break of the morning, opened once.
    const breaks = breaksOf(world, '2025-04-01T15:00:00.000Z');
    const morning = await breaks.list(FIRST);
    const opened = night.filter((e) => e.type === 'recon.break.opened').map((e) => e.subject);
    expect(opened.sort()).toEqual(morning.map((b) => b.id).sort());
    const receivables = await world.receivables(FIRST);
    expect(night.filter((e) => e.type === 'recon.receivable.state-changed')).toHaveLength(receivables.length);

    // A re-run of the night: the same file, byte for byte.
    const again = await run(FIRST, true);
    expect(again).toBe(first);

    // A decision between the nights is the next night's event; what the first night said is not said again.
    const target = morning[0];
    if (!target) throw new Error('the lifecycle world has breaks');
    await breaks.decide({
      breakId: target.id,
      request: { action: 'treat', note: 'cobrado da adquirente', assignee: 'ana' },
      actor: 'ana',
      asOf: FIRST,
    });
    // The same period again (forced past its run marker), as the next night re-reads an overlapping window.
    const next = changesOf(eventLines(await run(NEXT, true)));
    const decided = next.filter((e) => e.type === 'recon.decision.taken');
    expect(decided).toEqual([
      expect.objectContaining({
        subject: target.id,
        time: '2025-04-01T15:00:00.000Z',
        data: expect.objectContaining({ action: 'treat', actor: 'ana', status: 'IN_TREATMENT', version: 1 }),
      }),
    ]);
    const firstIds = new Set(night.map((e) => e.id));
    expect(next.filter((e) => firstIds.has(e.id))).toEqual([]);
    expect(next.filter((e) => e.type === 'recon.break.opened' && e.subject === target.id)).toEqual([]);

    // `recon events --since` reads them: each once, in night order.
    const all = await readEventsSince(eventsDir, FIRST);
    expect(all.map((e) => e.id)).toEqual([...night, ...next].map((e) => e.id));
    expect(await readEventsSince(eventsDir, NEXT)).toEqual(next);

    const texts = { first, next: JSON.stringify(next) };
    expect(leaks(texts, ['tkn-Zq81vXw4-events-secret'])).toEqual([]);
  }, 300_000);
});
