import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basicAuthorization } from '../../../lambdas/core/provider/http';
import type { Reply } from './fake-fetch';
import { BIG_ID, CREDENTIALS, setup } from './harness';

const header = basicAuthorization(CREDENTIALS);
const SECRETS = [CREDENTIALS.apiToken, header, header.slice('Basic '.length)];

/** Every way an error or a log line could be written out. */
function renderings(value: unknown): string[] {
  return [
    JSON.stringify(value),
    JSON.stringify(value, Object.getOwnPropertyNames(value ?? {})),
    inspect(value, { showHidden: true, depth: 10 }),
    String(value),
    (value as Error)?.stack ?? '',
  ];
}

function expectNoSecret(value: unknown): void {
  for (const text of renderings(value)) {
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('credentials never leak', () => {
  it.each<[string, Reply]>([
    // A provider that echoes the credentials back must still not get them into our errors.
    ['401 echoing the token', { status: 401, body: { mensagem: `token ${CREDENTIALS.apiToken} invalido` } }],
    ['400 echoing the header', { status: 400, body: { mensagem: `header ${header} recusado` } }],
    ['500', { status: 500, body: { mensagem: `falha ${header.slice(6)}` } }],
    ['429', { status: 429, headers: { 'retry-after': '1' } }],
    ['409', { status: 409 }],
    ['truncated body', { body: '{"id":1,"regis' }],
    ['refused connection', 'network'],
  ])('in the error, its properties, its stack or the request log: %s', async (_, reply) => {
    const { client, infos } = setup(() => reply, { maxAttempts: 2 });
    const error = await client.downloadPage(BIG_ID, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expectNoSecret(error);
    expectNoSecret(infos);
    expect(infos.length).toBeGreaterThan(0);
  });

  it('in a timeout error', async () => {
    vi.useFakeTimers();
    const { client, infos } = setup(() => 'hang', { maxAttempts: 1, timeoutMs: 100 });
    const outcome = client.listConfigurations().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    const error = await outcome;
    expect(error).toMatchObject({ name: 'ProviderTimeoutError' });
    expectNoSecret(error);
    expectNoSecret(infos);
  });

  it('keeps the provider message readable apart from the redacted secret', async () => {
    const { client } = setup(() => ({
      status: 401,
      body: { mensagem: `token ${CREDENTIALS.apiToken} invalido` },
    }));
    await expect(client.listReports()).rejects.toThrow('token [redacted] invalido');
  });
});
