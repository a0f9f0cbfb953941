/**
 * `recon inbox` as a person starts it, in-process (the same program and argv): the link it prints,
 * its stderr, and Ctrl-C (the abort of `io.signal`) to stop it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { runCli } from '../../cli/program';
import { capturedIo } from '../unit/cli/harness';

export function startInbox(args: readonly string[], env: Record<string, string> = {}) {
  const stop = new AbortController();
  const { io, output } = capturedIo(env, { signal: stop.signal });
  const ended = runCli(['inbox', ...args], io);
  const link = async () => {
    for (let i = 0; i < 200 && !output().stdout.includes('\n'); i += 1) await delay(50);
    return output().stdout.trim();
  };
  return { stop: () => stop.abort('SIGINT'), ended, link, stderr: () => output().stderr };
}
