/**
 * A `--provider-url` that is wrong should fail the run in seconds, in one sentence naming the address
 * and the cause. The run itself cannot say it well: its client retries network errors with backoff
 * (20 s and more of silence for a mistyped port), and every job of the plan fails on its own with a
 * typed error. So a local run first makes the call its pipeline starts with, once, without retries:
 * the configuration list (production) or today's report list (the sandbox's fixed ids need none).
 * No answer, an answer that is not the provider's JSON, or refused credentials end the run here; an
 * answer the provider may give while it is busy (5xx, 429) lets the run go on and retry as usual.
 */
import { businessDate } from '../../lambdas/core/calendar';
import { answerPhrase } from '../../lambdas/core/provider/answer';
import { buildProviderClient } from '../../lambdas/core/provider/client';
import {
  AuthenticationError,
  MalformedResponseError,
  ProviderError,
  ProviderHttpError,
  ProviderNetworkError,
  ProviderTimeoutError,
  RateLimitedError,
} from '../../lambdas/core/provider/errors';
import type { ProviderCredentials } from '../../lambdas/core/provider/http';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { RunFailedError } from '../errors';

const PROBE_TIMEOUT_MS = 5_000;

export interface ProbeOptions {
  readonly baseUrl: string;
  readonly env: ProviderEnvironment;
  readonly credentials: ProviderCredentials;
  readonly signal?: AbortSignal;
  readonly fetch?: typeof fetch;
}

/** What the probe saw: the call it made and the requests it sent (the sentence states the count). */
interface Probe {
  readonly call: string;
  requests: number;
  status?: number;
}

export async function assertReachable(options: ProbeOptions): Promise<void> {
  const probe: Probe = {
    call: options.env === 'production' ? 'GET /retornos/configuracoes' : 'GET /retornos',
    requests: 0,
  };
  const baseFetch = options.fetch ?? fetch;
  const client = buildProviderClient({
    baseUrl: options.baseUrl,
    credentials: options.credentials,
    // One request before anything else runs: nothing to share a rate with yet.
    limiter: { acquire: async () => undefined, backOff: async () => undefined },
    fetch: (input, init) => baseFetch(input, { ...init, signal: anyOf(init?.signal, options.signal) }),
    timeoutMs: PROBE_TIMEOUT_MS,
    maxAttempts: 1,
    onRequest: (info) => {
      probe.requests++;
      probe.status = info.status;
    },
  });
  const today = businessDate(new Date());
  try {
    if (options.env === 'production') await client.listConfigurations();
    else await client.listReports({ generatedFrom: today, generatedTo: today });
  } catch (error) {
    options.signal?.throwIfAborted();
    if (!(error instanceof ProviderError)) throw error;
    const sentence = explain(shownUrl(options.baseUrl), probe, error);
    if (sentence) throw new RunFailedError(sentence);
  }
}

/**
 * The one sentence for a failed probe, or undefined when the run should go on (the provider is busy
 * or rate limited: its retries are the run's business).
 */
function explain(url: string, probe: Probe, error: ProviderError): string | undefined {
  const made = `${probe.requests} request${probe.requests === 1 ? '' : 's'} made`;
  if (error instanceof ProviderTimeoutError)
    return `cannot reach the provider at ${url}: no answer within ${PROBE_TIMEOUT_MS / 1000} s (${made}).`;
  if (error instanceof ProviderNetworkError)
    return `cannot reach the provider at ${url}: ${networkReason(error.code)}.`;
  if (error instanceof RateLimitedError) return undefined;
  if (error instanceof AuthenticationError)
    return `${url} refused the credentials: ${probe.call} answered HTTP 401 (${made}). Check RECON_EMAIL and RECON_API_TOKEN.`;
  if (error instanceof ProviderHttpError && error.retryable) return undefined;
  const answered = answerOf(probe, error);
  return `${url} does not look like the remittance-report API: ${probe.call} answered ${answered} (${made}). Check --provider-url.`;
}

/** "HTTP 404 with an HTML page", "HTTP 200 with JSON of another shape"... */
function answerOf(probe: Probe, error: ProviderError): string {
  const status = `HTTP ${probe.status ?? (error as { status?: number }).status ?? '?'}`;
  if (error instanceof MalformedResponseError) {
    return error.answer === 'json'
      ? `${status} with JSON of another shape`
      : `${status} with ${answerPhrase(error.answer)} instead of JSON`;
  }
  const answer = error instanceof ProviderHttpError ? error.answer : undefined;
  return answer === undefined || answer === 'json' ? status : `${status} with ${answerPhrase(answer)}`;
}

function networkReason(code: string | undefined): string {
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND') return 'host not found';
  return code ? `network error (${code})` : 'network error';
}

/** The address as typed, minus any user and password written into it. */
function shownUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    if (!url.username && !url.password) return baseUrl;
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return baseUrl;
  }
}

function anyOf(a: AbortSignal | null | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (!a) return b;
  return b ? AbortSignal.any([a, b]) : a;
}
