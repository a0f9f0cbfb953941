/**
 * The simulator's HTTP server (node:http, no framework): admission (rate window, 429 bursts, hangs,
 * latency, auth, injected 5xx) in front of the report and webhook routes, and the test-facing API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { businessDate } from '../../../lambdas/core/calendar';
import { closeServer, listenOnLoopback } from '../../aws/endpoint';
import { simulatorStatements } from '../bank/statements';
import { bankTruth } from '../bank/truth';
import { echoRequest } from '../faults/echo';
import { buildFaultState, type FaultState } from '../faults/faults';
import { buildEncoder, type Encoder } from '../rendering/encoding';
import { message, type Reply, type RequestContext, readBody } from '../replies';
import { recordCounts } from '../reports/report-content';
import { buildIdSequence, type StoredReport } from '../reports/reports';
import { computeFeeAuditTruth } from '../truth/fee-audit-truth';
import { computeGroundTruth } from '../truth/ground-truth';
import { computeLifecycleTruth } from '../truth/lifecycle-truth';
import type { Simulator, SimulatorCredentials, SimulatorOptions, SimulatorStats } from '../types';
import { correctionsOf } from '../universe/corrections';
import { feePricingOf, generateUniverse, type Universe } from '../universe/dataset';
import { contractRatesCsv } from '../universe/fee-audit';
import { buildDeliverer } from '../webhooks/webhook-delivery';
import { buildWebhookRegistry } from '../webhooks/webhook-registry';
import { buildRateWindow } from './rate-window';
import { buildRoutes, type Route } from './routes';
import { buildReportRoutes } from './routes-reports';

export const SIMULATOR_CREDENTIALS: SimulatorCredentials = Object.freeze({
  email: 'recon-sim@example.com',
  apiToken: 'sim-token-3f9a2c7e',
});

export const CONFIGURATIONS = {
  sandbox: { sales: 35176, financial: 35177 },
  production: { sales: 81001, financial: 81002 },
} as const;

const NOMES = { sales: 'Vendas', financial: 'Financeiro' } as const;

function resolveOptions(options: SimulatorOptions) {
  const recordsPerPage = options.dataset?.recordsPerPage ?? 1000;
  if (!Number.isInteger(recordsPerPage) || recordsPerPage < 1 || recordsPerPage > 1000) {
    throw new RangeError('dataset.recordsPerPage must be an integer in 1..1000 (the provider limit)');
  }
  return {
    seed: options.seed ?? 42,
    credentials: options.credentials ?? SIMULATOR_CREDENTIALS,
    dataset: {
      sales: options.dataset?.sales ?? 400,
      from: options.dataset?.from ?? '2025-01-01',
      to: options.dataset?.to ?? '2025-03-31',
      movementDates: options.dataset?.movementDates ?? false,
      lifecycle: options.dataset?.lifecycle ?? false,
      feeAudit: options.dataset?.feeAudit ?? false,
    },
    recordsPerPage,
    timing: {
      waitingMs: options.timing?.waitingMs ?? 200,
      processingMs: options.timing?.processingMs ?? 500,
    },
    ratePerSecond: options.ratePerSecond ?? 10,
    retry: {
      attempts: options.webhookRetry?.attempts ?? 4,
      baseDelayMs: options.webhookRetry?.baseDelayMs ?? 200,
    },
  };
}

function emptyStats(): SimulatorStats {
  return {
    requests: 0,
    byRoute: {},
    rateLimited: 0,
    serverErrors: 0,
    maxRequestsInAnySecond: 0,
    tightestSpanMs: null,
    reportsGenerated: 0,
  };
}

/** Page faults: a 200 whose body is not JSON, or is cut in the middle (Content-Length of the cut body). */
function pageFault(reply: Reply, faults: FaultState): Reply {
  if (reply.status !== 200 || !reply.body) return reply;
  if (faults.strikes(faults.current().malformedPageRate)) {
    return { status: 200, body: `${reply.body.slice(0, 40)}<html>Bad Gateway</html>` };
  }
  if (faults.strikes(faults.current().truncatedPageRate)) {
    const bytes = Buffer.from(reply.body);
    return { status: 200, body: bytes.subarray(0, Math.floor(bytes.length / 2)) };
  }
  return reply;
}

function write(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  res.writeHead(reply.status, {
    ...(body
      ? { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) }
      : {}),
    ...reply.headers,
  });
  res.end(body);
}

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const config = resolveOptions(options);
  const { mode } = options;
  const clock = () => performance.now();
  const faults = buildFaultState(config.seed, options.faults);
  const rate = buildRateWindow(config.ratePerSecond);
  let stats = emptyStats();
  let universe: Universe | undefined;
  let encoder: Encoder | undefined;
  const getUniverse = () => {
    universe ??= generateUniverse({ seed: config.seed, ...config.dataset });
    return universe;
  };
  const registry = buildWebhookRegistry();
  const deliverer = buildDeliverer({ seed: config.seed, registry, faults, retry: config.retry });
  const reports = new Map<string, StoredReport>();
  const configurations = {
    sales: { id: CONFIGURATIONS[mode].sales, nome: NOMES.sales },
    financial: { id: CONFIGURATIONS[mode].financial, nome: NOMES.financial },
  };

  const reportRoutes = buildReportRoutes({
    mode,
    seed: config.seed,
    configurations,
    recordsPerPage: config.recordsPerPage,
    timing: config.timing,
    clock,
    faults,
    universe: getUniverse,
    encoder: () => {
      encoder ??= buildEncoder(getUniverse(), config.seed, mode);
      return encoder;
    },
    nextId: buildIdSequence(config.seed),
    businessToday: () => businessDate(new Date()),
    reports,
    variance: options.variance ?? false,
    onGenerated(report) {
      stats.reportsGenerated++;
      if (mode === 'sandbox') return;
      const { waitingMs, processingMs } = config.timing;
      if (faults.current().earlyDelivery) deliverer.schedule(report, waitingMs);
      else if (report.outcome === 'CONCLUIDO') deliverer.schedule(report, waitingMs + processingMs);
    },
  });

  const routes = buildRoutes({ mode, reports: reportRoutes, registry, pageFault, faults });
  const expectedAuth = `Basic ${Buffer.from(`${config.credentials.email}:${config.credentials.apiToken}`).toString('base64')}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrival = clock();
    const url = new URL(req.url ?? '/', 'http://simulator');
    const method = req.method ?? 'GET';
    const route = routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    const routeName = route?.name ?? 'unknown';
    stats.requests++;
    stats.byRoute[routeName] = (stats.byRoute[routeName] ?? 0) + 1;
    rate.arrive(arrival);
    let admission: Reply | undefined;
    if (faults.takeBurst())
      admission = message(429, 'Limite de requisições excedido', { 'retry-after': '1' });
    else {
      const decision = rate.tryAccept(arrival);
      if (!decision.allowed) {
        admission = message(429, 'Limite de requisições excedido', {
          'retry-after': String(decision.retryAfterSeconds),
        });
      }
    }
    if (admission) {
      stats.rateLimited++;
      if (!faults.current().retryAfterHeader) admission = { status: 429, body: admission.body };
    }
    if (faults.strikes(faults.current().hangRate)) return;
    const latency = faults.latency();
    const body = await readBody(req);
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency).unref());
    const reply =
      admission ?? answer(req, route, { method, path: url.pathname, query: url.searchParams, body });
    write(res, echoRequest(reply, { authorization: req.headers.authorization, body }, faults.current()));
  }

  function answer(req: IncomingMessage, route: Route | undefined, ctx: RequestContext): Reply {
    if (req.headers.authorization !== expectedAuth || faults.current().credentialsRevoked)
      return message(401, 'Credenciais inválidas');
    if (faults.strikes(faults.current().serverErrorRate)) {
      stats.serverErrors++;
      return message(faults.pick([500, 502, 503]), 'Erro interno simulado');
    }
    if (!route) return message(404, 'Recurso não encontrado');
    const param = route.pattern.exec(ctx.path)?.[1] ?? '';
    return route.handler(ctx, param);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => write(res, message(500, 'Erro interno')));
  });
  const url = await listenOnLoopback(server, options.port ?? 0);
  let closing: Promise<void> | undefined;

  return {
    url,
    mode,
    credentials: config.credentials,
    setFaults: (partial) => faults.set(partial),
    stats: () => ({
      ...stats,
      byRoute: { ...stats.byRoute },
      maxRequestsInAnySecond: rate.maxInAnySecond(),
      tightestSpanMs: rate.tightestSpanMs(),
    }),
    resetStats() {
      stats = emptyStats();
      rate.resetMeasure();
    },
    groundTruth: (q) =>
      computeGroundTruth(getUniverse(), q, {
        seed: config.seed,
        corrections: correctionsOf(faults.current()),
      }),
    lifecycleTruth: (q) =>
      computeLifecycleTruth(getUniverse(), q, {
        seed: config.seed,
        corrections: correctionsOf(faults.current()),
      }),
    feeAuditTruth: (q) => computeFeeAuditTruth(getUniverse(), q),
    contractRatesCsv: () => {
      const receivables = getUniverse().sales.records.flatMap((r) => (r.code === 'A1' ? [r.receivable] : []));
      return contractRatesCsv(receivables, feePricingOf(config.dataset));
    },
    bankTruth: (q) => bankTruth({ universe: getUniverse(), seed: config.seed }, q),
    statements: (q) => simulatorStatements({ universe: getUniverse(), seed: config.seed }, q),
    expectedRecordCounts: (q) => recordCounts(getUniverse(), config.seed, q),
    webhooks: () => registry.all().map(({ id, endpoint, flagAtivo }) => ({ id, endpoint, flagAtivo })),
    deliveries: () => [...deliverer.log()],
    /** Idempotent: cancels pending deliveries, drops hanging requests, stops listening. */
    close() {
      closing ??= (async () => {
        deliverer.close();
        server.closeAllConnections();
        await closeServer(server);
      })();
      return closing;
    },
  };
}
