/**
 * One local run per data directory: dynalite's LevelDB files do not take two writers. The lock file
 * holds the owner's pid; a lock whose process is gone is a killed run's, and is taken over (the run
 * then claims its period with `force`, see the workflow's run guard).
 */
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError } from '../errors';
import { interruptible } from '../interrupt';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface RunLock {
  /** True when the previous holder died without releasing (a killed run). */
  readonly tookOverStale: boolean;
  release(): Promise<void>;
}

/** Takes the lock for `pid`, taking over a dead holder's; refuses while a live process holds it. */
export async function acquireRunLock(path: string, pid = process.pid): Promise<RunLock> {
  await mkdir(dirname(path), { recursive: true });
  let tookOverStale = false;
  try {
    await writeFile(path, `${pid}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number.parseInt(await readFile(path, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== pid && isAlive(holder)) {
      throw new CliError(`another recon run (pid ${holder}) is using ${dirname(path)}.`, 1);
    }
    await writeFile(path, `${pid}\n`);
    tookOverStale = true;
  }
  return {
    tookOverStale,
    release: () => unlink(path).catch(() => undefined),
  };
}

/**
 * Runs `work` holding the data directory's lock: listings must not open the stores under a live run.
 * Ctrl-C (`signal`) releases the lock at once and ends with an interruption; the process exits next.
 */
export async function withRunLock<T>(path: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const lock = await acquireRunLock(path);
  try {
    return await interruptible(work(), signal);
  } finally {
    await lock.release();
  }
}
