import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCliProcess, spawnCli } from './spawn-cli';
import { tempDataDir } from './support';

describe('recon entry point (node bin/recon.mjs)', () => {
  it('exits 2 on a usage error, with a plain message and no stack trace', async () => {
    const { code, stderr, stdout } = await runCliProcess(['run', '--env', 'staging']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain("argument 'staging' is invalid");
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a period in the future and an as-of before the period ends: one sentence, exit 2', async () => {
    const future = await runCliProcess(['run', '--from', '2999-01-01', '--to', '2999-01-31']);
    expect(future.code).toBe(2);
    expect(future.stdout).toBe('');
    expect(future.stderr).toMatch(/^recon: the period ends on 2999-01-31, after today \(.+\): .+\.\n$/);
    const early = await runCliProcess(['run', '--to', '2025-01-31', '--as-of', '2025-01-30']);
    expect(early.code).toBe(2);
    expect(early.stderr).toBe(
      "recon: --as-of 2025-01-30 is before the period's last day 2025-01-31: pass an --as-of on or after 2025-01-31.\n",
    );
  });

  it('a provider address nobody answers at fails within seconds, naming the address', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const url = `http://127.0.0.1:${closed}`;
    const started = Date.now();
    const { code, stderr } = await runCliProcess(
      ['run', '--provider-url', url, '--data-dir', await tempDataDir()],
      {
        RECON_EMAIL: 'e2e@example.com',
        RECON_API_TOKEN: 'e2e-token',
      },
    );
    expect(code).toBe(1);
    expect(stderr).toContain(`recon: cannot reach the provider at ${url}: connection refused.`);
    expect(stderr).not.toMatch(/\n\s+at /);
    // The CLI itself takes a few seconds to load the runner; the provider retries must not add 20 more.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('backfill --dry-run prints one execution per window and calls no AWS', async () => {
    const { code, stdout } = await runCliProcess(
      ['backfill', '--from', '2025-01-01', '--to', '2025-02-15', '--dry-run'],
      {
        AWS_ACCESS_KEY_ID: '',
        AWS_REGION: '',
      },
    );
    expect(code).toBe(0);
    expect(stdout).toBe(
      'would start recon-2025-01-01-2025-01-31 {"from":"2025-01-01","to":"2025-01-31"}\n' +
        'would start recon-2025-02-01-2025-02-15 {"from":"2025-02-01","to":"2025-02-15"}\n',
    );
  });

  it('simulator prints its URL, answers with the credentials, and stops on SIGINT', async () => {
    const env = { RECON_EMAIL: 'e2e@example.com', RECON_API_TOKEN: 'e2e-token' };
    const cli = spawnCli(['simulator', '--mode', 'production', '--seed', '7'], env);
    const stderrLine = await cli.waitForStderr(/listening on http/);
    const base = /listening on (\S+)/.exec(stderrLine)?.[1] ?? '';
    const auth = `Basic ${Buffer.from('e2e@example.com:e2e-token').toString('base64')}`;
    const response = await fetch(`${base}/retornos/configuracoes`, { headers: { authorization: auth } });
    expect(response.status).toBe(200);
    cli.child.kill('SIGINT');
    const outcome = await cli.done;
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toBe(`${base}\n`);
    expect(outcome.stderr).not.toContain('e2e-token');
  });
});
