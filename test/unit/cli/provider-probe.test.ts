/** The check a local run makes before starting: which answers end it, and in which sentence. */
import { describe, expect, it } from 'vitest';
import { RunFailedError } from '../../../cli/errors';
import { assertReachable } from '../../../cli/runner/reachability';
import { type Reply, scriptedFetch } from '../provider/fake-fetch';
import { CREDENTIALS } from '../provider/harness';

const URL = 'https://example.test/api';
const HTML = { 'content-type': 'text/html' };
const WRONG_API = `${URL} does not look like the remittance-report API`;

async function probe(reply: Reply, env: 'sandbox' | 'production' = 'production') {
  const { fetch, requests } = scriptedFetch(() => reply);
  const error = await assertReachable({ baseUrl: URL, env, credentials: CREDENTIALS, fetch }).catch(
    (e: unknown) => e,
  );
  return { error, requests };
}

describe('the provider check before a local run', () => {
  it.each([
    [
      { status: 404, body: '<html><body>Not Found</body></html>', headers: HTML },
      'GET /retornos/configuracoes answered HTTP 404 with an HTML page',
    ],
    [
      { status: 404, body: 'Not Found' },
      'GET /retornos/configuracoes answered HTTP 404 with a body that is not JSON',
    ],
    [{ status: 405, body: { error: 'method' } }, 'GET /retornos/configuracoes answered HTTP 405'],
    [
      { body: '<!doctype html><title>Welcome</title>', headers: HTML },
      'GET /retornos/configuracoes answered HTTP 200 with an HTML page instead of JSON',
    ],
    [{ body: { status: 'ok' } }, 'GET /retornos/configuracoes answered HTTP 200 with JSON of another shape'],
  ] as const)('%j: one sentence naming the URL and the cause, after one request', async (reply, cause) => {
    const { error, requests } = await probe(reply);
    expect(error).toBeInstanceOf(RunFailedError);
    expect((error as Error).message).toBe(`${WRONG_API}: ${cause} (1 request made). Check --provider-url.`);
    expect(requests).toHaveLength(1);
  });

  it('in the sandbox asks for the report list, the call its run starts with', async () => {
    const { error, requests } = await probe({ status: 404, body: '<html></html>', headers: HTML }, 'sandbox');
    expect((error as Error).message).toBe(
      `${WRONG_API}: GET /retornos answered HTTP 404 with an HTML page (1 request made). Check --provider-url.`,
    );
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/retornos']);
  });

  it('refused credentials are named as such, the token nowhere', async () => {
    const { error } = await probe({
      status: 401,
      body: { mensagem: `token ${CREDENTIALS.apiToken} invalido` },
    });
    expect((error as Error).message).toBe(
      `${URL} refused the credentials: GET /retornos/configuracoes answered HTTP 401 (1 request made). Check RECON_EMAIL and RECON_API_TOKEN.`,
    );
  });

  it('no answer at all: cannot reach, without retries', async () => {
    const { error, requests } = await probe('network');
    expect((error as Error).message).toBe(`cannot reach the provider at ${URL}: connection refused.`);
    expect(requests).toHaveLength(1);
  });

  it.each([
    [{ status: 503, body: '<html>Service Unavailable</html>', headers: HTML }],
    [{ status: 429, body: { mensagem: 'limite' } }],
    [{ body: [{ id: 35176, nome: 'Vendas' }] }],
  ] as const)('%j lets the run go on (its retries handle a busy provider)', async (reply) => {
    const { error, requests } = await probe(reply);
    expect(error).toBeUndefined();
    expect(requests).toHaveLength(1);
  });

  it('never shows a password written into the URL', async () => {
    const { fetch } = scriptedFetch(() => ({ status: 404, body: '<html></html>', headers: HTML }));
    const error = await assertReachable({
      baseUrl: 'https://ops:hunter2@example.test/api',
      env: 'production',
      credentials: CREDENTIALS,
      fetch,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^https:\/\/example\.test\/api does not look like/);
    expect((error as Error).message).not.toContain('hunter2');
  });
});
