/**
 * The webhook receiver core: turns one HTTP delivery into a status code, with every dependency
 * passed in so the Lambda handler, the local HTTP server and the tests run the same code.
 *
 * Order of checks, cheapest and least trusting first, so nothing unauthenticated causes work or a
 * side effect:
 * 1. body size (413) — before decoding or hashing anything;
 * 2. signature headers present, `HMAC-SHA256`/`v1`, timestamp within the window, second factor
 *    (all 401, one generic answer so a prober learns nothing about which check failed);
 * 3. HMAC over the exact raw bytes with the current, then the previous secret (401);
 * 4. only then is the (now authentic) body parsed: not JSON or not the documented event, or an
 *    `x-request-id` that differs from the signed `requestId` (400). The header is not covered by
 *    the signature, the body is: a mismatch is a malformed request, not a forged one;
 * 5. dedupe on the signed `requestId`: a duplicate is answered 200 and does nothing;
 * 6. record the event (which resumes a waiting workflow) and answer 200 at once.
 *
 * The timestamp is not covered by the signature either, so it only turns away stale deliveries;
 * replays of a captured delivery are stopped by the dedupe (and would be harmless anyway: recording
 * an event is idempotent and a report resumes its workflow once).
 */
import { timingSafeEqual } from 'node:crypto';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMESTAMP_TOLERANCE_MS } from './config';
import type { RequestDedupe } from './dedupe';
import { parseReportEvent } from './event';
import type { ReportWaits } from './report-waits';
import { signatureMatches } from './signature';

export interface WebhookRequest {
  /** Header names in any case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
  readonly isBase64Encoded: boolean;
}

export interface WebhookResponse {
  readonly statusCode: number;
  readonly body: string;
}

/** The part of a Powertools `Logger` the receiver uses; attributes never hold secrets or signatures. */
export interface ReceiverLogger {
  info(message: string, ...attributes: Record<string, unknown>[]): void;
  warn(message: string, ...attributes: Record<string, unknown>[]): void;
  error(message: string, ...attributes: Record<string, unknown>[]): void;
}

export interface WebhookReceiverDeps {
  /** Current HMAC secret and, during a rotation, the previous one. Called per delivery (cache it). */
  readonly secrets: () => Promise<{ current: string; previous?: string }>;
  readonly waits: ReportWaits;
  readonly dedupe: RequestDedupe;
  readonly config?: {
    /** @default 300000 (5 minutes either way) */
    readonly timestampToleranceMs?: number;
    /** @default 16384 */
    readonly maxBodyBytes?: number;
    /** A header registered through `headersExtra` that must carry this secret value. */
    readonly secondFactor?: { readonly header: string; readonly value: () => Promise<string> };
  };
  readonly now: () => Date;
  readonly logger?: ReceiverLogger;
}

export interface WebhookReceiver {
  receive(request: WebhookRequest): Promise<WebhookResponse>;
}

const SIGNATURE_ALGORITHM = 'HMAC-SHA256';
const SIGNATURE_VERSION = 'v1';
/** Below this a timestamp is in seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_BELOW = 1e11;

const reply = (statusCode: number, body: Record<string, string>): WebhookResponse => ({
  statusCode,
  body: JSON.stringify(body),
});
const UNAUTHORIZED = reply(401, { message: 'unauthorized' });
const TOO_LARGE = reply(413, { message: 'payload too large' });
const INTERNAL_ERROR = reply(500, { message: 'internal error' });

/** Epoch milliseconds of an `x-timestamp` in seconds or milliseconds (the spec leaves the unit open). */
export function timestampMillis(value: string): number | undefined {
  if (!/^\d{1,16}$/.test(value)) return undefined;
  const number = Number(value);
  return number < SECONDS_BELOW ? number * 1000 : number;
}

function lowerCaseHeaders(headers: WebhookRequest['headers']): Map<string, string> {
  const result = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) result.set(name.toLowerCase(), value);
  }
  return result;
}

function sameSecret(received: string, expected: string): boolean {
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function buildWebhookReceiver(deps: WebhookReceiverDeps): WebhookReceiver {
  const tolerance = deps.config?.timestampToleranceMs ?? DEFAULT_TIMESTAMP_TOLERANCE_MS;
  const maxBodyBytes = deps.config?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const secondFactor = deps.config?.secondFactor;
  const log = deps.logger;

  /** The reason a delivery is not authentic, or undefined when it is. Never includes header values. */
  async function authenticationFailure(
    headers: Map<string, string>,
    raw: Buffer,
  ): Promise<string | undefined> {
    const signature = headers.get('x-signature');
    if (signature === undefined) return 'missing x-signature';
    if (headers.get('x-signature-algorithm') !== SIGNATURE_ALGORITHM)
      return 'unsupported x-signature-algorithm';
    if (headers.get('x-signature-version') !== SIGNATURE_VERSION) return 'unsupported x-signature-version';
    const timestamp = timestampMillis(headers.get('x-timestamp') ?? '');
    if (timestamp === undefined) return 'missing or non-numeric x-timestamp';
    if (Math.abs(deps.now().getTime() - timestamp) > tolerance) return 'x-timestamp outside the window';
    if (
      secondFactor &&
      !sameSecret(headers.get(secondFactor.header.toLowerCase()) ?? '', await secondFactor.value())
    ) {
      return 'second-factor header missing or wrong';
    }
    const { current, previous } = await deps.secrets();
    const secrets = previous ? [current, previous] : [current];
    return signatureMatches(signature, raw, secrets) ? undefined : 'signature mismatch';
  }

  async function accept(reportId: string, page: number, requestId: string): Promise<WebhookResponse> {
    if ((await deps.dedupe.claim(requestId)) === 'duplicate') {
      log?.info('duplicate delivery ignored', { requestId, reportId, page });
      return reply(200, { status: 'duplicate' });
    }
    try {
      const outcome = await deps.waits.recordEvent(reportId, page);
      log?.info('report event recorded', { requestId, reportId, page, outcome });
      return reply(200, { status: 'accepted' });
    } catch (error) {
      await deps.dedupe.release(requestId);
      throw error;
    }
  }

  return {
    async receive(request) {
      const bodyBytes = Buffer.byteLength(request.body, request.isBase64Encoded ? 'base64' : 'utf8');
      if (bodyBytes > maxBodyBytes) {
        log?.warn('webhook rejected', { reason: 'body too large', bodyBytes });
        return TOO_LARGE;
      }
      try {
        const raw = Buffer.from(request.body, request.isBase64Encoded ? 'base64' : 'utf8');
        const headers = lowerCaseHeaders(request.headers);
        const failure = await authenticationFailure(headers, raw);
        if (failure !== undefined) {
          log?.warn('webhook rejected', { reason: failure });
          return UNAUTHORIZED;
        }
        const event = parseReportEvent(raw.toString('utf8'));
        if (event === undefined) {
          log?.warn('webhook rejected', { reason: 'body is not a report event' });
          return reply(400, { message: 'invalid event body' });
        }
        if (headers.get('x-request-id') !== event.requestId) {
          log?.warn('webhook rejected', { reason: 'x-request-id differs from body requestId' });
          return reply(400, { message: 'x-request-id does not match requestId' });
        }
        return await accept(event.payload.data.id, event.payload.data.pagina, event.requestId);
      } catch (error) {
        log?.error('webhook handling failed', { errorName: (error as Error).name });
        return INTERNAL_ERROR;
      }
    },
  };
}
