/**
 * The deployed sign-in against keys this test generates: the real `aws-jwt-verify` verifier the
 * Lambda builds (hydrated with the test's JWKS instead of fetching the pool's), tokens signed here,
 * and a stand-in for Cognito's token endpoint that checks what the flow sends it.
 */
import { describe, expect, it } from 'vitest';
import { buildCognitoSignIn, SignInRefusedError } from '../../../lambdas/core/sign-in/cognito';
import { PENDING_COOKIE, SESSION_COOKIE } from '../../../lambdas/core/sign-in/cookies';
import {
  CLIENT,
  idClaims,
  keyPair,
  SIGN_IN_CONFIG,
  signToken,
  verifierTrusting,
} from '../../support/cognito-keys';

const config = SIGN_IN_CONFIG;
const trusted = keyPair('trusted');
// The same key id as the trusted key: refused for its signature, not for a key the verifier would fetch.
const stranger = keyPair('trusted');
const sign = signToken;
const claims = idClaims;
const now = () => Math.floor(Date.now() / 1000);

function signIn(tokenEndpoint: typeof fetch = async () => new Response('{}', { status: 500 })) {
  return buildCognitoSignIn({ config, verifier: verifierTrusting(trusted), fetch: tokenEndpoint });
}
const session = (token: string) => [`${SESSION_COOKIE}=${token}`];

describe('deployed sign-in (Cognito managed login, aws-jwt-verify)', () => {
  it('identifies an operator and a viewer by their groups, by e-mail, with the token of their session', async () => {
    const inbox = signIn();
    const operator = sign(claims(), trusted);
    // Among other cookies, in another header: the session's token is read once and handed back.
    expect(await inbox.identify(['theme=dark', `${session(operator)[0]}; lang=pt`])).toEqual({
      name: 'ana@empresa.com.br',
      role: 'operator',
      sessionToken: operator,
    });
    const viewer = sign(claims({ email: 'bia@empresa.com.br', 'cognito:groups': ['viewers'] }), trusted);
    expect(await inbox.identify(session(viewer))).toEqual({
      name: 'bia@empresa.com.br',
      role: 'viewer',
      sessionToken: viewer,
    });
  });

  it.each([
    ['no cookie', []],
    ['a token signed by another key', session(sign(claims(), stranger))],
    ['an expired token', session(sign(claims({ exp: now() - 60, iat: now() - 3700 }), trusted))],
    ['a token of another app client', session(sign(claims({ aud: 'other-client' }), trusted))],
    ['an access token', session(sign(claims({ token_use: 'access' }), trusted))],
    [
      'a token of another pool',
      session(sign(claims({ iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other' }), trusted)),
    ],
    ['a person in no group', session(sign(claims({ 'cognito:groups': [] }), trusted))],
    ['a tampered token', session(`${sign(claims(), trusted).slice(0, -4)}AAAA`)],
  ])('refuses %s', async (_, cookies) => {
    expect(await signIn().identify(cookies)).toBeUndefined();
  });

  it('runs the code flow with PKCE and keeps the verified ID token as an HttpOnly, Secure, SameSite session', async () => {
    const idToken = sign(claims(), trusted);
    const sent: URLSearchParams[] = [];
    const inbox = signIn(async (url, init) => {
      expect(String(url)).toBe(`${config.domainUrl}/oauth2/token`);
      sent.push(new URLSearchParams(String(init?.body)));
      return Response.json({ id_token: idToken, access_token: 'x', expires_in: 3600, token_type: 'Bearer' });
    });
    const started = inbox.start();
    const authorize = new URL(started.location);
    expect(authorize.origin + authorize.pathname).toBe(`${config.domainUrl}/oauth2/authorize`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const pending = (started.cookies[0] ?? '').split(';')[0] ?? '';
    expect(pending.startsWith(`${PENDING_COOKIE}=`)).toBe(true);

    const done = await inbox.callback(
      { code: 'the-code', state: authorize.searchParams.get('state') ?? '' },
      [pending],
    );
    expect(done.location).toBe('/');
    expect(done.cookies[0]).toBe(
      `${SESSION_COOKIE}=${idToken}; Max-Age=3600; Path=/; Secure; HttpOnly; SameSite=Lax`,
    );
    const [form] = sent;
    expect(form?.get('grant_type')).toBe('authorization_code');
    expect(form?.get('code')).toBe('the-code');
    // The verifier whose hash went to the authorize endpoint, so a stolen code alone is useless.
    const { createHash } = await import('node:crypto');
    const verifier = form?.get('code_verifier') ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      authorize.searchParams.get('code_challenge'),
    );
  });

  it('refuses a callback it did not start, and a token endpoint that hands back an unverifiable token', async () => {
    const forged = sign(claims(), stranger);
    const inbox = signIn(async () => Response.json({ id_token: forged, expires_in: 3600 }));
    const started = inbox.start();
    const state = new URL(started.location).searchParams.get('state') ?? '';
    const pending = (started.cookies[0] ?? '').split(';')[0] ?? '';
    await expect(inbox.callback({ code: 'c', state: 'another' }, [pending])).rejects.toBeInstanceOf(
      SignInRefusedError,
    );
    await expect(inbox.callback({ code: 'c', state }, [])).rejects.toBeInstanceOf(SignInRefusedError);
    await expect(inbox.callback({ code: 'c', state }, [pending])).rejects.toThrow();
  });

  it('signs out of the inbox and of the managed login', () => {
    const out = signIn().signOut();
    expect(out.location).toBe(
      `${config.domainUrl}/logout?client_id=${CLIENT}&logout_uri=${encodeURIComponent(config.signOutUrl)}`,
    );
    expect(out.cookies).toEqual([`${SESSION_COOKIE}=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax`]);
  });
});
