/**
 * A user pool's signing as a test plays it: RSA keys generated here, ID tokens signed with them,
 * and the real verifier the inbox Lambda builds (`aws-jwt-verify`), hydrated with these keys instead
 * of fetching the pool's.
 */
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { cognitoVerifier } from '../../lambdas/runtime/sign-in';

export const POOL = 'us-east-1_TestPool1';
export const CLIENT = 'inboxclient123';
export const SIGN_IN_CONFIG = {
  userPoolId: POOL,
  clientId: CLIENT,
  domainUrl: 'https://recon-test.auth.us-east-1.amazoncognito.com',
  callbackUrl: 'https://inbox.example/auth/callback',
  signOutUrl: 'https://inbox.example/',
};

export interface TestKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly jwk: Record<string, unknown>;
}

export function keyPair(kid: string): TestKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}

export function signToken(claims: Record<string, unknown>, key: TestKey): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'RS256', kid: key.kid, typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createSign('RSA-SHA256').update(body).sign(key.privateKey).toString('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** An ID token's claims as the pool issues them for the inbox's client. */
export const idClaims = (extra: Record<string, unknown> = {}) => ({
  iss: `https://cognito-idp.us-east-1.amazonaws.com/${POOL}`,
  aud: CLIENT,
  token_use: 'id',
  sub: 'b1f6a1c2',
  email: 'ana@empresa.com.br',
  'cognito:username': 'ana',
  'cognito:groups': ['operators'],
  iat: now(),
  exp: now() + 3600,
  ...extra,
});

/** The Lambda's verifier, trusting `key` only. */
export function verifierTrusting(key: TestKey) {
  const verifier = cognitoVerifier(SIGN_IN_CONFIG);
  verifier.cacheJwks({ keys: [key.jwk] } as unknown as Parameters<typeof verifier.cacheJwks>[0]);
  return verifier;
}
