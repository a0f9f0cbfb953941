/**
 * How every provider call reaches the wire: a slot from the shared rate limiter first (retries
 * included: the provider counts them too), its own timeout, a report of `{operation, attempt, status}`
 * to `onRequest` (never a header or a secret), and retries on transient failures for the calls that
 * are safe to repeat. Creations use `attemptOnce` inside {@link createOnce} instead, so an unknown
 * outcome never becomes a duplicate.
 */
import type { RateLimiter } from '../rate-limit/port';
import { isRetryableError } from './create-once';
import { isUnknownOutcome, ProviderHttpError, RateLimitedError } from './errors';
import { buildHttp, type HttpRequest, type ProviderCredentials } from './http';
import { type RetryPolicy, retrying } from './retry';
import { warmHttpStack } from './warm-up';

/** What `onRequest` hears about each HTTP attempt: enough to count and log, nothing secret. */
export interface RequestInfo {
  readonly operation: string;
  /** 1 for the first attempt of a call, 2 for its first retry... */
  readonly attempt: number;
  /** HTTP status, absent when no answer came (timeout, network error). */
  readonly status?: number;
  /** Error class name when the attempt failed. */
  readonly error?: string;
}

export interface ProviderClientDeps {
  readonly baseUrl: string;
  readonly credentials: ProviderCredentials;
  readonly limiter: RateLimiter;
  readonly fetch?: typeof fetch;
  /** Budget of one attempt, headers and body included. @default 10_000 */
  readonly timeoutMs?: number;
  /** Attempts per call, the first included. @default 6 */
  readonly maxAttempts?: number;
  /** @default 200 */
  readonly baseDelayMs?: number;
  /** @default 10_000 */
  readonly maxDelayMs?: number;
  /** Longest `Retry-After` obeyed (see `http.ts`). @default 60_000 */
  readonly maxRetryAfterMs?: number;
  /**
   * After a creation attempt with an unknown outcome, how long to let it land before looking for it.
   * @default 2_000
   */
  readonly creationSettleMs?: number;
  readonly random?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Epoch milliseconds. */
  readonly now?: () => number;
  readonly onRequest?: (info: RequestInfo) => void;
  /**
   * Run once, before the first slot is claimed, so that the first request is not slowed by the
   * process's first use of its HTTP stack (warm-up.ts). @default warmHttpStack when `fetch` is not
   * given; nothing for an injected `fetch`.
   */
  readonly warmUp?: () => Promise<void>;
}

export interface Transport {
  readonly policy: RetryPolicy;
  /** Epoch milliseconds. */
  readonly now: () => number;
  /** How long an unknown creation outcome is given to land before recon looks for it. */
  readonly settleMs: number;
  /** One HTTP attempt: limiter slot, request, report; a 429 slows every caller of the limiter down. */
  attemptOnce<T>(request: HttpRequest, attempt: number, parse: (body: unknown) => T): Promise<T>;
  /** A call that is safe to repeat (reads, downloads, updates): retried on every retryable error. */
  call<T>(request: HttpRequest, parse: (body: unknown) => T): Promise<T>;
  /** DELETE: a 404 after an attempt with unknown outcome means that attempt did delete it. */
  deleteOnce(request: HttpRequest): Promise<void>;
}

export function buildTransport(deps: ProviderClientDeps): Transport {
  const now = deps.now ?? Date.now;
  const send = buildHttp({
    baseUrl: deps.baseUrl,
    credentials: deps.credentials,
    fetch: deps.fetch ?? fetch,
    timeoutMs: deps.timeoutMs ?? 10_000,
    now,
    maxRetryAfterMs: deps.maxRetryAfterMs,
  });
  const policy: RetryPolicy = {
    maxAttempts: deps.maxAttempts ?? 6,
    baseDelayMs: deps.baseDelayMs ?? 200,
    maxDelayMs: deps.maxDelayMs ?? 10_000,
    random: deps.random ?? Math.random,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };

  const warmUp = deps.warmUp ?? (deps.fetch ? async () => undefined : () => warmHttpStack());
  let warmed: Promise<void> | undefined;

  async function attemptOnce<T>(
    request: HttpRequest,
    attempt: number,
    parse: (body: unknown) => T,
  ): Promise<T> {
    // Before the slot, not after it: the warm-up's time is this caller's, not the account's budget.
    warmed ??= warmUp();
    await warmed;
    await deps.limiter.acquire();
    let status: number | undefined;
    try {
      const response = await send(request);
      status = response.status;
      const result = parse(response.body);
      deps.onRequest?.({ operation: request.operation, attempt, status });
      return result;
    } catch (error) {
      const errorStatus = (error as { status?: unknown }).status;
      status ??= typeof errorStatus === 'number' ? errorStatus : undefined;
      deps.onRequest?.({ operation: request.operation, attempt, status, error: (error as Error).name });
      if (error instanceof RateLimitedError) await deps.limiter.backOff(error.retryAfterMs);
      throw error;
    }
  }

  function call<T>(request: HttpRequest, parse: (body: unknown) => T): Promise<T> {
    return retrying(policy, (attempt) => attemptOnce(request, attempt, parse), isRetryableError);
  }

  async function deleteOnce(request: HttpRequest): Promise<void> {
    let outcomeUnknown = false;
    await retrying(
      policy,
      async (attempt) => {
        try {
          await attemptOnce(request, attempt, () => undefined);
        } catch (error) {
          if (outcomeUnknown && error instanceof ProviderHttpError && error.status === 404) return;
          outcomeUnknown ||= isUnknownOutcome(error);
          throw error;
        }
      },
      isRetryableError,
    );
  }

  return { policy, now, settleMs: deps.creationSettleMs ?? 2_000, attemptOnce, call, deleteOnce };
}
