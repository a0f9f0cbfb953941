/**
 * The "Delete report" step: nothing is deleted before it is safe. A report is deleted at the provider
 * only when its job COMPLETED (every page in S3 and applied in DynamoDB) or it ended in ERRO; then the
 * window no longer needs it and its kept-report record is cleared. A FAILED job keeps the report and
 * its record, so a re-run of the window resumes it instead of generating and waiting again. A report
 * past its deadline cannot be deleted (still processing) and is kept as stalled: a re-run resumes it
 * only if it finished meanwhile, and otherwise generates again instead of waiting on it once more. A
 * report that failed the window check or whose pages do not add up is kept but forgotten: resuming it
 * would fail again or count a record twice.
 * A completed window also deletes the kept reports of windows inside it. A failed delete is reported,
 * never thrown.
 */
import type { ProviderClient, ReportState } from '../../provider/port';
import type { WorkflowConfig } from '../config';
import type { JobResult, ReportDeletion, StepImplementation } from '../contracts';
import { INCOMPLETE_REPORT_ERROR } from '../download/counted-pages';
import { WINDOW_MISMATCH_ERROR } from '../download/window-check';
import type { RequestCounter } from '../request-count';
import type { KeptReports } from './kept-reports';

const TERMINAL: ReadonlySet<ReportState> = new Set(['CONCLUIDO', 'ERRO']);

/**
 * Failures that make the report itself untrustworthy: another window's records, or pages that do not
 * add up (a page missing, or one page's records served under another number, which may already be
 * applied under the wrong page). Resuming it would fail again or count a record under two pages of
 * one report; a new report is safe, since a record counts as often as the report holding it most
 * often holds it (receivables/occurrences.ts).
 */
const UNTRUSTED_REPORT = [
  { prefix: `${WINDOW_MISMATCH_ERROR}:`, why: "holds another window's records" },
  { prefix: `${INCOMPLETE_REPORT_ERROR}:`, why: 'its pages do not add up' },
];

export function buildDeleteStep(deps: {
  readonly provider: ProviderClient;
  readonly requests: RequestCounter;
  readonly keptReports: KeptReports;
  readonly config: WorkflowConfig;
}): StepImplementation<'deleteReport'> {
  const { provider } = deps;

  /** DELETE /retornos/{id}, only in CONCLUIDO or ERRO (the provider refuses other states). */
  async function deleteAtProvider(reportId: string, known: ReportState | undefined): Promise<ReportDeletion> {
    try {
      const state = known && TERMINAL.has(known) ? known : (await provider.getReport(reportId))?.situacao;
      if (!state || !TERMINAL.has(state)) return { status: 'SKIPPED', detail: `state ${state ?? 'unknown'}` };
      await provider.deleteReport(reportId);
      return { status: 'DELETED' };
    } catch (error) {
      return { status: 'FAILED', detail: `${(error as Error).name}: ${(error as Error).message}` };
    }
  }

  return async function deleteReport({ result }) {
    const done = (deletion: ReportDeletion): JobResult => ({ ...result, deletion });
    const { reportId } = result;
    if (!reportId) return done({ status: 'SKIPPED', detail: 'no report was generated' });
    if (result.outcome === 'DEADLINE_PASSED') {
      // Not ready in time (maybe never), and the provider refuses to delete it while processing: a
      // re-run resumes it if it finished meanwhile, and generates again rather than wait on it again.
      await deps.keptReports.markStalled(result, reportId);
      return done({
        status: 'SKIPPED',
        detail: 'still processing at the provider: a re-run resumes it once CONCLUIDO, else generates again',
      });
    }
    const untrusted = UNTRUSTED_REPORT.find(({ prefix }) => result.error?.startsWith(prefix));
    if (untrusted) {
      // The window forgets it; the provider keeps it (it is the evidence of what went wrong).
      await deps.keptReports.clear(result, reportId);
      return done({ status: 'KEPT', detail: `${untrusted.why}: kept, a re-run generates again` });
    }
    if (result.outcome !== 'COMPLETED' && result.reportState !== 'ERRO') {
      return done({ status: 'KEPT', detail: 'the job did not complete: a re-run of this window resumes it' });
    }
    await deps.keptReports.clear(result, reportId);
    if (deps.config.environment === 'sandbox')
      return done({ status: 'SKIPPED', detail: 'sandbox reports never leave EM_PROCESSAMENTO' });
    const { result: deletion, requests } = await deps.requests.measure(async () => {
      const own = await deleteAtProvider(reportId, result.reportState);
      if (result.outcome !== 'COMPLETED') return own;
      const swept = await sweepInside(result);
      return swept ? { ...own, detail: swept } : own;
    });
    return { ...result, providerRequests: result.providerRequests + requests, deletion };
  };

  /**
   * Kept reports of windows inside a window that just completed: every record they hold is now in
   * S3 and applied, so deleting them is safe, and no run would resume them (other bounds). One still
   * processing cannot be deleted yet and stays recorded. Says what it did, or nothing.
   */
  async function sweepInside(job: JobResult): Promise<string | undefined> {
    let swept = 0;
    try {
      for (const window of await deps.keptReports.inside(job)) {
        const state = (await provider.getReport(window.kept.reportId))?.situacao;
        if (state && !TERMINAL.has(state)) continue;
        if (state) await provider.deleteReport(window.kept.reportId);
        await deps.keptReports.clear(window, window.kept.reportId);
        if (state) swept++;
      }
    } catch (error) {
      return `kept reports inside this window not all deleted: ${(error as Error).name}: ${(error as Error).message}`;
    }
    return swept > 0 ? `also deleted ${swept} kept report(s) of windows inside this one` : undefined;
  }
}
