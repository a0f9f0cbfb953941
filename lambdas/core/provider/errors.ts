/**
 * Typed failures of the provider client. Callers branch on the class (or on `retryable`), never on
 * message text. Messages carry the provider's `mensagem` when it sent one; they never carry the
 * credentials, and no error holds the request headers or the raw fetch error (whose shape we do not
 * control), so serializing an error cannot leak the token.
 */

import { type AnswerKind, answerPhrase } from './answer';

/** Base of every provider failure: which operation failed and whether trying again may help. */
export class ProviderError extends Error {
  readonly operation: string;
  readonly retryable: boolean;

  constructor(operation: string, message: string, retryable: boolean) {
    super(`${operation}: ${message}`);
    this.name = new.target.name;
    this.operation = operation;
    this.retryable = retryable;
  }
}

/**
 * An HTTP status the client has no more specific meaning for (5xx are retryable, 404 is not).
 * `answer` says what the body was: an HTML page names something other than the provider answering.
 */
export class ProviderHttpError extends ProviderError {
  readonly status: number;
  readonly answer: AnswerKind | undefined;

  constructor(operation: string, status: number, mensagem?: string, answer?: AnswerKind) {
    super(operation, `HTTP ${status}${notJson(answer)}${suffix(mensagem)}`, status >= 500);
    this.status = status;
    this.answer = answer;
  }
}

/** 429: the account's request budget is spent; `retryAfterMs` comes from `Retry-After` when sent. */
export class RateLimitedError extends ProviderError {
  readonly status = 429;
  readonly retryAfterMs: number | undefined;

  constructor(operation: string, retryAfterMs?: number, mensagem?: string) {
    super(operation, `rate limited (HTTP 429)${suffix(mensagem)}`, true);
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * 409 on download: the report is not CONCLUIDO yet. Not retried by the client: waiting for a report
 * takes minutes and belongs to the workflow (poll or webhook), not to a request loop.
 */
export class ReportNotReadyError extends ProviderError {
  readonly status = 409;

  constructor(operation: string, mensagem?: string) {
    super(operation, `report not ready (HTTP 409)${suffix(mensagem)}`, false);
  }
}

/** 409 on DELETE: only CONCLUIDO or ERRO reports may be deleted. */
export class DeleteNotAllowedError extends ProviderError {
  readonly status = 409;

  constructor(operation: string, mensagem?: string) {
    super(operation, `delete not allowed in the report's state (HTTP 409)${suffix(mensagem)}`, false);
  }
}

/** 400, or a request the client refuses to send (for example a period longer than 30 days). */
export class InvalidRequestError extends ProviderError {
  readonly status = 400;

  constructor(operation: string, mensagem?: string) {
    super(operation, `invalid request${suffix(mensagem)}`, false);
  }
}

/** 401: wrong e-mail or token. Retrying cannot help; rotating the secret can. */
export class AuthenticationError extends ProviderError {
  readonly status = 401;

  constructor(operation: string, mensagem?: string) {
    super(operation, `authentication failed (HTTP 401)${suffix(mensagem)}`, false);
  }
}

/** No complete answer within the attempt's time budget: the request may or may not have been processed. */
export class ProviderTimeoutError extends ProviderError {
  readonly timeoutMs: number;

  constructor(operation: string, timeoutMs: number) {
    super(operation, `no answer within ${timeoutMs} ms`, true);
    this.timeoutMs = timeoutMs;
  }
}

/** The connection failed (refused, reset...). `code` is the system error code when known. */
export class ProviderNetworkError extends ProviderError {
  readonly code: string | undefined;

  constructor(operation: string, code?: string) {
    super(operation, `network error${code ? ` (${code})` : ''}`, true);
    this.code = code;
  }
}

/**
 * A 2xx body that is not JSON or not the documented shape. Retried (the provider sometimes truncates
 * pages), except an HTML page: that is another server answering, and asking again cannot fix it.
 */
export class MalformedResponseError extends ProviderError {
  readonly answer: AnswerKind;
  /** The 2xx status, when the body was rejected before a status reached the caller. */
  readonly status: number | undefined;

  constructor(operation: string, detail: string, answer: AnswerKind = 'json', status?: number) {
    super(operation, `malformed response: ${detail}`, answer !== 'html');
    this.answer = answer;
    this.status = status;
  }
}

/**
 * A creation whose first outcome was unknown left several new candidates at the provider: adopting
 * one would be a guess, so the caller (or an operator) must decide. `candidateIds` lists them.
 */
export class AmbiguousGenerationError extends ProviderError {
  readonly candidateIds: readonly string[];

  constructor(operation: string, candidateIds: readonly string[], detail: string) {
    super(operation, `${detail}; candidates: ${candidateIds.join(', ')}`, false);
    this.candidateIds = candidateIds;
  }
}

/** " (an HTML page)" after the status when the body was not the provider's JSON. */
function notJson(answer: AnswerKind | undefined): string {
  return answer === 'html' || answer === 'other' ? ` (${answerPhrase(answer)})` : '';
}

function suffix(mensagem: string | undefined): string {
  return mensagem ? `: ${mensagem}` : '';
}

/**
 * True when the request may have been processed although no usable answer came back: repeating a
 * non-idempotent request after such an error could create a duplicate.
 */
export function isUnknownOutcome(error: unknown): boolean {
  return (
    error instanceof ProviderTimeoutError ||
    error instanceof ProviderNetworkError ||
    error instanceof MalformedResponseError ||
    (error instanceof ProviderHttpError && error.status >= 500)
  );
}
