import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../local/runner/data-dir';
import { runLocalPipeline } from '../../local/runner/run';
import { spawnCli } from './spawn-cli';
import { CONFIG, groundTruthOf, PERIOD, receivablesOf, simulatorPerTest, tempDataDir } from './support';

const startTestSimulator = simulatorPerTest();

describe('a run stopped with Ctrl-C', () => {
  it('deregisters its webhook, releases the lock, exits 1, and the next run finishes exactly', async () => {
    const simulator = await startTestSimulator('production', 5);
    const dataDir = await tempDataDir();
    const env = {
      RECON_EMAIL: simulator.credentials.email,
      RECON_API_TOKEN: simulator.credentials.apiToken,
      RECON_HMAC_SECRET: 'e2e-webhook-secret',
    };
    const args = ['run', '--env', 'production', '--provider-url', simulator.url, '--webhook', 'local'];
    const running = spawnCli([...args, '--from', PERIOD.from, '--to', PERIOD.to, '--data-dir', dataDir], env);
    await running.waitForStderr(/^page 2 of report/);
    expect(simulator.webhooks()).toHaveLength(1);
    running.child.kill('SIGINT');
    const outcome = await running.done;

    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('interrupted');
    expect(outcome.stderr).not.toContain('e2e-webhook-secret');
    expect(simulator.webhooks()).toEqual([]);
    expect(existsSync(dataPaths(dataDir).lock)).toBe(false);

    const stages: string[] = [];
    const { summary } = await runLocalPipeline({
      env: 'production',
      ...PERIOD,
      providerUrl: simulator.url,
      dataDir,
      webhook: 'off',
      credentials: { ...simulator.credentials, hmacSecret: env.RECON_HMAC_SECRET },
      reconConfig: CONFIG,
      onProgress: (event) => {
        if (event.type === 'stage') stages.push(event.message);
      },
    });
    expect(stages).not.toContain('taking over from a run that was killed');
    expect(summary.outcome).toBe('SUCCEEDED');
    expect(await receivablesOf(dataDir, summary)).toEqual(groundTruthOf(simulator, summary));
  });
});
