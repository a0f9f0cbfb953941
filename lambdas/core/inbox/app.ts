/**
 * The inbox's handlers: a request in, a response out, its dependencies given (the breaks service,
 * the business date, who signed in and the sessions), so the local server and a future Lambda host
 * the same code. Nothing answers without a live session but the sign-in link itself; every POST
 * needs the session's CSRF token, and every POST but signing out needs an operator.
 */
import { matches } from '../breaks/filters';
import type { Breaks } from '../breaks/service';
import type { IsoDate } from '../calendar';
import { bulkAccept, decideOne } from './actions';
import { breakPage } from './break-page';
import { csvResponse } from './csv';
import { cookieValue, type InboxRequest, type InboxResponse, page, redirect, securityHeaders } from './http';
import { bare, STYLE, type Viewer } from './layout';
import { listPage } from './list-page';
import { filtersOf } from './query';
import { csrfMatches, type Session, type Sessions } from './session';
import { T } from './texts';

export const COOKIE = 'recon_inbox';

export interface InboxDeps {
  readonly breaks: Breaks;
  readonly asOf: IsoDate;
  /** Who is at the keyboard, and whether they may decide (an operator) or only read (a viewer). */
  readonly identity: { readonly name: string; readonly canDecide: boolean };
  readonly acceptReasons: readonly string[];
  readonly sessions: Sessions;
  /** `Secure` on the cookie: off on http://127.0.0.1, on behind HTTPS. */
  readonly secureCookie?: boolean;
}

const HEADERS = securityHeaders(STYLE);

export function buildInbox(deps: InboxDeps) {
  const refuse = (status: number, message: string) => page(status, bare(message), HEADERS);
  const cookie = (value: string, maxAge: number) =>
    `${COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}${deps.secureCookie ? '; Secure' : ''}`;

  function signIn(req: InboxRequest): InboxResponse {
    const session = deps.sessions.exchange(req.query.get('token') ?? '');
    if (!session) return refuse(401, T.refused);
    return redirect('/', { ...HEADERS, 'Set-Cookie': cookie(session.id, 12 * 3600) });
  }

  async function get(req: InboxRequest, viewer: Viewer): Promise<InboxResponse> {
    if (req.path === '/' || req.path === '/csv') {
      const { filters, invalid } = filtersOf(req.query);
      const all = await deps.breaks.list(deps.asOf);
      const selected = all.filter((b) => matches(b, filters));
      if (req.path === '/csv') return csvResponse(selected, deps.asOf, HEADERS);
      const message = doneMessage(req.query);
      const p = {
        all,
        selected,
        filters,
        invalid,
        reasons: deps.acceptReasons,
        ...(message ? { message } : {}),
      };
      return page(200, listPage(p, viewer), HEADERS);
    }
    if (req.path === '/pendencia') {
      const shown = await deps.breaks.show(req.query.get('id') ?? '', deps.asOf);
      if (!shown) return page(404, bare(T.noBreak), HEADERS);
      const message = req.query.has('feito') ? { text: T.done, error: false } : undefined;
      const p = { ...shown, reasons: deps.acceptReasons, ...(message ? { message } : {}) };
      return page(200, breakPage(p, viewer), HEADERS);
    }
    return page(404, bare(T.notFound), HEADERS);
  }

  async function post(req: InboxRequest, session: Session, viewer: Viewer): Promise<InboxResponse> {
    if (!csrfMatches(session, req.form.get('csrf'))) return refuse(403, T.badForm);
    if (req.path === '/sair') {
      deps.sessions.revoke(session.id);
      return page(200, bare(T.signedOut), { ...HEADERS, 'Set-Cookie': cookie('', 0) });
    }
    if (!deps.identity.canDecide) return refuse(403, T.forbidden);
    const context = { ...deps, viewer, headers: HEADERS };
    if (req.path === '/decidir') return decideOne(req.form, context);
    if (req.path === '/aceitar') return bulkAccept(req.form, context);
    return page(404, bare(T.notFound), HEADERS);
  }

  return {
    async handle(req: InboxRequest): Promise<InboxResponse> {
      if (req.method === 'GET' && req.path === '/entrar') return signIn(req);
      const session = deps.sessions.find(cookieValue(req.cookie, COOKIE));
      if (!session) return refuse(401, T.refused);
      const viewer = { ...deps.identity, csrf: session.csrf };
      if (req.method === 'GET') return get(req, viewer);
      if (req.method === 'POST') return post(req, session, viewer);
      return { status: 405, headers: { ...HEADERS, Allow: 'GET, POST' }, body: '' };
    },
  };
}

export type Inbox = ReturnType<typeof buildInbox>;

/** The outcome of a bulk accept, carried in the address it redirects to. */
function doneMessage(query: URLSearchParams): string | undefined {
  if (!query.has('aceitas')) return undefined;
  const count = (name: string) => Number(query.get(name) ?? 0) || 0;
  return T.bulkDone(count('aceitas'), count('mudaram'), count('recusadas'));
}
