/**
 * The report operations of the spec (`/retornos`): generate, list and look up, download a page,
 * delete. Generation goes through {@link createOnce}: the provider has no idempotency key, so after
 * a POST with an unknown outcome recon recognises its report as the one new report of its type since
 * the snapshot (see workflow/provider-report/generation-lease.ts for why that is sound).
 */
import { businessDate, toProviderDate } from '../calendar';
import { createOnce } from './create-once';
import {
  AmbiguousGenerationError,
  DeleteNotAllowedError,
  InvalidRequestError,
  ProviderHttpError,
  ReportNotReadyError,
} from './errors';
import type { HttpRequest } from './http';
import type { Configuration, GenerateRequest, ProviderClient, Report, ReportFilter } from './port';
import { parseGenerated, parsePage, parseReports } from './schemas';
import type { Transport } from './transport';
import { isAcceptedWindow } from './windows';

type ReportOperations = Pick<
  ProviderClient,
  'generate' | 'getReport' | 'listReports' | 'downloadPage' | 'deleteReport'
>;

const REPORT_ID = /^\d+$/;

export function buildReportOperations(
  transport: Transport,
  configurations: () => Promise<Configuration[]>,
): ReportOperations {
  const { policy, now, settleMs, attemptOnce, call } = transport;

  async function reportTypeOf(request: GenerateRequest): Promise<string | undefined> {
    if (request.reportType !== undefined) return request.reportType;
    const all = await configurations();
    return all.find((configuration) => configuration.id === request.configurationId)?.nome;
  }

  const reports: ReportOperations = {
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
        reports.listReports({ generatedFrom: snapshotDay, generatedTo: businessDate(new Date(now())) });
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
      const found = await reports.listReports({ id: reportId });
      return found.find((report) => report.id === reportId);
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
      await transport.deleteOnce({
        operation: 'deleteReport',
        method: 'DELETE',
        path: `/retornos/${reportId}`,
        conflict: DeleteNotAllowedError,
      });
    },
  };
  return reports;
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
