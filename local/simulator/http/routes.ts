/** The route table: method + path pattern -> handler, with the names `stats().byRoute` counts by. */
import type { FaultState } from '../faults/faults';
import { message, type Reply, type RequestContext } from '../replies';
import type { SimulatorMode } from '../types';
import type { WebhookRegistry } from '../webhooks/webhook-registry';
import type { buildReportRoutes } from './routes-reports';

export type Handler = (ctx: RequestContext, param: string) => Reply;

export interface Route {
  /** e.g. `DELETE /retornos/:id`; unmatched requests count as `unknown`. */
  readonly name: string;
  readonly method: string;
  readonly pattern: RegExp;
  readonly handler: Handler;
}

export interface RoutesDeps {
  readonly mode: SimulatorMode;
  readonly reports: ReturnType<typeof buildReportRoutes>;
  readonly registry: WebhookRegistry;
  /** Applied to download answers only (malformed and truncated pages). */
  readonly pageFault: (reply: Reply, faults: FaultState) => Reply;
  readonly faults: FaultState;
}

function route(method: string, path: string, handler: Handler): Route {
  const pattern = new RegExp(`^${path.replace(':id', '([^/]+)').replaceAll('/', '\\/')}$`);
  return { name: `${method} ${path}`, method, pattern, handler };
}

export function buildRoutes({ mode, reports, registry, pageFault, faults }: RoutesDeps): Route[] {
  const webhookOnly =
    (handler: Handler): Handler =>
    (ctx, param) =>
      mode === 'sandbox' ? message(404, 'Webhooks indisponíveis no sandbox') : handler(ctx, param);
  const refusable =
    (handler: Handler): Handler =>
    (ctx, param) =>
      faults.current().refuseWebhookRegistrations ? message(400, 'endpoint recusado') : handler(ctx, param);
  return [
    route('GET', '/retornos/configuracoes', reports.configurations),
    route('POST', '/retornos/geracao', reports.generate),
    route('POST', '/retornos/download', (ctx) => pageFault(reports.download(ctx), faults)),
    route('GET', '/retornos', reports.status),
    route('DELETE', '/retornos/:id', (_ctx, id) => reports.remove(id)),
    route('POST', '/webhooks', webhookOnly(refusable(registry.create))),
    route('GET', '/webhooks', webhookOnly(registry.list)),
    route('PUT', '/webhooks/:id', webhookOnly(refusable((ctx, id) => registry.update(id, ctx)))),
    route(
      'DELETE',
      '/webhooks/:id',
      webhookOnly((_ctx, id) => registry.remove(id)),
    ),
  ];
}
