/**
 * Provider messages are redacted whole before they are cut: a secret straddling the cut must not
 * leave its prefix behind. The provider here echoes the request (token, hmac, extra header values).
 */
import { describe, expect, it } from 'vitest';
import type { WebhookRegistration } from '../../../lambdas/core/provider/port';
import { leaks } from '../../support/secret-sweep';
import { CREDENTIALS, setup } from './harness';

/** Where `http.ts` cuts a provider's message. */
const CUT = 300;

const REGISTRATION: WebhookRegistration = {
  idTipoEvento: 1,
  endpoint: 'https://hooks.example.com/recon',
  hmac: 'hmac-Zq8vL2wR7tK4-42',
  headersExtra: { 'x-recon-key': 'xf-Q7xK9pZ2mW4' },
  flagAtivo: 1,
};
const WEBHOOK_SECRETS = [REGISTRATION.hmac, ...Object.values(REGISTRATION.headersExtra)];

/** A message whose `secret` starts at character `at`. */
const straddling = (secret: string, at: number) => `${'.'.repeat(at)}${secret} recusado`;

const messageOf = (error: unknown) => `${(error as Error).message}\n${(error as Error).stack}`;

describe('a provider message cut at its length limit', () => {
  const offsets = Array.from({ length: CREDENTIALS.apiToken.length + 1 }, (_, i) => CUT - i);

  it.each(offsets)('keeps no piece of a token starting at character %i', async (at) => {
    const { client } = setup(() => ({
      status: 401,
      body: { mensagem: straddling(CREDENTIALS.apiToken, at) },
    }));
    const error = await client.listReports().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthenticationError' });
    expect(leaks({ message: messageOf(error) }, [CREDENTIALS.apiToken])).toEqual([]);
  });

  it('still says what the provider said before the secret', async () => {
    const { client } = setup(() => ({
      status: 401,
      body: { mensagem: `token ${CREDENTIALS.apiToken} invalido` },
    }));
    await expect(client.listReports()).rejects.toThrow('token [redacted] invalido');
  });
});

describe('a webhook registration echoed back in an error', () => {
  const echoes: [string, (body: string) => string][] = [
    ['whole', (body) => `endpoint recusado; corpo: ${body}`],
    ['quoted as a JSON string', (body) => `endpoint recusado; corpo: ${JSON.stringify(body)}`],
    ['straddling the cut', (body) => straddling(body, CUT - 40)],
  ];

  it.each(echoes)('create: no piece of the hmac or a header value (%s)', async (_name, echo) => {
    const { client } = setup((request) =>
      request.method === 'POST'
        ? { status: 400, body: { mensagem: echo(request.body ?? '') } }
        : { body: [] },
    );
    const error = await client.createWebhook(REGISTRATION).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InvalidRequestError' });
    expect(leaks({ message: messageOf(error) }, WEBHOOK_SECRETS)).toEqual([]);
  });

  it.each(echoes)('update: no piece of the hmac or a header value (%s)', async (_name, echo) => {
    const { client } = setup((request) => ({ status: 400, body: { mensagem: echo(request.body ?? '') } }));
    const error = await client.updateWebhook('1001', REGISTRATION).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InvalidRequestError' });
    expect(leaks({ message: messageOf(error) }, WEBHOOK_SECRETS)).toEqual([]);
  });
});
