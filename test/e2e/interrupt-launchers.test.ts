import { existsSync, realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../cli/runner/data-dir';
import { interruptProductionRun } from './interrupt';
import type { CliOutcome, Launcher } from './spawn-cli';
import { E2E_WEBHOOK_SECRET as SECRET, simulatorPerTest, tempDataDir } from './support';

const startTestSimulator = simulatorPerTest();

/**
 * How each launcher ends after Ctrl-C (docs/cli.md "Ctrl-C"). recon itself exits 1, and `npm run
 * local` execs it, so npm hands that 1 on. `npx recon` runs recon under `sh -c`: where sh is dash,
 * the shell dies of the SIGINT at once and npm re-raises it on itself, so npm ends by SIGINT (130 in
 * a shell) while recon, left running, cleans up and prints its message all the same.
 */
function expectedEnd(launcher: Launcher): Pick<CliOutcome, 'code' | 'signal'> {
  const shIsDash = basename(realpathSync('/bin/sh')) === 'dash';
  return launcher === 'npx' && shIsDash ? { code: null, signal: 'SIGINT' } : { code: 1, signal: null };
}

describe('Ctrl-C under every launcher (SIGINT to the whole process group, as a terminal sends it)', () => {
  // The runs with recon run directly, at every moment, are in interrupted-run.test.ts; here the
  // launchers that add processes to the group (npm, its sh, formerly tsx's CLI) at the moments
  // where those broke: synthesis (seconds of synchronous work) and an ordinary start-up stage.
  it.each<[Launcher, string, RegExp]>([
    ['npm run local', 'while CDK synthesizes the state machine', /^synthesizing the state machine/],
    ['npm run local', 'while the stores start', /^starting local DynamoDB and S3/],
    ['npx', 'while CDK synthesizes the state machine', /^synthesizing the state machine/],
  ])(
    '%s, %s: recon says so, deregisters the webhook, releases the lock, documented exit',
    async (launcher, _moment, at) => {
      const simulator = await startTestSimulator('production');
      const dataDir = await tempDataDir();
      const outcome = await interruptProductionRun(simulator, dataDir, at, launcher);

      expect({ code: outcome.code, signal: outcome.signal }).toEqual(expectedEnd(launcher));
      expect(outcome.stderr).toMatch(/^recon: interrupted: the run was stopped and cleaned up/m);
      // Nothing new starts after Ctrl-C: the execution never began (its first step announces the plan).
      expect(outcome.stderr).not.toMatch(/reports? to fetch/);
      expect(outcome.stderr).not.toMatch(/\n\s+at /);
      expect(outcome.stderr).not.toContain(SECRET);
      expect(simulator.webhooks()).toEqual([]);
      expect(existsSync(dataPaths(dataDir, 'production').lock)).toBe(false);
    },
    60_000, // a spawned run up to the moment, beside the rest of the suite on 2 cores
  );
});
