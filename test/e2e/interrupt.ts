/**
 * The Ctrl-C scenario the interrupt tests share: a production run with the local webhook against the
 * test's simulator, in its own process group, signalled as a terminal would (Ctrl-C, or SIGTERM as a
 * supervisor sends it) once stderr shows a moment.
 */
import type { Simulator } from '../../local/simulator';
import { type CliOutcome, interruptGroup, type Launcher, spawnCli } from './spawn-cli';
import { PERIOD, E2E_WEBHOOK_SECRET as SECRET } from './support';

export async function interruptProductionRun(
  simulator: Simulator,
  dataDir: string,
  at: RegExp,
  launcher?: Launcher,
  signal: NodeJS.Signals = 'SIGINT',
): Promise<CliOutcome> {
  const env = {
    RECON_EMAIL: simulator.credentials.email,
    RECON_API_TOKEN: simulator.credentials.apiToken,
    RECON_HMAC_SECRET: SECRET,
    // A definition an earlier run kept would make the synthesis instant: the signal must land in one.
    RECON_DEFINITION_CACHE: 'off',
  };
  const args = ['run', '--env', 'production', '--provider-url', simulator.url, '--webhook', 'local'];
  const running = spawnCli([...args, '--from', PERIOD.from, '--to', PERIOD.to, '--data-dir', dataDir], env, {
    detached: true,
    ...(launcher ? { launcher } : {}),
  });
  await running.waitForStderr(at);
  interruptGroup(running, signal);
  // Resolves once every process holding the output is gone: recon's cleanup included.
  return running.done;
}
