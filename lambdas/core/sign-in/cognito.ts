/**
 * Deployed sign-in through Amazon Cognito's managed login, as an authorization-code flow with PKCE
 * (the app client has no secret: nothing to leak from the Lambda's environment). The callback
 * trades the code for tokens at the user pool's token endpoint and keeps the ID token as the session
 * cookie; every request after that is identified by verifying it (signature against the pool's
 * published keys, issuer, audience, `token_use`, expiry: `aws-jwt-verify`), so a session lives at
 * most as long as the token (`idTokenMinutes` in the stack) and no session store is needed.
 *
 * Who may do what comes from the pool's groups: `operators` decide, `viewers` read; a person in
 * neither group is refused every page.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  clearCookie,
  PENDING_COOKIE,
  PENDING_SECONDS,
  parseCookies,
  SESSION_COOKIE,
  setCookie,
} from './cookies';

/** The inbox's route the managed login sends people back to, with the code. */
export const CALLBACK_PATH = '/auth/callback';

export const OPERATORS_GROUP = 'operators';
export const VIEWERS_GROUP = 'viewers';

export type Role = 'operator' | 'viewer';

/** The signed-in person: the name recorded on every decision, and what they may do. */
export interface Identity {
  readonly name: string;
  readonly role: Role;
}

/** A live session: who it is, and the verified token it was read from (its cookie's value). */
export interface SessionIdentity extends Identity {
  readonly sessionToken: string;
}

export interface SignInConfig {
  readonly userPoolId: string;
  readonly clientId: string;
  /** The managed login's base URL, `https://<prefix>.auth.<region>.amazoncognito.com`. */
  readonly domainUrl: string;
  /** Where Cognito sends the browser back with the code (`<inbox url>/auth/callback`). */
  readonly callbackUrl: string;
  /** Where the browser lands after signing out (the inbox's root). */
  readonly signOutUrl: string;
}

/** A verifier of ID tokens: `aws-jwt-verify`'s CognitoJwtVerifier, or one a test hydrated with its keys. */
export interface TokenVerifier {
  verify(token: string): Promise<Readonly<Record<string, unknown>>>;
}

export interface SignInDeps {
  readonly config: SignInConfig;
  readonly verifier: TokenVerifier;
  /** The token endpoint's caller (global `fetch` deployed). */
  readonly fetch: typeof fetch;
}

/** A redirect with the cookies it sets. */
export interface Redirect {
  readonly location: string;
  readonly cookies: readonly string[];
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export class SignInRefusedError extends Error {
  constructor(reason: string) {
    super(`sign-in refused: ${reason}`);
    this.name = 'SignInRefusedError';
  }
}

export function buildCognitoSignIn({ config, verifier, fetch }: SignInDeps) {
  return {
    /** Off to the managed login, with a fresh state and PKCE verifier kept in a short-lived cookie. */
    start(): Redirect {
      const state = base64url(randomBytes(16));
      const codeVerifier = base64url(randomBytes(32));
      const challenge = base64url(createHash('sha256').update(codeVerifier).digest());
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: config.callbackUrl,
        scope: 'openid email',
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      return {
        location: `${config.domainUrl}/oauth2/authorize?${query}`,
        cookies: [setCookie(PENDING_COOKIE, `${state}.${codeVerifier}`, PENDING_SECONDS)],
      };
    },

    /** Back from the managed login: the code for tokens, then the session cookie. */
    async callback(
      query: { code?: string; state?: string },
      cookieHeaders: readonly string[],
    ): Promise<Redirect> {
      const [state, codeVerifier] = (parseCookies(cookieHeaders).get(PENDING_COOKIE) ?? '').split('.');
      if (!query.code || !state || !codeVerifier || query.state !== state) {
        throw new SignInRefusedError('the sign-in was not started here, or took too long');
      }
      const response = await fetch(`${config.domainUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: config.clientId,
          code: query.code,
          redirect_uri: config.callbackUrl,
          code_verifier: codeVerifier,
        }).toString(),
      });
      if (!response.ok) throw new SignInRefusedError(`the token endpoint answered ${response.status}`);
      const tokens = (await response.json()) as { id_token?: string; expires_in?: number };
      if (!tokens.id_token) throw new SignInRefusedError('the token endpoint sent no ID token');
      // A token that does not verify never becomes a session.
      await verifier.verify(tokens.id_token);
      return {
        location: '/',
        cookies: [
          setCookie(SESSION_COOKIE, tokens.id_token, tokens.expires_in ?? 3600),
          clearCookie(PENDING_COOKIE),
        ],
      };
    },

    /**
     * The person behind a request's session cookie, with the token it holds (so a caller never reads
     * the cookies again); undefined without a valid one or a group.
     */
    async identify(cookieHeaders: readonly string[]): Promise<SessionIdentity | undefined> {
      const token = parseCookies(cookieHeaders).get(SESSION_COOKIE);
      if (!token) return undefined;
      const claims = await verifier.verify(token).catch(() => undefined);
      if (!claims) return undefined;
      const groups = Array.isArray(claims['cognito:groups']) ? (claims['cognito:groups'] as string[]) : [];
      const role: Role | undefined = groups.includes(OPERATORS_GROUP)
        ? 'operator'
        : groups.includes(VIEWERS_GROUP)
          ? 'viewer'
          : undefined;
      const name = claims.email ?? claims['cognito:username'];
      if (role === undefined || typeof name !== 'string') return undefined;
      return { name, role, sessionToken: token };
    },

    /** Out of the inbox and of the managed login's own session. */
    signOut(): Redirect {
      const query = new URLSearchParams({ client_id: config.clientId, logout_uri: config.signOutUrl });
      return { location: `${config.domainUrl}/logout?${query}`, cookies: [clearCookie(SESSION_COOKIE)] };
    },
  };
}

export type CognitoSignIn = ReturnType<typeof buildCognitoSignIn>;
