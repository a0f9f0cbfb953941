/**
 * The deployed inbox end to end but for Cognito itself: API Gateway v2 events through the Lambda's
 * adapter into the inbox with the Cognito gate, the real `aws-jwt-verify` verifier trusting keys
 * this test generates, and a stand-in for the pool's token endpoint. Without a session a page sends
 * the person to the managed login and a form is refused; after the code flow an operator decides
 * under their e-mail, a viewer cannot, a form without its CSRF token is refused, and signing out
 * clears the session.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import type { Breaks } from '../../../lambdas/core/breaks/service';
import { breakView } from '../../../lambdas/core/breaks/status';
import { buildInbox } from '../../../lambdas/core/inbox/app';
import { cognitoGate } from '../../../lambdas/core/inbox/cognito-gate';
import { buildCognitoSignIn } from '../../../lambdas/core/sign-in/cognito';
import { toInboxRequest } from '../../../lambdas/runtime/inbox-event';
import { idClaims, keyPair, SIGN_IN_CONFIG, signToken, verifierTrusting } from '../../support/cognito-keys';
import { AS_OF, paidShort } from '../../support/inbox-handlers';

const observed = paidShort();
const view = breakView(observed.id, observed, undefined, AS_OF);
const key = keyPair('pool-key');

function event(method: string, target: string, cookies: string[] = [], form?: Record<string, string>) {
  const url = new URL(target, 'https://inbox.example');
  const body = form ? Buffer.from(new URLSearchParams(form).toString()).toString('base64') : undefined;
  return {
    version: '2.0',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    requestContext: { http: { method } },
    ...(body ? { body, isBase64Encoded: true } : {}),
  } as unknown as APIGatewayProxyEventV2;
}

function deployed(idToken: string) {
  const decide = vi.fn(async () => ({ view, event: {} }));
  const breaks = { list: async () => [view], decide } as unknown as Breaks;
  const tokenEndpoint = vi.fn(async () => Response.json({ id_token: idToken, expires_in: 3600 }));
  const signIn = buildCognitoSignIn({
    config: SIGN_IN_CONFIG,
    verifier: verifierTrusting(key),
    fetch: tokenEndpoint as unknown as typeof fetch,
  });
  const inbox = buildInbox({
    breaks,
    records: async () => undefined,
    asOf: AS_OF,
    acceptReasons: ['arredondamento'],
    gate: cognitoGate(signIn, 'pt-BR'),
    language: 'pt-BR',
  });
  const handle = (e: APIGatewayProxyEventV2) => inbox.handle(toInboxRequest(e));
  /** The code flow from a first visit: the session cookie it leaves. */
  async function signedIn(): Promise<string> {
    const first = await handle(event('GET', '/'));
    const login = new URL(first.headers.Location ?? '');
    const pending = (first.cookies?.[0] ?? '').split(';')[0] ?? '';
    const back = await handle(
      event('GET', `/auth/callback?code=c0de&state=${login.searchParams.get('state')}`, [pending]),
    );
    expect(back.status).toBe(303);
    return (back.cookies?.[0] ?? '').split(';')[0] ?? '';
  }
  return { handle, decide, signedIn };
}

const csrfOf = (page: string) => page.match(/name="csrf" value="([^"]+)"/)?.[1] ?? '';
const decision = { id: view.id, expected: '0', action: 'treat', note: 'ligar para a adquirente' };

describe('the deployed inbox behind Cognito (adapter, gate, verifier)', () => {
  it('sends a page without a session to the managed login and refuses a form', async () => {
    const { handle, decide } = deployed(signToken(idClaims(), key));
    const page = await handle(event('GET', '/?tipo=LATE'));
    expect(page.status).toBe(303);
    expect(page.headers.Location).toMatch(
      /^https:\/\/recon-test\.auth\.us-east-1\.amazoncognito\.com\/oauth2\/authorize\?/,
    );
    expect(page.body).toBe('');
    const form = await handle(event('POST', '/decidir', [], decision));
    expect(form.status).toBe(401);
    expect(form.body).not.toContain('ACQ1');
    // A deployed person is told to sign in again, not to run the local command.
    expect(form.body).toContain('recarregue a página para entrar de novo');
    expect(form.body).not.toContain('recon inbox');
    const forged = signToken(idClaims(), keyPair('pool-key'));
    expect((await handle(event('GET', '/', [`__Host-recon-session=${forged}`]))).status).toBe(303);
    expect(decide).not.toHaveBeenCalled();
  });

  it('lets an operator decide under their e-mail with the CSRF token of their session, and sign out', async () => {
    const { handle, decide, signedIn } = deployed(signToken(idClaims(), key));
    const session = await signedIn();
    const list = await handle(event('GET', '/', [session]));
    expect(list.status).toBe(200);
    expect(list.body).toContain('ana@empresa.com.br');
    const csrf = csrfOf(list.body);
    expect(csrf).toMatch(/^[\w-]{43}$/);
    expect((await handle(event('POST', '/decidir', [session], decision))).status).toBe(403);
    expect((await handle(event('POST', '/decidir', [session], { ...decision, csrf: 'x' }))).status).toBe(403);
    expect(decide).not.toHaveBeenCalled();
    const done = await handle(event('POST', '/decidir', [session], { ...decision, csrf }));
    expect(done.status).toBe(303);
    expect(decide).toHaveBeenCalledWith(
      expect.objectContaining({ actor: 'ana@empresa.com.br', expected: 0 }),
    );

    const out = await handle(event('POST', '/sair', [session], { csrf }));
    expect(out.headers.Location).toMatch(/\/logout\?client_id=/);
    expect(out.cookies).toEqual(['__Host-recon-session=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax']);
  });

  it("refuses a viewer's decision even with their session's CSRF token", async () => {
    const viewerToken = signToken(
      idClaims({ 'cognito:groups': ['viewers'], email: 'bia@empresa.com.br' }),
      key,
    );
    const { handle, decide, signedIn } = deployed(viewerToken);
    const session = await signedIn();
    const list = await handle(event('GET', '/', [session]));
    expect(list.status).toBe(200);
    const csrf = csrfOf(list.body);
    expect((await handle(event('POST', '/decidir', [session], { ...decision, csrf }))).status).toBe(403);
    expect(decide).not.toHaveBeenCalled();
  });

  it('refuses a callback it did not start', async () => {
    const { handle } = deployed(signToken(idClaims(), key));
    const answer = await handle(event('GET', '/auth/callback?code=c0de&state=forged', []));
    expect(answer.status).toBe(401);
    expect(answer.body).not.toContain('recon inbox');
    expect(answer.cookies ?? []).toEqual([]);
  });
});
