/**
 * Sandbox and production never mix: a user tries the sandbox (`npm run local`), then runs production on
 * the same data directory. The simulator serves both environments the same sales on purpose (one seed),
 * so any shared state would match each record twice: each environment must end equal to its own
 * ground truth, and the sandbox's state must be untouched by the production run.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../local/simulator';
import {
  DATASET,
  groundTruthOf,
  PERIOD,
  receivablesOf,
  runAgainst,
  simulatorPerTest,
  tempDataDir,
} from './support';

const startTestSimulator = simulatorPerTest();

describe('two environments in one data directory', () => {
  it('sandbox then production: each ends equal to its own ground truth, nothing counted twice', async () => {
    const dataDir = await tempDataDir();
    const sandbox = await startTestSimulator('sandbox');
    const first = await runAgainst(sandbox, { env: 'sandbox', dataDir });
    expect(first.summary.outcome).toBe('SUCCEEDED');
    const sandboxState = await receivablesOf(dataDir, first.summary);
    expect(sandboxState).toEqual(groundTruthOf(sandbox, first.summary));

    const production = await startSimulator({
      mode: 'production',
      seed: 7,
      variance: true,
      dataset: DATASET,
    });
    try {
      const second = await runAgainst(production, { env: 'production', dataDir });
      expect(second.summary.outcome).toBe('SUCCEEDED');
      expect(second.summary.environment).toBe('production');
      const productionState = await receivablesOf(dataDir, second.summary);
      expect(productionState).toEqual(groundTruthOf(production, second.summary));
      // The same sales in both: without separate state every one would be DUPLICATE_FORECAST / paid twice.
      expect(productionState.length).toBe(sandboxState.length);
      expect(second.summary.records.byCode).toEqual(production.expectedRecordCounts(PERIOD).byCode);
    } finally {
      await production.close();
    }
    expect(await receivablesOf(dataDir, first.summary)).toEqual(sandboxState);
  });
});
