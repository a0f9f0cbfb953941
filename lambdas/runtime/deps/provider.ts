/**
 * The provider client and its request counter: built only by the steps that call the provider
 * (their records in core/workflow/step-catalog.ts say so), so no other Lambda bundles the client.
 */
import { buildProviderClient } from '../../core/provider/client';
import type { ProviderCredentials } from '../../core/provider/http';
import type { RateLimiter } from '../../core/rate-limit/port';
import type { WorkflowDeps } from '../../core/workflow/deps';
import { createRequestCounter } from '../../core/workflow/request-count';

export interface ProviderWiring {
  readonly baseUrl: string;
  readonly credentials: ProviderCredentials;
  /** Shared by every caller of the provider account (DynamoDB limiter in AWS). */
  readonly limiter: RateLimiter;
  /** Provider client tuning for tests (fast retries). */
  readonly provider?: {
    readonly baseDelayMs?: number;
    readonly maxDelayMs?: number;
    readonly timeoutMs?: number;
  };
}

export function buildProviderDeps(wiring: ProviderWiring): Pick<WorkflowDeps, 'provider' | 'requests'> {
  const requests = createRequestCounter();
  const provider = buildProviderClient({
    baseUrl: wiring.baseUrl,
    credentials: wiring.credentials,
    limiter: wiring.limiter,
    onRequest: requests.onRequest,
    ...wiring.provider,
  });
  return { provider, requests };
}
