#!/usr/bin/env node
// `npx recon` inside the checkout: run the TypeScript entry through tsx, no build step.
import { register } from 'tsx/esm/api';

// Until bin/recon.ts installs the CLI's own handler, Ctrl-C ends the command at once, by the signal
// as a cleaned-up command does (130 for Ctrl-C): nothing has started yet that needs cleaning up.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (process.listenerCount(signal) > 1) return;
    process.stderr.write('recon: interrupted before the start.\n', () => {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    });
  });
}

register();
await import('./recon.ts');
