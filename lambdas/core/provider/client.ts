/**
 * The provider client: every operation of the spec over HTTP, behind the {@link ProviderClient} port.
 *
 * Every attempt takes a slot from the shared rate limiter first (retries included: the provider
 * counts them too), has its own timeout, and reports `{operation, attempt, status}` to `onRequest`
 * (never a header or a secret). Reads, downloads, updates and deletes are retried on transient
 * failures; creations go through {@link createOnce} so that an unknown outcome never becomes a
 * duplicate report.
 */
import { businessDate, toProviderDate } from '../calendar';
import type { RateLimiter } from '../rate-limit/port';
import { createOnce, isRetryableError } from './create-once';
import {
  AmbiguousGenerationError,
  DeleteNotAllowedError,
  InvalidRequestError,
  isUnknownOutcome,
  ProviderHttpError,
  RateLimitedError,
  ReportNotReadyError,
} from './errors';
import { buildHttp, type HttpRequest, type ProviderCredentials } from './http';
import type {
  Configuration,
  GenerateRequest,
  ProviderClient,
  Report,
  ReportFilter,
  WebhookRegistration,
} from './port';
import { type RetryPolicy, retrying } from './retry';
import {
  parseConfigurations,
  parseGenerated,
  parsePage,
  parseReports,
  parseWebhook,
  parseWebhooks,
} from './schemas';
import { isAcceptedWindow } from './windows';

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
}

const REPORT_ID = /^\d+$/;

export function buildProviderClient(deps: ProviderClientDeps): ProviderClient {
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

  /** One HTTP attempt: limiter slot, request, report; a 429 slows every caller of the limiter down. */
  async function attemptOnce<T>(
    request: HttpRequest,
    attempt: number,
    parse: (body: unknown) => T,
  ): Promise<T> {
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

  /** A call that is safe to repeat (reads, downloads, updates): retried on every retryable error. */
  function call<T>(request: HttpRequest, parse: (body: unknown) => T): Promise<T> {
    return retrying(policy, (attempt) => attemptOnce(request, attempt, parse), isRetryableError);
  }

  /** DELETE: a 404 after an attempt with unknown outcome means that attempt did delete it. */
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

  const settleMs = deps.creationSettleMs ?? 2_000;

  let configurations: Promise<Configuration[]> | undefined;
  /** Configurations change rarely: one lookup per client, forgotten if it failed. */
  function cachedConfigurations(): Promise<Configuration[]> {
    configurations ??= client.listConfigurations().catch((error: unknown) => {
      configurations = undefined;
      throw error;
    });
    return configurations;
  }

  async function reportTypeOf(request: GenerateRequest): Promise<string | undefined> {
    if (request.reportType !== undefined) return request.reportType;
    const all = await cachedConfigurations();
    return all.find((configuration) => configuration.id === request.configurationId)?.nome;
  }

  const client: ProviderClient = {
    listConfigurations: () =>
      call({ operation: 'listConfigurations', method: 'GET', path: '/retornos/configuracoes' }, (body) =>
        parseConfigurations('listConfigurations', body),
      ),

    async generate(request) {
      const operation = 'generate';
      if (!isAcceptedWindow({ from: request.from, to: request.to })) {
        throw new InvalidRequestError(
          operation,
          `period ${request.from}..${request.to} must run forward and span at most 30 days`,
        );
      }
      const httpRequest: HttpRequest = {
        operation,
        method: 'POST',
        path: '/retornos/geracao',
        body: {
          idMovFinanCfg: request.configurationId,
          dataMovimentacaoInicial: toProviderDate(request.from),
          dataMovimentacaoFinal: toProviderDate(request.to),
          filtroEstabelecimentos: request.establishments,
          filtroAdquirentes: request.acquirers,
        },
      };
      // The simulator and the provider filter on the generation date in the business time zone.
      const snapshotDay = request.before?.day ?? businessDate(new Date(now()));
      const generatedSince = () =>
        client.listReports({ generatedFrom: snapshotDay, generatedTo: businessDate(new Date(now())) });
      return createOnce(policy, settleMs, {
        operation,
        resuming: request.before !== undefined,
        async snapshot() {
          if (request.before) return new Set(request.before.ids);
          const ids = (await generatedSince()).map((report) => report.id);
          await request.onSnapshot?.({ day: snapshotDay, ids });
          return new Set(ids);
        },
        async newMatches(before) {
          const fresh = (await generatedSince()).filter((report) => !before.has(report.id));
          if (fresh.length === 0) return [];
          const reportType = await reportTypeOf(request);
          const ids = fresh.map((report) => report.id);
          // Without the type name any new report could be another configuration's: do not guess.
          if (reportType === undefined)
            throw new AmbiguousGenerationError(operation, ids, 'report type unknown');
          const wanted = normalizedType(reportType);
          return fresh
            .filter((report) => report.tipoRemessa !== null && normalizedType(report.tipoRemessa) === wanted)
            .map((report) => report.id);
        },
        attempt: (attempt) => attemptOnce(httpRequest, attempt, (body) => parseGenerated(operation, body)),
        adopt: (reportId) => ({ reportId }),
      });
    },

    async getReport(reportId) {
      const reports = await client.listReports({ id: reportId });
      return reports.find((report) => report.id === reportId);
    },

    async listReports(filter: ReportFilter = {}): Promise<Report[]> {
      const operation = filter.id === undefined ? 'listReports' : 'getReport';
      if (filter.id !== undefined) assertReportId(operation, filter.id);
      const request: HttpRequest = {
        operation,
        method: 'GET',
        path: '/retornos',
        query: {
          id: filter.id,
          dataGeracaoInicial: filter.generatedFrom && toProviderDate(filter.generatedFrom),
          dataGeracaoFinal: filter.generatedTo && toProviderDate(filter.generatedTo),
          situacao: filter.state,
        },
      };
      try {
        return await call(request, (body) => parseReports(operation, body));
      } catch (error) {
        // The provider answers 404 for an unknown id: for a lookup that is "no such report".
        if (filter.id !== undefined && error instanceof ProviderHttpError && error.status === 404) return [];
        throw error;
      }
    },

    async downloadPage(reportId, page) {
      const operation = 'downloadPage';
      assertReportId(operation, reportId);
      if (!Number.isInteger(page) || page < 1)
        throw new InvalidRequestError(operation, `bad page number ${page}`);
      return call(
        {
          operation,
          method: 'POST',
          path: '/retornos/download',
          body: { id: reportId, pagina: page },
          conflict: ReportNotReadyError,
        },
        (body) => parsePage(operation, reportId, page, body),
      );
    },

    async deleteReport(reportId) {
      assertReportId('deleteReport', reportId);
      await deleteOnce({
        operation: 'deleteReport',
        method: 'DELETE',
        path: `/retornos/${reportId}`,
        conflict: DeleteNotAllowedError,
      });
    },

    listWebhooks: () =>
      call({ operation: 'listWebhooks', method: 'GET', path: '/webhooks' }, (body) =>
        parseWebhooks('listWebhooks', body),
      ),

    createWebhook(registration) {
      const operation = 'createWebhook';
      const request: HttpRequest = {
        operation,
        method: 'POST',
        path: '/webhooks',
        body: { ...registration },
      };
      return createOnce(policy, settleMs, {
        operation,
        snapshot: async () => new Set((await client.listWebhooks()).map((webhook) => webhook.id)),
        newMatches: async (before) =>
          (await client.listWebhooks())
            .filter((webhook) => !before.has(webhook.id) && webhook.endpoint === registration.endpoint)
            .map((webhook) => webhook.id),
        attempt: (attempt) => attemptOnce(request, attempt, (body) => parseWebhook(operation, body)),
        adopt: (id) => ({ ...publicFields(registration), id }),
      });
    },

    updateWebhook(webhookId, registration) {
      const operation = 'updateWebhook';
      return call(
        {
          operation,
          method: 'PUT',
          path: `/webhooks/${encodeURIComponent(webhookId)}`,
          body: { ...registration },
        },
        // The update's answer is not documented: an empty one means "done as asked".
        (body) => parseWebhook(operation, body ?? { ...publicFields(registration), id: webhookId }),
      );
    },

    async deleteWebhook(webhookId) {
      await deleteOnce({
        operation: 'deleteWebhook',
        method: 'DELETE',
        path: `/webhooks/${encodeURIComponent(webhookId)}`,
      });
    },
  };
  return client;
}

/**
 * `tipoRemessa` is a display label, not a code: "Financeiro", "FINANCEIRO " and "Finançeiro" name the
 * same type, so compare without case, accents or extra spacing.
 */
export function normalizedType(label: string): string {
  return label.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A report id goes into JSON as a bare integer and into paths: anything but digits is refused. */
function assertReportId(operation: string, reportId: string): void {
  if (!REPORT_ID.test(reportId))
    throw new InvalidRequestError(operation, 'report id must be a decimal integer');
}

/** A registration without its signing secret, fit to be returned and logged. */
function publicFields(registration: WebhookRegistration): Record<string, unknown> {
  const { hmac: _secret, ...rest } = registration;
  return rest;
}
