/**
 * The inbox's handlers: a request in, a response out, its dependencies given (the breaks service,
 * the business date, the gate that says who signed in), so the local server and the deployed Lambda
 * host the same code. Nothing answers without a live session but the gate's own sign-in routes;
 * every POST needs the session's CSRF token, and every POST but signing out needs an operator.
 */
import { matches } from '../breaks/filters';
import type { ReportLanguage } from '../report-language';
import { type BreakSource, BULK_ACTIONS, bulkDecide, decideOne, isBulkPath, readBreak } from './actions';
import { breakPage } from './break-page';
import { csvResponse } from './csv';
import { type Gate, refusal } from './gate';
import { type InboxRequest, type InboxResponse, page } from './http';
import { bare, HEADERS, type Viewer } from './layout';
import { listPage } from './list-page';
import { filtersOf } from './query';
import { csrfMatches } from './session';
import { type PageWords, pageWordsIn } from './words';

export interface InboxDeps extends BreakSource {
  /** Who is at the keyboard: the local one-time link, or Cognito deployed (gate.ts). */
  readonly gate: Gate;
  /** The language of every page and answer: the stage's `reportLanguage`, or `--lang` locally. */
  readonly language: ReportLanguage;
}

export function buildInbox(deps: InboxDeps) {
  const words = pageWordsIn(deps.language);
  const { t, language } = words;
  async function get(req: InboxRequest, viewer: Viewer): Promise<InboxResponse> {
    if (req.path === '/' || req.path === '/csv') {
      const { filters, invalid } = filtersOf(req.query);
      const all = await deps.breaks.list(deps.asOf);
      const selected = all.filter((b) => matches(b, filters));
      if (req.path === '/csv') return csvResponse(selected, deps.asOf, HEADERS, language);
      const message = doneMessage(req.query, words);
      const p = {
        all,
        selected,
        filters,
        invalid,
        reasons: deps.acceptReasons,
        ...(message ? { message } : {}),
      };
      return page(200, listPage(p, viewer, words), HEADERS);
    }
    if (req.path === '/pendencia') {
      const shown = await readBreak(deps, req.query.get('id') ?? '');
      if (!shown) return page(404, bare(t.noBreak, language), HEADERS);
      const message = req.query.has('feito') ? { text: t.done, error: false } : undefined;
      const p = { ...shown, ...(message ? { message } : {}) };
      return page(200, breakPage(p, viewer, words), HEADERS);
    }
    return page(404, bare(t.notFound, language), HEADERS);
  }

  async function post(req: InboxRequest, viewer: Viewer): Promise<InboxResponse> {
    if (!csrfMatches(viewer.csrf, req.form.get('csrf'))) return refusal(403, t.badForm, language);
    if (req.path === '/sair') return deps.gate.signOut(req);
    if (!viewer.canDecide) return refusal(403, t.forbidden, language);
    const context = { ...deps, viewer, headers: HEADERS, words };
    if (req.path === '/decidir') return decideOne(req.form, context);
    if (isBulkPath(req.path)) return bulkDecide(req.path, req.form, context);
    return page(404, bare(t.notFound, language), HEADERS);
  }

  return {
    async handle(req: InboxRequest): Promise<InboxResponse> {
      const own = await deps.gate.answer(req);
      if (own) return own;
      const viewer = await deps.gate.who(req);
      if (!viewer) return deps.gate.refused(req);
      if (req.method === 'GET') return get(req, viewer);
      if (req.method === 'POST') return post(req, viewer);
      return { status: 405, headers: { ...HEADERS, Allow: 'GET, POST' }, body: '' };
    },
  };
}

export type Inbox = ReturnType<typeof buildInbox>;

/** The outcome of a bulk action, carried in the address it redirects to. */
function doneMessage(query: URLSearchParams, { t }: PageWords): string | undefined {
  const done = Object.values(BULK_ACTIONS).find((b) => query.has(b.done))?.done;
  if (done === undefined) return undefined;
  const count = (name: string) => Number(query.get(name) ?? 0) || 0;
  return t.bulkDone(done, count(done), count('mudaram'), count('recusadas'));
}
