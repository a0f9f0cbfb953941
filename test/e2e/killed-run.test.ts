import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dataPaths, LOCAL_TABLE } from '../../cli/runner/data-dir';
import { startLocalDynamo } from '../../local/aws/dynamodb';
import { CONFIGURATIONS } from '../../local/simulator';
import { spawnCli } from './spawn-cli';
import { groundTruthOf, PERIOD, receivablesOf, runAgainst, simulatorPerTest, tempDataDir } from './support';

const startTestSimulator = simulatorPerTest();

describe('a run killed in the middle of downloading', () => {
  it('is run again and ends with exact counts: nothing lost, nothing counted twice', async () => {
    // Small pages: the download spans many requests, so the kill lands in the middle of it.
    const simulator = await startTestSimulator('sandbox', 5);
    const dataDir = await tempDataDir();
    const env = { RECON_EMAIL: simulator.credentials.email, RECON_API_TOKEN: simulator.credentials.apiToken };
    const args = [
      'run',
      '--provider-url',
      simulator.url,
      '--from',
      PERIOD.from,
      '--to',
      PERIOD.to,
      '--data-dir',
      dataDir,
    ];
    const killed = spawnCli(args, env);
    await killed.waitForStderr(/^report \d+ of \d+: page 4 /);
    killed.child.kill('SIGKILL');
    const outcome = await killed.done;
    expect(outcome.signal).toBe('SIGKILL');
    expect(outcome.stderr).not.toContain('notification:');

    const { summary, stages } = await runAgainst(simulator, { env: 'sandbox', dataDir });
    expect(stages).toContain('taking over from a run that was killed');
    expect(summary.outcome).toBe('SUCCEEDED');
    expect(await receivablesOf(dataDir, summary)).toEqual(groundTruthOf(simulator, summary));
    const counts = simulator.expectedRecordCounts(PERIOD);
    expect(summary.records.byCode).toEqual(counts.byCode);
    expect(summary.records.quarantined).toBe(counts.malformed);
  }, 120_000); // two whole runs (a spawned CLI, then the pipeline): 15 s alone, far more beside the suite on 2 cores

  it('does not keep the next run waiting on the report-generation leases it held', async () => {
    // Killed between a generation's snapshot and its recorded id, a run leaves its lease behind for
    // the whole lease time (300 s); the next run owns the data directory and releases it.
    const simulator = await startTestSimulator('sandbox');
    const dataDir = await tempDataDir();
    const dynamo = await startLocalDynamo({
      path: dataPaths(dataDir, 'sandbox').dynamodb,
      tableName: LOCAL_TABLE,
    });
    const leaseUntil = Date.now() + 3_600_000;
    for (const configurationId of Object.values(CONFIGURATIONS.sandbox)) {
      const Item = { pk: 'GENLEASE#sandbox', sk: String(configurationId), holder: 'killed-run', leaseUntil };
      await dynamo.documentClient.send(new PutCommand({ TableName: LOCAL_TABLE, Item }));
    }
    await dynamo.close();

    const { summary, stages } = await runAgainst(simulator, { env: 'sandbox', dataDir });
    expect(stages).toContain('released report-generation leases a killed run left behind');
    expect(summary.outcome).toBe('SUCCEEDED');
    expect(summary.failures).toEqual([]);
    expect(await receivablesOf(dataDir, summary)).toEqual(groundTruthOf(simulator, summary));
  }, 60_000);
});
