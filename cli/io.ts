/**
 * What a command may touch of the outside world. Commands get it as an argument so tests run the
 * whole CLI in-process and read exactly what a user would see on stdout and stderr.
 */
import { constants } from 'node:os';
import { promptHidden } from './hidden-prompt';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Progress is drawn in place only on a terminal; pipes and CI logs get plain lines. */
  readonly stderrIsTTY: boolean;
  /** Aborted by Ctrl-C (SIGINT) or SIGTERM: long commands stop and clean up (see `interrupt.ts`). */
  readonly signal?: AbortSignal;
  /** All of standard input, read when a command asks for it (`--token-stdin`). */
  readonly readStdin?: () => Promise<string>;
  /** Asks on the terminal without echoing the answer; absent when standard input is not a terminal. */
  readonly promptHidden?: (question: string) => Promise<string>;
}

async function readAll(stream: NodeJS.ReadStream): Promise<string> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) text += chunk;
  return text;
}

/**
 * The real process's streams. A reader that went away (`recon receivables | head`) is not an error
 * of ours: EPIPE stops the output quietly and the command keeps its own exit code.
 */
export function processIo(signal?: AbortSignal): CliIo {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    stderrIsTTY: Boolean(process.stderr.isTTY),
    ...(signal ? { signal } : {}),
    readStdin: () => readAll(process.stdin),
    ...(process.stdin.isTTY
      ? {
          promptHidden: (question: string) =>
            promptHidden(
              question,
              process.stdin,
              (text) => process.stderr.write(text),
              () => process.kill(process.pid, 'SIGINT'),
            ),
        }
      : {}),
  };
}

/** Resolves once everything written to `stream` so far has been handed to the OS. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    // Writes complete in order, so this one's callback runs after every earlier write's.
    else stream.write('', () => resolve());
  });
}

/**
 * Exits with `code` after stdout and stderr are flushed. On a pipe Node writes asynchronously, so
 * `process.exit()` right after a large write drops whatever the reader had not taken yet (all but the
 * first 64 KB).
 */
export async function exitAfterFlush(code: number): Promise<never> {
  await flushAll();
  process.exit(code);
}

/**
 * Ends the process by `signal` (SIGINT: 130 in a shell, SIGTERM: 143) after stdout and stderr are
 * flushed. Dying of the signal, rather than exiting with its number, is what lets every launcher
 * report the same thing: npm re-raises a child's signal on itself but hands on a plain exit code,
 * and a shell running a script stops the script only when its command died of the Ctrl-C.
 */
export async function endBySignal(signal: NodeJS.Signals): Promise<never> {
  await flushAll();
  // Without listeners Node restores the default action, which is to die of the signal.
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
  // POSIX delivers a signal sent to oneself before kill() returns; should it ever not, the same code.
  process.exit(128 + constants.signals[signal]);
}

async function flushAll(): Promise<void> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
}
