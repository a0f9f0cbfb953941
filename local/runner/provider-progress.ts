/**
 * A provider client that reports what it sees to the progress display: report states as they are
 * polled, and every page downloaded with its record count. Decorates the real client, so the
 * workflow's steps stay unaware of any display.
 */
import type { ProviderClient } from '../../lambdas/core/provider/port';
import type { ProgressEvent } from './progress';

export function withProgress(provider: ProviderClient, emit: (event: ProgressEvent) => void): ProviderClient {
  return {
    listConfigurations: () => provider.listConfigurations(),
    listReports: (filter) => provider.listReports(filter),
    deleteReport: (reportId) => provider.deleteReport(reportId),
    listWebhooks: () => provider.listWebhooks(),
    createWebhook: (registration) => provider.createWebhook(registration),
    updateWebhook: (id, registration) => provider.updateWebhook(id, registration),
    deleteWebhook: (id) => provider.deleteWebhook(id),
    async generate(request) {
      const generated = await provider.generate(request);
      emit({
        type: 'report',
        reportId: generated.reportId,
        state: `requested (${request.from}..${request.to})`,
        pages: null,
      });
      return generated;
    },
    async getReport(reportId) {
      const report = await provider.getReport(reportId);
      if (report) emit({ type: 'report', reportId, state: report.situacao, pages: report.quantidadePaginas });
      return report;
    },
    async downloadPage(reportId, page) {
      const downloaded = await provider.downloadPage(reportId, page);
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
