/**
 * One HTTP exchange with the provider: URL, Basic auth, JSON body with exact ids, a hard time budget
 * covering headers AND body, and the mapping of statuses to typed errors. No retries here (see
 * `retry.ts`). This is the only module that sees the credentials; anything it puts into an error is
 * redacted first, whole, and only then cut to length (`../redact.ts`).
 */

import { parseJsonPreservingIds, stringifyWithRawIds } from '../json';
import { buildRedactor, type Redactor, redactThenTruncate } from '../redact';
import { type AnswerKind, answerKind, answerPhrase, visibleKind } from './answer';
import {
  AuthenticationError,
  type DeleteNotAllowedError,
  InvalidRequestError,
  MalformedResponseError,
  ProviderError,
  ProviderHttpError,
  ProviderNetworkError,
  ProviderTimeoutError,
  RateLimitedError,
  type ReportNotReadyError,
} from './errors';

export interface ProviderCredentials {
  readonly email: string;
  readonly apiToken: string;
}

export interface HttpRequest {
  /** Name of the client operation, used in errors and request logs. */
  readonly operation: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path relative to the base URL, starting with `/`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | undefined>>;
  readonly body?: Record<string, unknown>;
  /** What a 409 means for this operation (the provider uses it for two different refusals). */
  readonly conflict?: typeof ReportNotReadyError | typeof DeleteNotAllowedError;
  /**
   * Secret values the body carries (a webhook's hmac, its extra header values): redacted from the
   * answer like the credentials, for a provider that quotes the request in its error messages.
   */
  readonly secrets?: readonly string[];
}

export interface HttpDeps {
  readonly baseUrl: string;
  readonly credentials: ProviderCredentials;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly now: () => number;
  /** Longest `Retry-After` believed; longer ones are cut to this. @default {@link DEFAULT_MAX_RETRY_AFTER_MS} */
  readonly maxRetryAfterMs?: number;
}

/** A 2xx answer; `body` is the parsed JSON (`undefined` when the body was empty). */
export interface HttpResponse {
  readonly status: number;
  readonly body: unknown;
}

/** Sends one request; resolves with a 2xx answer, throws a typed {@link ProviderError} otherwise. */
export type SendRequest = (request: HttpRequest) => Promise<HttpResponse>;

const MAX_MESSAGE_CHARS = 300;

/**
 * A `Retry-After` above this is cut to it: every retry and every caller of the shared limiter waits
 * on that value, and one `Retry-After: 86400` (a misconfigured proxy, a provider outage page) must
 * not park the night's run for a day. Longer outages surface as spent attempts, which fail loudly.
 */
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

export function buildHttp(deps: HttpDeps): SendRequest {
  const authorization = basicAuthorization(deps.credentials);
  const credentials = [deps.credentials.apiToken, authorization, authorization.slice('Basic '.length)];
  const credentialsRedactor = buildRedactor(credentials);
  // A request's own secrets join the credentials in one redactor: its single longest-first pass must
  // see every form together.
  const redactorFor = (request: HttpRequest): Redactor =>
    request.secrets?.length ? buildRedactor([...credentials, ...request.secrets]) : credentialsRedactor;
  const base = deps.baseUrl.replace(/\/+$/, '');

  return async (request) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), deps.timeoutMs);
    try {
      const response = await deps.fetch(base + request.path + queryString(request.query), {
        method: request.method,
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        body: request.body ? stringifyWithRawIds(request.body) : undefined,
        signal: controller.signal,
      });
      const text = await response.text();
      const contentType = response.headers.get('content-type');
      if (response.ok) {
        return {
          status: response.status,
          body: parseBody(request.operation, response.status, text, contentType),
        };
      }
      const kind = answerKind(contentType, text);
      const retryAfterCapMs = deps.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
      const mensagem = errorMessage(text, redactorFor(request));
      throw errorForStatus(request, response, { mensagem, kind }, deps.now(), retryAfterCapMs);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (controller.signal.aborted) throw new ProviderTimeoutError(request.operation, deps.timeoutMs);
      throw new ProviderNetworkError(request.operation, systemCode(error));
    } finally {
      clearTimeout(timer);
    }
  };
}

/** `Basic base64(email:token)`, as section 5 of the spec requires. */
export function basicAuthorization(credentials: ProviderCredentials): string {
  const pair = `${credentials.email}:${credentials.apiToken}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

function queryString(query: HttpRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, value);
  }
  const encoded = params.toString();
  return encoded ? `?${encoded}` : '';
}

/** A 2xx body, parsed once (every page of every report comes through here). */
function parseBody(operation: string, status: number, text: string, contentType: string | null): unknown {
  const visible = visibleKind(contentType, text);
  if (visible === 'empty') return undefined;
  if (visible === undefined) {
    try {
      return parseJsonPreservingIds(text);
    } catch {
      // Not JSON (a page cut short, say): retried like any other malformed answer.
    }
  }
  const kind = visible ?? 'other';
  const detail = `${answerPhrase(kind)} instead of JSON (${text.length} characters)`;
  throw new MalformedResponseError(operation, detail, kind, status);
}

/**
 * The provider's error bodies are `{"mensagem": "..."}`; anything else yields no message. Redacted
 * before the cut: a secret straddling it would otherwise no longer match and its prefix would stay.
 */
function errorMessage(text: string, redact: Redactor): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (
      typeof body === 'object' &&
      body !== null &&
      'mensagem' in body &&
      typeof body.mensagem === 'string'
    ) {
      return redactThenTruncate(body.mensagem, redact, MAX_MESSAGE_CHARS);
    }
  } catch {
    // Not JSON: the status alone describes the failure.
  }
  return undefined;
}

function errorForStatus(
  request: HttpRequest,
  response: Response,
  body: { readonly mensagem: string | undefined; readonly kind: AnswerKind },
  nowMs: number,
  retryAfterCapMs: number,
): ProviderError {
  const { operation } = request;
  const { mensagem } = body;
  switch (response.status) {
    case 400:
      return new InvalidRequestError(operation, mensagem);
    case 401:
      return new AuthenticationError(operation, mensagem);
    case 409:
      return request.conflict
        ? new request.conflict(operation, mensagem)
        : new ProviderHttpError(operation, 409, mensagem, body.kind);
    case 429:
      return new RateLimitedError(
        operation,
        retryAfterMs(response.headers.get('retry-after'), nowMs, retryAfterCapMs),
        mensagem,
      );
    default:
      return new ProviderHttpError(operation, response.status, mensagem, body.kind);
  }
}

/** `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 §10.2.3); at most `capMs`. */
function retryAfterMs(header: string | null, nowMs: number, capMs: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.min(capMs, Math.round(Number(trimmed) * 1000));
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.min(capMs, Math.max(0, at - nowMs));
}

/** The system error code (ECONNREFUSED...) behind undici's generic "fetch failed", when there is one. */
function systemCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = cause?.code;
  return typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? code : undefined;
}
