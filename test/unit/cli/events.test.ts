/**
 * `recon events` in-process: the nights' files in the data directory (parts, as the bus gets them)
 * printed as one JSON line per change from a night on, each id once (a night that repeats an
 * earlier one's change prints nothing new), by type.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../../cli/runner/data-dir';
import { type CloudEvent, cloudEvent, type EventType } from '../../../lambdas/core/events/envelope';
import { inParts } from '../../../lambdas/core/events/parts';
import { eventsFileSink } from '../../../local/events-file';
import { eventLines } from '../../support/event-lines';
import { cli } from './harness';

let dataDir: string;

const event = (type: EventType, subject: string, change: string): CloudEvent =>
  cloudEvent({ environment: 'sandbox', type, subject, change, time: '2025-04-01T00:00:00-03:00', data: {} });

const OPENED = event('recon.break.opened', 'r:A', '2025-04-01');
const SETTLED = event('recon.receivable.state-changed', 'A', '2025-04-01|SETTLED');
const DECIDED = event('recon.decision.taken', 'r:A', 'v1');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recon-events-cli-'));
  const paths = dataPaths(dataDir, 'sandbox');
  // A data directory as `recon run` leaves it (the listing refuses a directory without local state).
  await mkdir(paths.dynamodb, { recursive: true });
  const sink = eventsFileSink(paths.events);
  // The file holds the night's parts, as the bus gets them.
  await sink('2025-04-01', inParts('sandbox', '2025-04-01', [OPENED, SETTLED]));
  // A re-run of the first night after the second ran (a backfill) repeats an event of its own.
  await sink('2025-04-02', inParts('sandbox', '2025-04-02', [DECIDED, OPENED]));
  return () => rm(dataDir, { recursive: true, force: true });
});

const events = (...args: string[]) => cli(['events', '--data-dir', dataDir, '--env', 'sandbox', ...args]);

describe('recon events', () => {
  it('prints every change of the nights since the date, each id once, in night order', async () => {
    const { code, stdout, stderr } = await events('--since', '2025-04-01');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(eventLines(stdout)).toEqual([OPENED, SETTLED, DECIDED]);
  });

  it('starts at the night given and keeps one type', async () => {
    expect(eventLines((await events('--since', '2025-04-02')).stdout)).toEqual([DECIDED, OPENED]);
    expect(
      eventLines((await events('--since', '2025-04-01', '--type', 'recon.decision.taken')).stdout),
    ).toEqual([DECIDED]);
  });

  it('prints nothing when no night since the date has events, and refuses an unknown type', async () => {
    expect(await events('--since', '2025-05-01')).toEqual({ code: 0, stdout: '', stderr: '' });
    const refused = await events('--since', '2025-04-01', '--type', 'recon.nothing');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/recon.nothing/);
  });
});
