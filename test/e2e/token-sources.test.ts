/**
 * The provider's API token kept out of the shell's history: the real `recon webhooks` process reads
 * it from a file or from standard input, against the simulator in production mode (which refuses a
 * wrong token), and no piece of it reaches stdout or stderr, even from a provider echoing it back.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ENV } from '../../lambdas/core/env';
import { type Simulator, startSimulator } from '../../local/simulator';
import { leaks } from '../support/secret-sweep';
import { runCliProcess } from './spawn-cli';
import { DATASET } from './support';

const CREDENTIALS = { email: 'ops@recon.example', apiToken: 'tok_file_Xc81Lm2Qv7ZpK4' };
const BASIC = Buffer.from(`${CREDENTIALS.email}:${CREDENTIALS.apiToken}`).toString('base64');

/** The simulator as a production provider for this test only, with `faults` if any; its environment. */
async function provider(faults?: Parameters<Simulator['setFaults']>[0]): Promise<Record<string, string>> {
  const simulator = await startSimulator({
    mode: 'production',
    seed: 7,
    credentials: CREDENTIALS,
    dataset: DATASET,
  });
  onTestFinished(() => simulator.close());
  if (faults) simulator.setFaults(faults);
  // No RECON_API_TOKEN: the token comes only from where the command line says.
  return { RECON_EMAIL: CREDENTIALS.email, RECON_API_TOKEN: '', [ENV.providerBaseUrl]: simulator.url };
}

async function tokenFile(): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'recon-token-')), 'provider-token');
  await writeFile(path, `${CREDENTIALS.apiToken}\n`, { mode: 0o600 });
  return path;
}

describe("recon webhooks and the provider's API token", () => {
  it('reads it from --token-file (its newline dropped) and shows no piece of it', async () => {
    const env = await provider();
    const outcome = await runCliProcess(['webhooks', 'list', '--token-file', await tokenFile()], env);
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(outcome.stdout).toBe('no webhooks registered\n');
    expect(leaks({ stdout: outcome.stdout, stderr: outcome.stderr }, [CREDENTIALS.apiToken, BASIC])).toEqual(
      [],
    );
  });

  it('reads it from --token-stdin, as `recon webhooks list --token-stdin < file` does', async () => {
    const env = await provider();
    const outcome = await runCliProcess(
      ['webhooks', 'list', '--token-stdin'],
      env,
      `${CREDENTIALS.apiToken}\n`,
    );
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(outcome.stdout).toBe('no webhooks registered\n');
  });

  it('keeps a token read from a file out of the error of a provider that echoes it', async () => {
    const env = await provider({ echoRequest: { tokenAt: 0 }, refuseWebhookRegistrations: true });
    const args = ['webhooks', 'create', '--endpoint', 'https://hooks.example.com/recon', '--verbose'];
    const outcome = await runCliProcess([...args, '--token-file', await tokenFile()], {
      ...env,
      RECON_HMAC_SECRET: 'hmac-Zq8vL2wR7tK4-42',
    });
    expect(outcome.code).toBe(1);
    expect(leaks({ stdout: outcome.stdout, stderr: outcome.stderr }, [CREDENTIALS.apiToken, BASIC])).toEqual(
      [],
    );
    // The provider's words are shown, its echo redacted: the test does not pass on silence.
    expect(outcome.stderr).toContain('token recebido: [redacted]');
  });

  it('asks for the token when none is given and standard input is no terminal: exit 2, naming the ways', async () => {
    const outcome = await runCliProcess(['webhooks', 'list'], await provider());
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(
      /^recon: the provider's API token is missing: pass --token-file FILE or --token-stdin/,
    );
  });
});

/** A stand-in for Secrets Manager's endpoint: answers GetSecretValue and records each request's signing region. */
async function fakeSecretsManager(
  secret: object,
): Promise<{ url: string; regions: string[]; close: () => void }> {
  const regions: string[] = [];
  const server = createServer((request, response) => {
    const scope = /Credential=[^/]+\/\d{8}\/([^/]+)\/secretsmanager\//.exec(
      request.headers.authorization ?? '',
    );
    regions.push(scope?.[1] ?? 'unsigned');
    request.resume().on('end', () => {
      response.setHeader('content-type', 'application/x-amz-json-1.1');
      response.end(
        JSON.stringify({ ARN: SECRET_ARN, Name: 'recon-provider', SecretString: JSON.stringify(secret) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, regions, close: () => server.close() };
}

const SECRET_ARN = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:recon-provider-AbCdEf';

describe('recon webhooks create --secret-arn', () => {
  it('reads the secret in the region its ARN names when the shell configures none', async () => {
    const env = await provider();
    const secrets = await fakeSecretsManager({ ...CREDENTIALS, hmacSecret: 'hmac-from-the-secret-77' });
    try {
      const args = ['webhooks', 'create', '--endpoint', 'https://hooks.example.com/recon'];
      const outcome = await runCliProcess(
        [...args, '--secret-arn', SECRET_ARN, '--token-stdin'],
        {
          ...env,
          AWS_REGION: '',
          AWS_DEFAULT_REGION: '',
          AWS_CONFIG_FILE: '/nonexistent/aws-config',
          AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
          AWS_SECRET_ACCESS_KEY: 'fake-secret-access-key',
          AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.url,
        },
        `${CREDENTIALS.apiToken}\n`,
      );
      expect(outcome.code, outcome.stderr).toBe(0);
      expect(outcome.stdout).toMatch(/^created webhook \S+ -> https:\/\/hooks\.example\.com\/recon\n$/);
      expect(secrets.regions).toEqual(['sa-east-1']);
    } finally {
      secrets.close();
    }
  });
});
