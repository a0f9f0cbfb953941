/**
 * How the inbox knows who is at the keyboard. The pages and forms (app.ts) ask only this; the local
 * server signs in by a printed one-time link (`localGate`, sessions in memory), the deployed Lambda
 * by Cognito's managed login (cognito-gate.ts).
 */
import type { ReportLanguage } from '../report-language';
import { cookieValue, type InboxRequest, type InboxResponse, page, redirect } from './http';
import { bare, HEADERS } from './layout';
import type { Sessions } from './session';
import { inboxTextsFor } from './texts';

/** The signed-in person, what they may do, and their session's CSRF token. */
export interface SignedIn {
  readonly name: string;
  readonly canDecide: boolean;
  readonly csrf: string;
}

export interface Gate {
  /** The gate's own routes (signing in), answered before any session is asked for; undefined otherwise. */
  answer(req: InboxRequest): Promise<InboxResponse | undefined>;
  /** The person behind the request's session; undefined without a live one. */
  who(req: InboxRequest): Promise<SignedIn | undefined>;
  /** What a request without a session gets. */
  refused(req: InboxRequest): InboxResponse;
  /** Signing out (a POST that carried its CSRF token). */
  signOut(req: InboxRequest): InboxResponse;
}

/** The local session's cookie. */
export const COOKIE = 'recon_inbox';

export const refusal = (status: number, message: string, language: ReportLanguage) =>
  page(status, bare(message, language), HEADERS);

export interface LocalGateDeps {
  readonly sessions: Sessions;
  /** Who signs in through the printed link, and whether they may decide. */
  readonly identity: { readonly name: string; readonly canDecide: boolean };
  /** `Secure` on the cookie: off on http://127.0.0.1, on behind HTTPS. */
  readonly secureCookie?: boolean;
  /** The language of its refusals (the stage's, as the pages'). */
  readonly language: ReportLanguage;
}

/** The local server's: `/entrar?token=` trades the printed one-time token for a session cookie. */
export function localGate({ sessions, identity, secureCookie, language }: LocalGateDeps): Gate {
  const t = inboxTextsFor(language);
  const cookie = (value: string, maxAge: number) =>
    `${COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}${secureCookie ? '; Secure' : ''}`;
  const sessionOf = (req: InboxRequest) => cookieValue(req.cookie, COOKIE);
  return {
    async answer(req) {
      if (req.method !== 'GET' || req.path !== '/entrar') return undefined;
      const session = sessions.exchange(req.query.get('token') ?? '');
      if (!session) return refusal(401, t.refused, language);
      return redirect('/', { ...HEADERS, 'Set-Cookie': cookie(session.id, 12 * 3600) });
    },
    async who(req) {
      const session = sessions.find(sessionOf(req));
      return session ? { ...identity, csrf: session.csrf } : undefined;
    },
    refused: () => refusal(401, t.refused, language),
    signOut(req) {
      const id = sessionOf(req);
      if (id) sessions.revoke(id);
      return page(200, bare(t.signedOut, language), { ...HEADERS, 'Set-Cookie': cookie('', 0) });
    },
  };
}
