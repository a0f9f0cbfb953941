/**
 * The provider client: every operation of the spec over HTTP, behind the {@link ProviderClient} port.
 * How a call reaches the wire (rate limiter, timeout, retries) is `transport.ts`; the report and
 * webhook operations are `reports-api.ts` and `webhooks-api.ts`.
 */
import type { Configuration, ProviderClient } from './port';
import { buildReportOperations } from './reports-api';
import { parseConfigurations } from './schemas';
import { buildTransport, type ProviderClientDeps } from './transport';
import { buildWebhookOperations } from './webhooks-api';

export type { ProviderClientDeps, RequestInfo } from './transport';

export function buildProviderClient(deps: ProviderClientDeps): ProviderClient {
  const transport = buildTransport(deps);
  const listConfigurations = () =>
    transport.call(
      { operation: 'listConfigurations', method: 'GET', path: '/retornos/configuracoes' },
      (body) => parseConfigurations('listConfigurations', body),
    );

  let configurations: Promise<Configuration[]> | undefined;
  /** Configurations change rarely: one lookup per client, forgotten if it failed. */
  function cachedConfigurations(): Promise<Configuration[]> {
    configurations ??= listConfigurations().catch((error: unknown) => {
      configurations = undefined;
      throw error;
    });
    return configurations;
  }

  return {
    listConfigurations,
    ...buildReportOperations(transport, cachedConfigurations),
    ...buildWebhookOperations(transport),
  };
}
