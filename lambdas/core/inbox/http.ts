/**
 * The inbox's requests and responses as plain values: the handlers never touch a socket, so the
 * local server (cli/commands/inbox.ts) hosts them today and a Lambda behind the HTTP API can later.
 */
import { createHash } from 'node:crypto';
import type { SafeHtml } from '../report-kit/escape';

export interface InboxRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  /** The `Cookie` header as sent. */
  readonly cookie?: string;
  /** A POST's `application/x-www-form-urlencoded` body; empty otherwise. */
  readonly form: URLSearchParams;
}

export interface InboxResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The one inline stylesheet, allowed by its hash: no script runs on any page, none is even allowed. */
export function securityHeaders(style: string): Record<string, string> {
  const hash = createHash('sha256').update(style).digest('base64');
  return {
    'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    'X-Content-Type-Options': 'nosniff',
    // The sign-in token travels in a URL: no other site may ever see it as a referrer.
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

export function page(status: number, body: SafeHtml, headers: Record<string, string>): InboxResponse {
  return {
    status,
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
    body: `<!doctype html>${body}`,
  };
}

/** After a POST, the page to show next (a reload then repeats a GET, never the decision). */
export function redirect(location: string, headers: Record<string, string> = {}): InboxResponse {
  return { status: 303, headers: { ...headers, Location: location }, body: '' };
}

/** A cookie's value by name from a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
