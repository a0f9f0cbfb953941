/**
 * Hands a file or link to the system's opener, as a double click would: `open` on macOS, `start` on
 * Windows (a command of cmd.exe, hence `cmd /c start ""`: the empty title keeps a quoted path from
 * being taken for one), `xdg-open` elsewhere. Detached, so recon ends while the browser stays.
 */
import { spawn } from 'node:child_process';

export function openerCommand(platform: NodeJS.Platform, target: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [target]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', target]];
  return ['xdg-open', [target]];
}

/** Resolves once the opener started; rejects naming it when it cannot (no desktop, not installed). */
export function openWithSystem(target: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  const [command, args] = openerCommand(platform, target);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', (error) => reject(new Error(`could not start ${command}: ${error.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
