/**
 * Event delivery as the provider does it: one signed POST per page to every active webhook, with
 * redelivery (same requestId) on a non-200 answer or a network error, optional duplicate copies and
 * timers that never keep the process alive.
 */
import { createHmac } from 'node:crypto';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FaultState } from '../faults/faults';
import type { StoredReport } from '../reports/reports';
import type { DeliveryRecord } from '../types';
import { type Rng, rngFor } from '../universe/random';
import type { Webhook, WebhookRegistry } from './webhook-registry';

export interface DeliveryDeps {
  readonly seed: number;
  readonly registry: Pick<WebhookRegistry, 'active'>;
  readonly faults: FaultState;
  readonly retry: { readonly attempts: number; readonly baseDelayMs: number };
}

const SEND_TIMEOUT_MS = 5000;

/** A UUID v4 from seeded bytes, so requestIds repeat with the seed. */
function seededUuid(rng: Rng): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(rng() * 256));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function eventBody(requestId: string, reportId: string, pagina: number): string {
  return `{"version":"1.0","requestId":"${requestId}","payload":{"evento":{"code":1,"descricao":"Arquivo de remessa gerado"},"data":{"id":${reportId},"pagina":${pagina}}}}`;
}

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('base64')}`;
}

/**
 * One POST, kept in `inFlight` until it closes so that `close()` can destroy it. Not an AbortSignal
 * shared by every request: a report of many pages sends dozens at once, and each would add a
 * listener to that one signal (Node's MaxListenersExceededWarning past 10).
 */
function post(url: string, headers: Record<string, string>, body: string, inFlight: Set<ClientRequest>) {
  return new Promise<number | 'network-error'>((resolve) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req = send(url, { method: 'POST', headers, agent: false, timeout: SEND_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve('network-error'));
    });
    inFlight.add(req);
    req.on('close', () => inFlight.delete(req));
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve('network-error'));
    req.end(body);
  });
}

export function buildDeliverer(deps: DeliveryDeps) {
  const log: DeliveryRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<ClientRequest>();
  let closed = false;

  function later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) run();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  async function attempt(
    webhook: Webhook,
    event: { requestId: string; reportId: string; pagina: number },
    n: number,
  ) {
    const body = eventBody(event.requestId, event.reportId, event.pagina);
    const now = Date.now();
    const timestamp = deps.faults.current().timestampUnit === 'ms' ? now : Math.floor(now / 1000);
    const status = await post(
      webhook.endpoint,
      {
        ...webhook.headersExtra,
        'content-type': 'application/json',
        'x-request-id': event.requestId,
        'x-signature': signature(webhook.hmac, body),
        'x-signature-algorithm': 'HMAC-SHA256',
        'x-signature-version': 'v1',
        'x-timestamp': String(timestamp),
      },
      body,
      inFlight,
    );
    if (closed) return;
    log.push({ ...event, endpoint: webhook.endpoint, status, attempt: n });
    if (status !== 200 && n < deps.retry.attempts) {
      later(deps.retry.baseDelayMs * 2 ** (n - 1), () => void attempt(webhook, event, n + 1));
    }
  }

  function deliverNow(report: Pick<StoredReport, 'id' | 'pages'>): void {
    const copies = 1 + deps.faults.current().duplicateDeliveries;
    for (const webhook of deps.registry.active()) {
      for (let pagina = 1; pagina <= report.pages; pagina++) {
        const requestId = seededUuid(rngFor(deps.seed, 'request-id', report.id, pagina, webhook.id));
        for (let copy = 0; copy < copies; copy++)
          void attempt(webhook, { requestId, reportId: report.id, pagina }, 1);
      }
    }
  }

  return {
    /** Delivers the report's events after `delayMs` (to the webhooks active at that time). */
    schedule(report: Pick<StoredReport, 'id' | 'pages'>, delayMs: number): void {
      later(delayMs, () => deliverNow(report));
    },
    log: (): readonly DeliveryRecord[] => log,
    close(): void {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const req of inFlight) req.destroy();
      inFlight.clear();
    },
  };
}
