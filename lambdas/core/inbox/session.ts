/**
 * Who is looking at the inbox. Locally there is no sign-in service: the server prints a link with a
 * one-time token, and opening it trades the token for a session cookie (HttpOnly, SameSite=Strict),
 * after which the token is spent. Every POST must carry the session's own CSRF token from a hidden
 * field. Tokens and session ids are kept only as SHA-256 digests, in this process's memory: a
 * restart signs everybody out.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SessionLimits {
  /** How long the printed link can be used, once. */
  readonly tokenMs: number;
  /** A session not used for this long is gone. */
  readonly idleMs: number;
  /** A session is gone this long after sign-in, used or not. */
  readonly maxMs: number;
}

export const DEFAULT_LIMITS: SessionLimits = {
  tokenMs: 15 * 60_000,
  idleMs: 2 * 3_600_000,
  maxMs: 12 * 3_600_000,
};

export interface Session {
  /** The cookie's value: the only copy is in the browser. */
  readonly id: string;
  readonly csrf: string;
}

interface Kept {
  readonly csrf: string;
  readonly since: number;
  seen: number;
}

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');
const secret = (random: (n: number) => Buffer) => random(32).toString('base64url');

export function buildSessions(
  now: () => number = Date.now,
  limits: SessionLimits = DEFAULT_LIMITS,
  random: (n: number) => Buffer = randomBytes,
) {
  const tokens = new Map<string, number>();
  const sessions = new Map<string, Kept>();
  const alive = (kept: Kept, at: number) =>
    at - kept.seen <= limits.idleMs && at - kept.since <= limits.maxMs;

  return {
    /** A new one-time sign-in token (for the printed link). */
    issueToken(): string {
      const token = secret(random);
      tokens.set(digest(token), now() + limits.tokenMs);
      return token;
    },

    /** Spends `token` (whether or not it is still valid) for a new session; undefined when refused. */
    exchange(token: string): Session | undefined {
      const key = digest(token);
      const until = tokens.get(key);
      tokens.delete(key);
      if (until === undefined || now() > until) return undefined;
      const id = secret(random);
      const csrf = secret(random);
      sessions.set(digest(id), { csrf, since: now(), seen: now() });
      return { id, csrf };
    },

    /** The live session of a cookie's value, its idle time restarted; undefined when none. */
    find(id: string | undefined): Session | undefined {
      if (!id) return undefined;
      const key = digest(id);
      const kept = sessions.get(key);
      const at = now();
      if (!kept || !alive(kept, at)) {
        sessions.delete(key);
        return undefined;
      }
      kept.seen = at;
      return { id, csrf: kept.csrf };
    },

    revoke(id: string): void {
      sessions.delete(digest(id));
    },
  };
}

export type Sessions = ReturnType<typeof buildSessions>;

/** Whether a form's CSRF field is the session's own token, compared in constant time. */
export function csrfMatches(session: Session, given: string | null): boolean {
  const a = Buffer.from(session.csrf);
  const b = Buffer.from(given ?? '');
  return a.length === b.length && timingSafeEqual(a, b);
}
