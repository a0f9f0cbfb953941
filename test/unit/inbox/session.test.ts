/**
 * The local inbox's sign-in: a printed token is good once and for a while, a session ends when idle
 * or old or signed out, and a form's CSRF field must be its session's own token.
 */
import { describe, expect, it } from 'vitest';
import { buildSessions, csrfMatches, DEFAULT_LIMITS } from '../../../lambdas/core/inbox/session';

function clock(start = 1_000_000) {
  let at = start;
  return { now: () => at, pass: (ms: number) => (at += ms) };
}

describe('inbox sessions', () => {
  it('trades a token once for a session, and never twice', () => {
    const sessions = buildSessions();
    const token = sessions.issueToken();
    const session = sessions.exchange(token);
    expect(session?.id).toMatch(/^[\w-]{43}$/);
    expect(session?.csrf).toMatch(/^[\w-]{43}$/);
    expect(session?.csrf).not.toBe(session?.id);
    expect(sessions.exchange(token)).toBeUndefined();
    expect(sessions.exchange('made-up')).toBeUndefined();
    expect(sessions.find(session?.id)).toEqual(session);
  });

  it('refuses a token used after its time, and spends it anyway', () => {
    const time = clock();
    const sessions = buildSessions(time.now);
    const late = sessions.issueToken();
    time.pass(DEFAULT_LIMITS.tokenMs + 1);
    expect(sessions.exchange(late)).toBeUndefined();
    const fresh = sessions.issueToken();
    expect(sessions.exchange(fresh)).toBeDefined();
  });

  it('ends a session left idle, and one signed out', () => {
    const time = clock();
    const sessions = buildSessions(time.now);
    const idle = sessions.exchange(sessions.issueToken());
    const busy = sessions.exchange(sessions.issueToken());
    const leaving = sessions.exchange(sessions.issueToken());
    time.pass(DEFAULT_LIMITS.idleMs - 1);
    expect(sessions.find(busy?.id)).toBeDefined();
    time.pass(2);
    expect(sessions.find(idle?.id)).toBeUndefined();
    sessions.revoke(leaving?.id ?? '');
    expect(sessions.find(leaving?.id)).toBeUndefined();
    expect(sessions.find(undefined)).toBeUndefined();
  });

  it('ends a session at its absolute limit however often it is used', () => {
    const time = clock();
    const sessions = buildSessions(time.now);
    const busy = sessions.exchange(sessions.issueToken());
    const hour = 3_600_000;
    for (let used = hour; used < DEFAULT_LIMITS.maxMs; used += hour) {
      time.pass(hour);
      expect(sessions.find(busy?.id), `after ${used / hour} h`).toBeDefined();
    }
    // Used an hour ago, so not idle: only its age ends it.
    time.pass(hour + 1);
    expect(sessions.find(busy?.id)).toBeUndefined();
  });

  it("accepts a form only with its session's own CSRF token", () => {
    const sessions = buildSessions();
    const one = sessions.exchange(sessions.issueToken());
    const other = sessions.exchange(sessions.issueToken());
    if (!one || !other) throw new Error('two sessions expected');
    expect(csrfMatches(one, one.csrf)).toBe(true);
    expect(csrfMatches(one, other.csrf)).toBe(false);
    expect(csrfMatches(one, null)).toBe(false);
    expect(csrfMatches(one, '')).toBe(false);
    expect(csrfMatches(one, `${one.csrf}x`)).toBe(false);
  });
});
