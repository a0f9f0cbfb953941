/** A client wired to a scripted fetch, a recording limiter and an instant sleep, for unit tests. */
import {
  buildProviderClient,
  type ProviderClientDeps,
  type RequestInfo,
} from '../../../lambdas/core/provider/client';
import type { RateLimiter } from '../../../lambdas/core/rate-limit/port';
import { type Reply, type SeenRequest, scriptedFetch } from './fake-fetch';

export const CREDENTIALS = { email: 'ops@example.com', apiToken: 'tok-S3CR3T-9f8e7d' };
export const BIG_ID = '1234567890123456789';
/** 2026-03-10 12:00 in São Paulo. */
export const NOW = Date.parse('2026-03-10T15:00:00Z');

export const WEBHOOK_REGISTRATION = {
  idTipoEvento: 1,
  endpoint: 'https://hooks.example.com/recon',
  hmac: 'hmac-secret-value',
  headersExtra: { 'x-recon': '1' },
  flagAtivo: 1,
};

export function recordingLimiter() {
  const limiter = {
    acquired: 0,
    backOffs: [] as (number | undefined)[],
    async acquire() {
      limiter.acquired++;
    },
    async backOff(ms?: number) {
      limiter.backOffs.push(ms);
    },
  };
  return limiter satisfies RateLimiter;
}

export function setup(
  handler: (request: SeenRequest, index: number) => Reply,
  deps: Partial<ProviderClientDeps> = {},
) {
  const { fetch, requests } = scriptedFetch(handler);
  const limiter = recordingLimiter();
  const infos: RequestInfo[] = [];
  const slept: number[] = [];
  const client = buildProviderClient({
    baseUrl: 'https://provider.test/api/',
    credentials: CREDENTIALS,
    limiter,
    fetch,
    random: () => 0.5,
    sleep: async (ms) => {
      slept.push(ms);
    },
    now: () => NOW,
    onRequest: (info) => infos.push(info),
    ...deps,
  });
  return { client, requests, limiter, infos, slept };
}
