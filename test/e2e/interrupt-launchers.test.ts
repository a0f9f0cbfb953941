import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../cli/runner/data-dir';
import { interruptProductionRun } from './interrupt';
import type { Launcher } from './spawn-cli';
import { E2E_WEBHOOK_SECRET as SECRET, simulatorPerTest, tempDataDir } from './support';

const startTestSimulator = simulatorPerTest();

describe('Ctrl-C under every launcher (SIGINT to the whole process group, as a terminal sends it)', () => {
  // The runs with recon run directly, at every moment, are in interrupted-run.test.ts; here the
  // launchers that add processes to the group (npm, its sh, formerly tsx's CLI) at the moments
  // where those broke: synthesis (seconds of synchronous work) and an ordinary start-up stage.
  // Every launcher ends by the signal itself (130 in a shell for SIGINT, 143 for SIGTERM): recon
  // re-raises it once cleaned up, and npm, seeing its child die of a signal, dies of it too
  // (docs/cli.md "Ctrl-C").
  it.each<[Launcher, string, NodeJS.Signals, RegExp]>([
    ['node', 'while CDK synthesizes the state machine', 'SIGINT', /^synthesizing the state machine/],
    ['npm run local', 'while CDK synthesizes the state machine', 'SIGINT', /^synthesizing the state machine/],
    ['npm run local', 'while the stores start', 'SIGINT', /^starting local DynamoDB and S3/],
    ['npx', 'while CDK synthesizes the state machine', 'SIGINT', /^synthesizing the state machine/],
    ['node', 'while the stores start', 'SIGTERM', /^starting local DynamoDB and S3/],
  ])(
    '%s, %s: recon says so, deregisters the webhook, releases the lock, ends by %s',
    async (launcher, _moment, signal, at) => {
      const simulator = await startTestSimulator('production');
      const dataDir = await tempDataDir();
      const outcome = await interruptProductionRun(simulator, dataDir, at, launcher, signal);

      expect({ code: outcome.code, signal: outcome.signal }).toEqual({ code: null, signal });
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
