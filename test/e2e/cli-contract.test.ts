import { describe, expect, it } from 'vitest';
import { runCliProcess, spawnCli } from './spawn-cli';

describe('recon entry point (node bin/recon.mjs)', () => {
  it('exits 2 on a usage error, with a plain message and no stack trace', async () => {
    const { code, stderr, stdout } = await runCliProcess(['run', '--env', 'staging']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain("argument 'staging' is invalid");
    expect(stderr).not.toMatch(/\n\s+at /);
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
