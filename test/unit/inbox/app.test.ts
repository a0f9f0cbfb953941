/**
 * The inbox's handlers without a browser: what answers without a session (nothing), which POSTs the
 * server refuses (no CSRF token, a viewer, no version read), what a concurrent decision answers,
 * the headers on every answer, outside text escaped on every page, and filters kept in the address.
 */
import { describe, expect, it, vi } from 'vitest';
import { DecisionRefusedError } from '../../../lambdas/core/breaks/decision';
import { DecisionConflictError } from '../../../lambdas/core/breaks/decision-store';
import type { Breaks } from '../../../lambdas/core/breaks/service';
import { buildInbox } from '../../../lambdas/core/inbox/app';
import { COOKIE, localGate } from '../../../lambdas/core/inbox/gate';
import type { InboxResponse } from '../../../lambdas/core/inbox/http';
import { filtersOf, queryOf } from '../../../lambdas/core/inbox/query';
import { buildSessions } from '../../../lambdas/core/inbox/session';
import { AS_OF, paidShort, signedInInbox, treated } from '../../support/inbox-handlers';

const HOSTILE = '<script>alert(1)</script>"\'&';
const observed = paidShort({
  subject: { acquirer: `ACQ1${HOSTILE}`, merchant: `EC1${HOSTILE}`, nsu: `1${HOSTILE}` },
});
const { view, event } = treated(observed, `nota${HOSTILE}`, `ana${HOSTILE}`);

function world(canDecide = true) {
  const decide = vi.fn(async () => ({ view, event }));
  const breaks = {
    list: async () => [view],
    show: async (id: string) => (id === view.id ? { view, events: [event] } : undefined),
    decide,
  } as unknown as Breaks;
  const signedIn = signedInInbox(breaks, { canDecide, language: 'pt-BR', acceptReasons: ['arredondamento'] });
  return { ...signedIn, decide };
}

const PAGES = ['/', '/csv', `/pendencia?id=${encodeURIComponent(view.id)}`, '/nada'];

function expectHeaders(answer: InboxResponse) {
  expect(answer.headers['Content-Security-Policy']).toMatch(
    /^default-src 'none'; style-src 'sha256-[\w+/=]+'/,
  );
  expect(answer.headers).toMatchObject({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  expect(answer.headers['Referrer-Policy']).toBe('no-referrer');
}

describe('inbox handlers', () => {
  it('answers nothing but a refusal without a session, GET or POST, and a bad token likewise', async () => {
    const { request } = world();
    for (const target of PAGES) {
      for (const method of ['GET', 'POST']) {
        const answer = await request(method, target, {}, false);
        expect(answer.status, `${method} ${target}`).toBe(401);
        expect(answer.body).not.toContain('EC1');
        expectHeaders(answer);
      }
    }
    expect((await request('GET', '/entrar?token=nope', {}, false)).status).toBe(401);
  });

  it('refuses a POST without its CSRF token, from a viewer, or without the version read', async () => {
    const operator = world();
    const form = { id: view.id, expected: '1', action: 'treat', note: 'x' };
    expect((await operator.request('POST', '/decidir', form)).status).toBe(403);
    expect((await operator.request('POST', '/decidir', { ...form, csrf: 'guess' })).status).toBe(403);
    const { expected: _e, ...unversioned } = form;
    expect(
      (await operator.request('POST', '/decidir', { ...unversioned, csrf: operator.session.csrf })).status,
    ).toBe(400);
    expect(operator.decide).not.toHaveBeenCalled();
    const ok = await operator.request('POST', '/decidir', { ...form, csrf: operator.session.csrf });
    expect(ok.status).toBe(303);
    expect(operator.decide).toHaveBeenCalledWith(
      expect.objectContaining({ actor: 'ana', expected: 1, request: { action: 'treat', note: 'x' } }),
    );

    const viewer = world(false);
    const refused = await viewer.request('POST', '/decidir', { ...form, csrf: viewer.session.csrf });
    expect(refused.status).toBe(403);
    expect(
      (await viewer.request('POST', '/aceitar', { csrf: viewer.session.csrf, sel: `1:${view.id}` })).status,
    ).toBe(403);
    expect(viewer.decide).not.toHaveBeenCalled();
  });

  it('answers a decision on a changed break with the break as it is now and what was typed', async () => {
    const { request, decide, session } = world();
    decide.mockRejectedValueOnce(new DecisionConflictError(view.id, 0, 1));
    const answer = await request('POST', '/decidir', {
      csrf: session.csrf,
      id: view.id,
      expected: '0',
      action: 'accept',
      reason: 'arredondamento',
      note: 'minha nota <b>',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toContain('A pendência mudou');
    expect(answer.body).toContain('minha nota &lt;b&gt;</textarea>');
    expect(answer.body).toContain('name="expected" value="1"');
  });

  it('words a refusal of the rules in Portuguese and writes nothing', async () => {
    const { request, decide, session } = world();
    decide.mockRejectedValueOnce(
      new DecisionRefusedError('nothing to undo on this break', 'nothing-to-undo'),
    );
    const form = { csrf: session.csrf, id: view.id, expected: '1', action: 'undo' };
    const answer = await request('POST', '/decidir', form);
    expect(answer.status).toBe(422);
    expect(answer.body).toContain(
      'Decisão recusada: não há decisão a desfazer nesta pendência. Nada foi gravado.',
    );
  });

  it('escapes outside text on the list, the break and its history', async () => {
    const { request } = world();
    for (const target of ['/', `/pendencia?id=${encodeURIComponent(view.id)}`]) {
      const answer = await request('GET', target);
      const { body, status } = answer;
      expect(status).toBe(200);
      expectHeaders(answer);
      expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
      expect(body).not.toContain('<script');
    }
  });

  it('keeps a bulk accept on its own pages, whatever return address the form carries', async () => {
    const { request, session } = world();
    const answer = await request('POST', '/aceitar', {
      csrf: session.csrf,
      sel: `1:${view.id}`,
      reason: 'arredondamento',
      note: 'centavos',
      volta: 'https://example.com/?tipo=LATE',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.Location).toBe('/?aceitas=1&mudaram=0&recusadas=0');
  });

  it('assigns a selection as a treat naming the assignee, refuses one without an assignee, and lets no form field change the action', async () => {
    const { request, session, decide } = world();
    const sel = `1:${view.id}`;
    const form = { csrf: session.csrf, sel, note: 'cobrar', action: 'undo' };
    expect((await request('POST', '/atribuir', form)).status).toBe(400);
    expect(decide).not.toHaveBeenCalled();
    const answer = await request('POST', '/atribuir', { ...form, assignee: 'bia' });
    expect(answer.headers.Location).toBe('/?atribuidas=1&mudaram=0&recusadas=0');
    expect(decide).toHaveBeenCalledWith({
      breakId: view.id,
      request: { action: 'treat', note: 'cobrar', assignee: 'bia' },
      actor: 'ana',
      expected: 1,
      asOf: AS_OF,
    });
    const list = await request('GET', '/?atribuidas=1&mudaram=1&recusadas=0');
    expect(list.body).toContain('1 pendência atribuída; 1 mudou antes (nada gravado nelas)');
  });

  it('signs in with an HttpOnly, SameSite=Strict cookie, Secure when served over HTTPS', async () => {
    for (const secureCookie of [false, true]) {
      const sessions = buildSessions();
      const breaks = {} as Breaks;
      const identity = { name: 'ana', canDecide: true };
      const gate = localGate({ sessions, identity, secureCookie, language: 'pt-BR' });
      const inbox = buildInbox({
        breaks,
        records: async () => undefined,
        asOf: AS_OF,
        acceptReasons: [],
        gate,
        language: 'pt-BR',
      });
      const token = sessions.issueToken();
      const query = new URLSearchParams({ token });
      const answer = await inbox.handle({
        method: 'GET',
        path: '/entrar',
        query,
        form: new URLSearchParams(),
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.Location).toBe('/');
      const cookie = answer.headers['Set-Cookie'] ?? '';
      expect(cookie).toMatch(
        new RegExp(`^${COOKIE}=[\\w-]{43}; HttpOnly; SameSite=Strict; Path=/; Max-Age=\\d+`),
      );
      expect(cookie.endsWith('; Secure')).toBe(secureCookie);
    }
  });

  it('shows a filter as typed, so submitting the form again selects the same', async () => {
    const { request } = world();
    const { body } = await request('GET', '/?valor_max=1234,5&idade_min=3&tipo=PAID_SHORT');
    expect(body).toContain('name="valor_max" value="1234,50"');
    expect(body).toContain('name="idade_min" value="3"');
    expect(body).toContain('<option value="PAID_SHORT" selected>');
    expect(body).toContain('href="/csv?tipo=PAID_SHORT&amp;idade_min=3&amp;valor_max=1234%2C50"');
  });

  it('reads back the filters it writes into the address', () => {
    const filters = {
      kind: 'PAID_SHORT',
      acquirer: 'ACQ 1&2',
      minAge: 3,
      maxAge: 30,
      minAmount: 5,
      maxAmount: 123_456,
    };
    expect(filtersOf(new URLSearchParams(queryOf(filters))).filters).toEqual(filters);
    expect(filtersOf(new URLSearchParams(queryOf({ all: true }))).filters).toEqual({ all: true });
    expect(filtersOf(new URLSearchParams('tipo=NOPE&valor_min=abc&idade_max=-1')).invalid).toEqual([
      'tipo',
      'idade_max',
      'valor_min',
    ]);
  });
});
