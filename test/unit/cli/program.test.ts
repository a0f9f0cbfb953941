import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './harness';

describe('recon CLI exit codes', () => {
  it.each([
    [['bogus']],
    [[]],
    [['backfill', '--from', '2025-01-01']],
    [['backfill', '--from', '2025-02-30', '--to', '2025-03-01']],
    [['backfill', '--from', '2025-03-02', '--to', '2025-03-01', '--dry-run']],
    [['receivables', '--format', 'xml']],
    [['receivables', '--status', 'PAID']],
  ])('%j is a usage error (exit 2) with a plain message and no stack', async (argv) => {
    const { code, stderr } = await cli(argv);
    expect(code).toBe(2);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr.length).toBeGreaterThan(0);
  });

  it('--help exits 0 and lists the commands', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('receivables');
    expect(stdout).toContain('backfill');
  });

  it('a failure is reported in plain words, with the stack only under --verbose', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'recon-cli-')), 'missing');
    const plain = await cli(['receivables', '--data-dir', dataDir]);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toBe(
      `recon: no local sandbox data in ${dataDir}; run \`recon run --env sandbox\` first.\n`,
    );
    const verbose = await cli(['--verbose', 'receivables', '--data-dir', dataDir]);
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toMatch(/\n\s+at /);
  });
});

describe('recon backfill --dry-run', () => {
  it('prints one execution per window of at most 31 days, with deterministic names, without AWS', async () => {
    const { code, stdout } = await cli(
      ['backfill', '--from', '2025-01-01', '--to', '2025-03-15', '--dry-run'],
      {
        AWS_ACCESS_KEY_ID: undefined,
      },
    );
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      'would start recon-2025-01-01-2025-01-31 {"from":"2025-01-01","to":"2025-01-31"}',
      'would start recon-2025-02-01-2025-03-03 {"from":"2025-02-01","to":"2025-03-03"}',
      'would start recon-2025-03-04-2025-03-15 {"from":"2025-03-04","to":"2025-03-15"}',
    ]);
  });
});
