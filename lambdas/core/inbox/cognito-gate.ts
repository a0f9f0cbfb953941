/**
 * The deployed inbox's gate: Cognito's managed login (sign-in/cognito.ts). A GET without a session
 * is sent to sign in and comes back to the inbox's root; a POST without one is refused. The CSRF
 * token every form carries is derived from the session's own token, which no other site can read
 * (HttpOnly) nor send along with a cross-site form (SameSite), so there is nothing to store.
 */
import { createHash } from 'node:crypto';
import type { ReportLanguage } from '../report-language';
import { CALLBACK_PATH, type CognitoSignIn, type Redirect, SignInRefusedError } from '../sign-in/cognito';
import { type Gate, refusal } from './gate';
import type { InboxRequest, InboxResponse } from './http';
import { HEADERS } from './layout';
import { inboxTextsFor } from './texts';

const cookiesOf = (req: InboxRequest) => (req.cookie === undefined ? [] : [req.cookie]);

const csrfOf = (sessionToken: string) =>
  createHash('sha256').update(`recon-inbox-csrf:${sessionToken}`).digest('base64url');

function follow({ location, cookies }: Redirect): InboxResponse {
  return { status: 303, headers: { ...HEADERS, Location: location }, body: '', cookies };
}

export function cognitoGate(signIn: CognitoSignIn, language: ReportLanguage): Gate {
  // Not the local link's words: a deployed person signs in again through the managed login.
  const refused = () => refusal(401, inboxTextsFor(language).signInAgain, language);
  return {
    async answer(req) {
      if (req.method !== 'GET' || req.path !== CALLBACK_PATH) return undefined;
      const code = req.query.get('code') ?? undefined;
      const state = req.query.get('state') ?? undefined;
      try {
        return follow(await signIn.callback({ code, state }, cookiesOf(req)));
      } catch (error) {
        if (error instanceof SignInRefusedError) return refused();
        throw error;
      }
    },
    async who(req) {
      const person = await signIn.identify(cookiesOf(req));
      if (!person) return undefined;
      return { name: person.name, canDecide: person.role === 'operator', csrf: csrfOf(person.sessionToken) };
    },
    refused: (req) => (req.method === 'GET' ? follow(signIn.start()) : refused()),
    signOut: () => follow(signIn.signOut()),
  };
}
