/**
 * `recon inbox` as a person starts it, in-process (the same program and argv): on a data directory
 * it prints one sign-in link, serves the pendências under the data directory's lock, a decision
 * taken through it is in `recon breaks history` under the person's name, and Ctrl-C (the abort of
 * `io.signal`) closes the server and the stores and releases the lock, ending with exit code 0.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakRef } from '../../lambdas/core/breaks/observed';
import { seedDataDir } from '../support/inbox-world';
import { cli } from '../unit/cli/harness';
import { interruptGroup, spawnCli } from './spawn-cli';
import { startInbox as startCliInbox } from './start-inbox';

const CONFIG = JSON.stringify({ breaks: { operators: ['ana'] } });

const startInbox = (args: readonly string[]) => startCliInbox(args, { RECON_CONFIG: CONFIG });

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('recon inbox', () => {
  it('serves one sign-in link, records decisions under the actor, and stops cleanly on Ctrl-C', async () => {
    const dataDir = await seedDataDir();
    const inbox = startInbox(['--data-dir', dataDir, '--actor', 'ana']);
    const link = await inbox.link();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/entrar\?token=[\w-]{43}$/);
    const origin = new URL(link).origin;
    expect(existsSync(join(dataDir, 'sandbox', 'run.lock'))).toBe(true);
    expect((await fetch(`${origin}/`)).status).toBe(401);

    const signIn = await fetch(link, { redirect: 'manual' });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const list = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
    const csrf = /name="csrf" value="([\w-]+)"/.exec(list)?.[1] ?? '';
    const id = decodeURIComponent(/href="\/pendencia\?id=([^"]+)"/.exec(list)?.[1] ?? '');
    const decided = await fetch(`${origin}/decidir`, {
      ...form({ csrf, id, expected: '0', action: 'treat', note: 'pelo navegador' }),
      headers: { ...form({}).headers, cookie },
      redirect: 'manual',
    });
    expect(decided.status).toBe(303);

    inbox.stop();
    expect(await inbox.ended).toBe(0);
    expect(inbox.stderr()).toContain('recon inbox: stopped.');
    expect(existsSync(join(dataDir, 'sandbox', 'run.lock'))).toBe(false);
    const history = await cli(['breaks', 'history', breakRef(id), '--data-dir', dataDir]);
    expect(history.code, history.stderr).toBe(0);
    expect(history.stdout).toMatch(/^1 .* ana +tratativa +— → Em tratativa +pelo navegador/m);
  });

  it('makes an actor outside breaks.operators a viewer, whom the server refuses every decision', async () => {
    const dataDir = await seedDataDir();
    const inbox = startInbox(['--data-dir', dataDir, '--actor', 'zé']);
    const link = await inbox.link();
    expect(inbox.stderr()).toContain('zé (viewer)');
    const origin = new URL(link).origin;
    const cookie =
      ((await fetch(link, { redirect: 'manual' })).headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const list = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
    expect(list).not.toContain('action="/aceitar"');
    const csrf = /name="csrf" value="([\w-]+)"/.exec(list)?.[1] ?? '';
    const id = decodeURIComponent(/href="\/pendencia\?id=([^"]+)"/.exec(list)?.[1] ?? '');
    const refused = await fetch(`${origin}/decidir`, {
      ...form({ csrf, id, expected: '0', action: 'treat', note: 'não pode' }),
      headers: { ...form({}).headers, cookie },
    });
    expect(refused.status).toBe(403);
    inbox.stop();
    expect(await inbox.ended).toBe(0);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'ends, as a process, by %s with exit code 0 once the lock is released',
    async (signal) => {
      const dataDir = await seedDataDir();
      const child = spawnCli(
        ['inbox', '--data-dir', dataDir, '--actor', 'ana'],
        { RECON_CONFIG: CONFIG },
        {
          detached: true,
        },
      );
      await child.waitForStderr(/Ctrl-C stops/);
      interruptGroup(child, signal);
      const outcome = await child.done;
      expect(outcome, outcome.stderr).toMatchObject({ code: 0, signal: null });
      expect(outcome.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/entrar\?token=/);
      expect(existsSync(join(dataDir, 'sandbox', 'run.lock'))).toBe(false);
    },
  );
});
