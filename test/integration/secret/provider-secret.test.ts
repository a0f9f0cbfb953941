/**
 * The secret read the way the Lambdas read it (Powertools' SecretsProvider over the real AWS SDK),
 * against a loopback stand-in for Secrets Manager's GetSecretValue: whatever the secret holds, an
 * error names the secret and quotes none of its value.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_CREDENTIAL, providerCredentialsOf, webhookSecretOf } from '../../../lambdas/core/secret';

const ARN = 'arn:aws:secretsmanager:sa-east-1:111111111111:secret:recon-provider-AbCdEf';
/** What the secret holds for the current test. */
let stored = '';
let server: Server;
let provider: SecretsProvider;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ ARN, Name: 'recon-provider', SecretString: stored }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  provider = new SecretsProvider({
    awsSdkV3Client: new SecretsManagerClient({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'sa-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Reads the secret as the Lambdas do (raw, no cache) and hands it to `parse`; returns the error. */
async function failureOf(secret: string, parse: (id: string, value: unknown) => unknown) {
  stored = secret;
  const value = await provider.get(ARN, { forceFetch: true });
  try {
    parse(ARN, value);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the secret to be refused');
}

/** Every way the error could be written out: message, stack, JSON (Step Functions cause), inspect. */
function renderings(error: Error): string {
  return [
    error.message,
    error.stack,
    String(error),
    JSON.stringify(error, Object.getOwnPropertyNames(error)),
    inspect(error, { showHidden: true, depth: 10 }),
  ].join('\n');
}

const PLAIN_TEXT = 'hunter2-plain-text-api-token-0123456789';

describe('a secret recon cannot use', () => {
  it('stored as plain text: a fixed message, none of the text (Powertools JSON transform would quote it)', async () => {
    stored = PLAIN_TEXT;
    const transformError = await provider
      .get(ARN, { forceFetch: true, transform: 'json' })
      .catch((e: Error) => e);
    // Why the raw value is parsed by recon: the library's own message carries the secret's start.
    expect(String((transformError as Error).message)).toContain(PLAIN_TEXT.slice(0, 10));

    for (const parse of [providerCredentialsOf, webhookSecretOf]) {
      const error = await failureOf(PLAIN_TEXT, parse);
      expect(error.message).toBe(`secret ${ARN} is not a JSON object; store it as JSON (see README)`);
      const text = renderings(error);
      for (let start = 0; start + 6 <= PLAIN_TEXT.length; start++)
        expect(text).not.toContain(PLAIN_TEXT.slice(start, start + 6));
    }
  });

  it('JSON of the wrong shape: names the missing fields, not the values', async () => {
    const error = await failureOf(
      JSON.stringify({ email: 'ops@example.com', apiToken: 12345678 }),
      providerCredentialsOf,
    );
    expect(error.message).toBe(`secret ${ARN} must hold non-empty "email" and "apiToken"`);
    expect(renderings(error)).not.toMatch(/ops@example\.com|12345678/);
  });

  it('still holding the placeholders the stack created: "set the secret first", before any provider call', async () => {
    const hmacSecret = 'generated-hmac-secret-value-0123456789abcdef';
    const created = { email: PLACEHOLDER_CREDENTIAL, apiToken: PLACEHOLDER_CREDENTIAL, hmacSecret };
    const error = await failureOf(JSON.stringify(created), providerCredentialsOf);
    expect(error.message).toContain(`secret ${ARN} still holds the placeholders`);
    expect(error.message).toContain('set the secret first');
    expect(renderings(error)).not.toContain(hmacSecret);
  });

  it('accepts a set secret', async () => {
    stored = JSON.stringify({ email: 'ops@example.com', apiToken: 't0k3n', hmacSecret: 'h' });
    const value = await provider.get(ARN, { forceFetch: true });
    expect(providerCredentialsOf(ARN, value)).toEqual({ email: 'ops@example.com', apiToken: 't0k3n' });
    expect(webhookSecretOf(ARN, value)).toEqual({ hmacSecret: 'h' });
  });
});
