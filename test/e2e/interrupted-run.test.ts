import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../cli/runner/data-dir';
import { interruptProductionRun } from './interrupt';
import {
  groundTruthOf,
  receivablesOf,
  runAgainst,
  E2E_WEBHOOK_SECRET as SECRET,
  simulatorPerTest,
  tempDataDir,
} from './support';

const startTestSimulator = simulatorPerTest();

describe('Ctrl-C (SIGINT to the whole process group, as a terminal sends it)', () => {
  // Small pages only where the signal must land mid-download (many requests, so it lands inside);
  // the earlier moments come before any page, and small pages would only slow their re-run.
  // The last column: whether the execution had begun (its first step announces the plan); one
  // interrupted before it must never go on to start it.
  it.each([
    ['while the CLI loads the runner', /^preparing the local pipeline/, undefined, false],
    ['while the stores start', /^starting local DynamoDB and S3/, undefined, false],
    ['while CDK synthesizes the state machine', /^synthesizing the state machine/, undefined, false],
    ['in the middle of downloading', /^report \d+ of \d+: page 2 /, 5, true],
  ])(
    '%s: ends by SIGINT (130 in a shell) in plain words, webhook deregistered, lock released; the next run is exact',
    async (_moment, at, recordsPerPage, executionBegun) => {
      const simulator = await startTestSimulator('production', recordsPerPage);
      const dataDir = await tempDataDir();
      const outcome = await interruptProductionRun(simulator, dataDir, at);

      expect(outcome.code).toBeNull();
      expect(outcome.signal).toBe('SIGINT');
      expect(outcome.stderr).toMatch(/recon: interrupted/);
      expect(/reports? to fetch/.test(outcome.stderr)).toBe(executionBegun);
      expect(outcome.stderr).not.toMatch(/\n\s+at /);
      expect(outcome.stderr).not.toMatch(/Database is closed|Error:/);
      expect(outcome.stderr).not.toContain(SECRET);
      expect(simulator.webhooks()).toEqual([]);
      expect(existsSync(dataPaths(dataDir, 'production').lock)).toBe(false);

      const { summary, stages } = await runAgainst(simulator, { env: 'production', dataDir });
      expect(stages).not.toContain('taking over from a run that was killed');
      expect(summary.outcome).toBe('SUCCEEDED');
      expect(await receivablesOf(dataDir, summary)).toEqual(groundTruthOf(simulator, summary));
    },
  );
});
