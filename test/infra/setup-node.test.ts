/**
 * tools/setup-node.sh, the one way to get the pinned Node 22 (README requirements, docs/cli.md
 * "Node versions", .ci/run): it prints the PATH line to use, and nothing when the node at hand is
 * already 22. Run offline: the older node and the cached pinned build are stand-ins that only
 * report their versions, so nothing is downloaded.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/constructs/recon-function';

const run = promisify(execFile);

/** A `node` in `bin` that answers every call with `output`, as the script asks only for versions. */
async function nodeSaying(bin: string, output: string): Promise<string> {
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, 'node'), `#!/bin/sh\necho ${output}\n`);
  await chmod(join(bin, 'node'), 0o755);
  return bin;
}

describe('tools/setup-node.sh', () => {
  it('prints the PATH line of the cached pinned Node 22 on a machine with an older node', async () => {
    const script = await readFile(join(REPO_ROOT, 'tools/setup-node.sh'), 'utf8');
    const pinned = /^node22=(\S+)$/m.exec(script)?.[1];
    const cache = await mkdtemp(join(tmpdir(), 'recon-cache-'));
    const pinnedBin = join(cache, 'recon', `node-${pinned}-linux-${process.arch}`, 'bin');
    await nodeSaying(pinnedBin, `v${pinned}`);
    const older = await nodeSaying(await mkdtemp(join(tmpdir(), 'recon-node20-')), '20');
    const env = { ...process.env, PATH: `${older}:/usr/bin:/bin`, XDG_CACHE_HOME: cache };

    const { stdout } = await run('bash', ['tools/setup-node.sh'], { cwd: REPO_ROOT, env });
    expect(stdout).toBe(`export PATH="${pinnedBin}:$PATH"\n`);
    // The one-line use the docs give: the line, evaluated, puts the pinned node first.
    const used = await run('bash', ['-c', 'eval "$(tools/setup-node.sh 2>/dev/null)" && node --version'], {
      cwd: REPO_ROOT,
      env,
    });
    expect(used.stdout.trim()).toBe(`v${pinned}`);
  });

  it('prints nothing to use when the node at hand is already 22 or newer', async () => {
    const env = { ...process.env, PATH: `${dirname(process.execPath)}:/usr/bin:/bin` };
    const { stdout, stderr } = await run('bash', ['tools/setup-node.sh'], { cwd: REPO_ROOT, env });
    expect(stdout).toBe('');
    expect(stderr).toMatch(/already 22 or newer: nothing to do/);
  });
});
