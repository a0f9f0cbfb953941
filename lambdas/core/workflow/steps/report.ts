/**
 * The report's steps at the provider: generate (report/generation.ts), check its state, wait for its webhook,
 * delete it once that is safe (report/report-cleanup.ts).
 */
import type { StepImplementation } from '../contracts';
import type { WorkflowDeps } from '../deps';
import { batchCount as batchesOf, batchLayoutOf } from '../download/batch-layout';
import { chunkPlan } from '../download/batch-results';
import { ReportVanishedError } from '../errors';
import { buildGenerateStep } from '../provider-report/generation';
import { buildDeleteStep } from '../provider-report/report-cleanup';

export function buildReportSteps(deps: WorkflowDeps) {
  return {
    /** Resumes the window's kept report or generates one under the configuration's lease. */
    generateReport: buildGenerateStep(deps),
    checkReport: buildCheckReportStep(deps),
    waitForReport: buildWaitForReportStep(deps),
    /** Deletes the report when that is safe (COMPLETED or ERRO), else keeps it for a re-run. */
    deleteReport: buildDeleteStep(deps),
  } satisfies {
    [S in 'generateReport' | 'checkReport' | 'waitForReport' | 'deleteReport']: StepImplementation<S>;
  };
}

export function buildCheckReportStep(
  deps: Pick<WorkflowDeps, 'provider' | 'config' | 'requests' | 'now'>,
): StepImplementation<'checkReport'> {
  const { provider, config, requests, now } = deps;
  /** One poll: state, page count, page batches once CONCLUIDO, and whether the deadline passed. */
  return async function checkReport({ report }) {
    const { result, requests: sent } = await requests.measure(() => provider.getReport(report.reportId));
    if (!result) throw new ReportVanishedError(report.reportId);
    const pages = result.quantidadePaginas ?? 0;
    const batchCount = result.situacao === 'CONCLUIDO' ? batchesOf(pages, batchLayoutOf(config)) : 0;
    const terminal = result.situacao === 'CONCLUIDO' || result.situacao === 'ERRO';
    // This generation is attempt number `tried`; ERRO with attempts left generates again after a back-off.
    const tried = (report.attempts?.length ?? 0) + 1;
    return {
      ...report,
      providerRequests: report.providerRequests + sent,
      situacao: result.situacao,
      pages: result.quantidadePaginas,
      deadlinePassed: !terminal && now().getTime() >= Date.parse(report.deadline),
      retryGeneration: result.situacao === 'ERRO' && tried < config.generationAttempts,
      retryDelaySeconds: config.generationBackoffSeconds * 2 ** (tried - 1),
      batchCount,
      ...chunkPlan(batchCount, config.batchesPerChunk),
      pagesUnknown: result.situacao === 'CONCLUIDO' && result.quantidadePaginas === null,
    };
  };
}

export function buildWaitForReportStep(
  deps: Pick<WorkflowDeps, 'registerWait'>,
): StepImplementation<'waitForReport'> {
  /** The `.waitForTaskToken` task: parks the token by report id; the webhook (or a prior event) resumes it. */
  return async function waitForReport({ reportId, taskToken }) {
    return { status: await deps.registerWait(reportId, taskToken) };
  };
}
