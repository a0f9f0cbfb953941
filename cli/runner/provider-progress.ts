/**
 * A provider client that reports what it sees to the progress display: report states as they are
 * polled, and every page downloaded with its record count. Decorates the real client, so the
 * workflow's steps stay unaware of any display. Once `signal` aborts (Ctrl-C) it refuses new
 * requests, so the steps still running after the execution was aborted end at their next request.
 */
import type { ProviderClient } from '../../lambdas/core/provider/port';
import type { ProgressEvent } from './progress';

export function withProgress(
  provider: ProviderClient,
  emit: (event: ProgressEvent) => void,
  signal?: AbortSignal,
): ProviderClient {
  const call = <T>(request: () => Promise<T>): Promise<T> => {
    signal?.throwIfAborted();
    return request();
  };
  return {
    listConfigurations: () => call(() => provider.listConfigurations()),
    listReports: (filter) => call(() => provider.listReports(filter)),
    deleteReport: (reportId) => call(() => provider.deleteReport(reportId)),
    listWebhooks: () => call(() => provider.listWebhooks()),
    createWebhook: (registration) => call(() => provider.createWebhook(registration)),
    updateWebhook: (id, registration) => call(() => provider.updateWebhook(id, registration)),
    deleteWebhook: (id) => call(() => provider.deleteWebhook(id)),
    async generate(request) {
      const generated = await call(() => provider.generate(request));
      emit({
        type: 'report',
        reportId: generated.reportId,
        state: `requested (${request.from}..${request.to})`,
        pages: null,
      });
      return generated;
    },
    async getReport(reportId) {
      const report = await call(() => provider.getReport(reportId));
      if (report) emit({ type: 'report', reportId, state: report.situacao, pages: report.quantidadePaginas });
      return report;
    },
    async downloadPage(reportId, page) {
      const downloaded = await call(() => provider.downloadPage(reportId, page));
      if (!downloaded.pastLastPage) {
        emit({
          type: 'page',
          reportId,
          page,
          records: downloaded.records.length + downloaded.malformed.length,
        });
      }
      return downloaded;
    },
  };
}
