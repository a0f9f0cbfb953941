import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireRunLock } from '../../../cli/runner/lock';

async function lockPath() {
  return join(await mkdtemp(join(tmpdir(), 'recon-lock-')), 'data', 'run.lock');
}

/** The pid of a process that has exited: what a killed run leaves behind. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('run lock', () => {
  it('is taken, refused to another live process, and released', async () => {
    const path = await lockPath();
    const lock = await acquireRunLock(path);
    expect(lock.tookOverStale).toBe(false);
    expect(await readFile(path, 'utf8')).toBe(`${process.pid}\n`);
    // The parent process stands for "another recon run that is still alive".
    await expect(acquireRunLock(path, process.ppid)).rejects.toThrow(
      /another recon run \(pid \d+\) is using/,
    );
    await lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it('is taken over from a process that died without releasing it', async () => {
    const path = await lockPath();
    const first = await acquireRunLock(path);
    expect(first.tookOverStale).toBe(false);
    await writeFile(path, `${deadPid()}\n`);
    const second = await acquireRunLock(path);
    expect(second.tookOverStale).toBe(true);
    expect(await readFile(path, 'utf8')).toBe(`${process.pid}\n`);
  });
});
