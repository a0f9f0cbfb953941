/**
 * A provider that echoes the request in its error bodies (the API token, the Authorization header,
 * the body with the webhook's hmac and extra header values), against the real `recon` process in
 * production mode with the local webhook: no piece of any secret may reach stdout, stderr, the
 * summary, the HTML report or any file of the data directory (the lake's S3 objects included).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/core/env';
import { type Simulator, startSimulator } from '../../local/simulator';
import { leaks } from '../support/secret-sweep';
import { type CliOutcome, runCliProcess, spawnCli } from './spawn-cli';
import { DATASET, tempDataDir } from './support';

/** Distinctive values, so that any six characters of them found anywhere are theirs. */
const CREDENTIALS = { email: 'ops@recon.example', apiToken: 'tok_live_9f8e7d6c5b4aQz31' };
const BASIC = Buffer.from(`${CREDENTIALS.email}:${CREDENTIALS.apiToken}`).toString('base64');
const HMAC = 'hmac-Zq8vL2wR7tK4-42';
const HEADER_VALUE = 'xf-Q7xK9pZ2mW4';
const SECRETS = [CREDENTIALS.apiToken, BASIC, HMAC, HEADER_VALUE];
const ENVIRONMENT = {
  RECON_EMAIL: CREDENTIALS.email,
  RECON_API_TOKEN: CREDENTIALS.apiToken,
  RECON_HMAC_SECRET: HMAC,
};

/** Where recon cuts a provider's message: an echoed token starting here straddles the cut. */
const STRADDLING_THE_CUT = 290;

let simulator: Simulator | undefined;
afterEach(async () => {
  await simulator?.close();
  simulator = undefined;
});

async function startEchoingSimulator(): Promise<Simulator> {
  simulator = await startSimulator({
    mode: 'production',
    seed: 7,
    credentials: CREDENTIALS,
    dataset: DATASET,
    // Reports take two seconds: the test revokes the token well before the first one is ready.
    timing: { waitingMs: 1_000, processingMs: 1_000 },
  });
  return simulator;
}

/** Every file under `dir` (DynamoDB's and S3's stores, summaries, state), by path, as text. */
async function filesUnder(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    files[path] = (await readFile(path)).toString('latin1');
  }
  return files;
}

async function expectNoSecretIn(outcome: CliOutcome, dataDir?: string): Promise<void> {
  const files = dataDir ? await filesUnder(dataDir) : {};
  expect(leaks({ stdout: outcome.stdout, stderr: outcome.stderr, ...files }, SECRETS)).toEqual([]);
}

const runArgs = (sim: Simulator, dataDir: string) => [
  'run',
  '--env',
  'production',
  '--provider-url',
  sim.url,
  '--webhook',
  'local',
  '--json',
  '--from',
  '2025-01-01',
  '--to',
  '2025-01-20',
  '--data-dir',
  dataDir,
];

describe('a provider echoing the request in its errors', () => {
  it('recon run --webhook local: a refused registration shows neither the hmac nor the token', async () => {
    const sim = await startEchoingSimulator();
    sim.setFaults({ echoRequest: { tokenAt: 0 }, refuseWebhookRegistrations: true });
    const dataDir = await tempDataDir();

    const outcome = await runCliProcess([...runArgs(sim, dataDir), '--verbose'], ENVIRONMENT);

    expect(outcome.code).toBe(1);
    await expectNoSecretIn(outcome, dataDir);
    // The provider's words are shown, its echo redacted: the test does not pass on silence.
    expect(outcome.stderr).toContain('endpoint recusado; token recebido: [redacted]');
    expect(outcome.stderr).toContain('"hmac":"[redacted]"');
  });

  it('recon run --webhook local: jobs failing on echoed errors leave no secret in any output or file', async () => {
    const sim = await startEchoingSimulator();
    sim.setFaults({ echoRequest: { tokenAt: STRADDLING_THE_CUT } });
    const dataDir = await tempDataDir();

    const cli = spawnCli(runArgs(sim, dataDir), ENVIRONMENT);
    // Once a report is requested (the webhook is registered), the token is refused until the summary
    // is out, so that the local webhook's registration can still be removed at the end.
    await cli.waitForStderr(/requested \(/);
    sim.setFaults({ credentialsRevoked: true });
    await cli.waitForStderr(/notification: /);
    sim.setFaults({ credentialsRevoked: false });
    const outcome = await cli.done;

    expect(outcome.code, outcome.stderr).toBe(1);
    const summary = JSON.parse(outcome.stdout);
    expect(summary.outcome).toBe('FAILED');
    const files = await filesUnder(dataDir);
    const written = Object.keys(files);
    expect(written.some((path) => path.endsWith('summary.json'))).toBe(true);
    expect(written.some((path) => path.endsWith('report.html'))).toBe(true);
    await expectNoSecretIn(outcome, dataDir);
    // The echo reached the summary (redacted there): the test does not pass on silence.
    expect(outcome.stdout).toContain('token recebido: [redac');
  });

  it('recon webhooks create: a refused registration shows no hmac, header value or token', async () => {
    const sim = await startEchoingSimulator();
    sim.setFaults({ echoRequest: { tokenAt: STRADDLING_THE_CUT }, refuseWebhookRegistrations: true });
    const args = ['webhooks', 'create', '--endpoint', 'https://hooks.example.com/recon'];

    const outcome = await runCliProcess([...args, '--header', `x-recon-key=${HEADER_VALUE}`, '--verbose'], {
      ...ENVIRONMENT,
      [ENV.providerBaseUrl]: sim.url,
    });

    expect(outcome.code).toBe(1);
    await expectNoSecretIn(outcome);
    expect(outcome.stderr).toContain('endpoint recusado; ...');
  });
});
