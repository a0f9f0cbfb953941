#!/usr/bin/env node
// `npx recon` inside the checkout: run the TypeScript entry through tsx, no build step.
import { register } from 'tsx/esm/api';

// Until bin/recon.ts installs the CLI's own handler, Ctrl-C ends the command at once with the
// documented exit code 1 instead of a death by signal: nothing has started yet that needs cleaning up.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (process.listenerCount(signal) > 1) return;
    process.stderr.write('recon: interrupted before the start.\n');
    process.exit(1);
  });
}

register();
await import('./recon.ts');
