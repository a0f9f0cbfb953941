/** Runs the real `recon` entry point as a child process, as a user would (directly, or through npm). */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/recon.mjs', import.meta.url));

export interface CliOutcome {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface SpawnedCli {
  readonly child: ChildProcess;
  /** Resolves on the first stderr line matching `pattern` (progress lines are plain: not a TTY). */
  waitForStderr(pattern: RegExp): Promise<string>;
  readonly done: Promise<CliOutcome>;
}

/**
 * The three ways a user starts recon in the checkout, as command and arguments: `node bin/recon.mjs`
 * (what an installed `recon` runs), `npm run local -- …` (`recon run …`) and `npx recon …`.
 */
const LAUNCHERS = {
  node: (args: readonly string[]) => [process.execPath, [BIN, ...args]],
  'npm run local': (args: readonly string[]) => {
    if (args[0] !== 'run') throw new Error('npm run local is `recon run`');
    return ['npm', ['run', 'local', '--', ...args.slice(1)]];
  },
  npx: (args: readonly string[]) => ['npx', ['recon', ...args]],
} satisfies Record<string, (args: readonly string[]) => [string, string[]]>;

export type Launcher = keyof typeof LAUNCHERS;

/**
 * `detached` puts the CLI in its own process group, so a test can signal the whole group as a
 * terminal's Ctrl-C does (`process.kill(-pid, 'SIGINT')`).
 */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string> = {},
  options: { detached?: boolean; launcher?: Launcher; stdin?: string } = {},
): SpawnedCli {
  const [command, argv] = LAUNCHERS[options.launcher ?? 'node'](args);
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  let stdout = '';
  let stderr = '';
  const watchers: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const w of [...watchers]) {
      const line = stderr.split('\n').find((l) => w.pattern.test(l));
      if (line !== undefined) {
        watchers.splice(watchers.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  const done = new Promise<CliOutcome>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return {
    child,
    done,
    waitForStderr: (pattern) =>
      new Promise((resolve, reject) => {
        watchers.push({ pattern, resolve });
        done.then((o) => reject(new Error(`exited (${o.code ?? o.signal}) before ${pattern}:\n${o.stderr}`)));
      }),
  };
}

/** Ctrl-C in a terminal: SIGINT (or `signal`) to every process of the CLI's group (spawned `detached`). */
export function interruptGroup(cli: SpawnedCli, signal: NodeJS.Signals = 'SIGINT'): void {
  if (cli.child.pid === undefined) throw new Error('the CLI did not start');
  process.kill(-cli.child.pid, signal);
}

const shellQuote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/**
 * `recon ARGS | READER` through a real pipe in bash, as a user types it; `pipefail` keeps a failing
 * recon's exit status. Resolves with the reader's stdout.
 */
export function pipeCli(args: readonly string[], reader: string): Promise<CliOutcome> {
  const command = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
  const child = spawn('bash', ['-c', `set -o pipefail; ${command} | ${reader}`], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** `stdin`, when given, is piped to the CLI's standard input (as `printf … | recon …`). */
export function runCliProcess(
  args: readonly string[],
  env: Record<string, string> = {},
  stdin?: string,
): Promise<CliOutcome> {
  return spawnCli(args, env, stdin === undefined ? {} : { stdin }).done;
}
