/**
 * Ctrl-C and SIGTERM, the same way for every command: the first signal aborts an AbortSignal that
 * commands watch to stop and clean up (run lock, local webhook registration, stores); later ones
 * only say that the cleanup is under way, so an impatient second Ctrl-C cannot leave a lock or a
 * webhook behind. An interrupted command ends with {@link INTERRUPTED_EXIT_CODE}, and the process
 * then ends by the signal it received (see docs/cli.md "Ctrl-C").
 */
import { CliError, INTERRUPTED_EXIT_CODE } from './errors';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** The command was stopped by Ctrl-C or SIGTERM before it finished. */
export class InterruptedError extends CliError {
  constructor(message = 'interrupted: stopped before the end.') {
    super(message, INTERRUPTED_EXIT_CODE);
  }
}

export function listenForInterrupt(
  target: Pick<NodeJS.Process, 'on'>,
  write: (text: string) => void,
): AbortSignal {
  const interrupt = new AbortController();
  // The signal's name is the abort reason: the process re-raises that same signal once cleaned up.
  const onSignal = (name: NodeJS.Signals) => {
    if (interrupt.signal.aborted) write('recon: stopping, cleaning up...\n');
    else interrupt.abort(name);
  };
  for (const name of SIGNALS) target.on(name, onSignal);
  return interrupt.signal;
}

/** Resolves when `signal` aborts (never without a signal). */
export function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve();
    else signal?.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * `work`, or an {@link InterruptedError} as soon as `signal` aborts: for work that cannot be stopped
 * half-way but need not be waited for (the process exits right after). Its late outcome is dropped.
 */
export async function interruptible<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  work.catch(() => undefined);
  const interrupted = untilAborted(signal).then(() => {
    throw new InterruptedError();
  });
  return Promise.race([work, interrupted]);
}
