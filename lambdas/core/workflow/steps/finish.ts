/**
 * The end of a job and of the night: reduce a job into its result ("Finish job", also "Record job
 * failure"), age the receivables, export the night's changes, take the bank statements in and match
 * the deposits, summarize the run. Each step has its own builder so that a Lambda wires only what its
 * step uses.
 */
import { z } from 'zod';
import type {
  BatchResult,
  Job,
  JobOutcome,
  JobResult,
  ReportProgress,
  StepImplementation,
} from '../contracts';
import type { WorkflowDeps } from '../deps';
import { mergeBatches } from '../download/batch-results';

export function buildFinishSteps(deps: WorkflowDeps) {
  return {
    finishJob: buildFinishJobStep(deps),
    ageReceivables: buildAgeReceivablesStep(deps),
    exportSnapshot: buildExportSnapshotStep(deps),
    matchDeposits: buildMatchDepositsStep(deps),
    summarize: buildSummarizeStep(deps),
  };
}

export function buildFinishJobStep(
  deps: Pick<WorkflowDeps, 'batchResults'>,
): StepImplementation<'finishJob'> {
  /** Reduces what the job learned into its {@link JobResult}, whichever way it ended. */
  return async function finishJob(state) {
    const saved = state.report ? await deps.batchResults.list(state.executionId, state.job) : [];
    const batches = [...saved, ...(state.cursor?.totals ? [state.cursor.totals] : [])];
    if (state.failure) {
      const error = `${state.failure.Error}: ${causeMessage(state.failure.Cause)}`;
      return jobResult(state.job, state.report, 'FAILED', error, batches);
    }
    if (state.end) return jobResult(state.job, state.report, state.end.outcome, state.end.error, batches);
    return jobResult(state.job, state.report, 'COMPLETED', undefined, batches);
  };
}

export function buildAgeReceivablesStep(
  deps: Pick<WorkflowDeps, 'ageReceivables'>,
): StepImplementation<'ageReceivables'> {
  /** Nightly aging: OPEN past due date + grace becomes OVERDUE. */
  return async function ageReceivables({ asOf }) {
    const { becameOverdue } = await deps.ageReceivables(asOf);
    return { becameOverdue };
  };
}

export function buildExportSnapshotStep(
  deps: Pick<WorkflowDeps, 'exportSnapshot'>,
): StepImplementation<'exportSnapshot'> {
  /** One segment of the night's changed receivables, appended to the lake's change log. */
  return async function exportSnapshot(request) {
    const { rows } = await deps.exportSnapshot(request);
    return { rows };
  };
}

export function buildMatchDepositsStep(
  deps: Pick<WorkflowDeps, 'matchDeposits'>,
): StepImplementation<'matchDeposits'> {
  /**
   * The night's changes to the bank leg, before the summary: statements in, deposits matched and the
   * results stored in the lake, where the summarize step reads them. Only counts travel in the state.
   */
  return async function matchDeposits({ from, asOf }) {
    const night = await deps.matchDeposits({ from, asOf });
    return {
      state: night.state,
      results: night.results.length,
      statementsTaken: night.inbox.taken,
      statementsRefused: night.inbox.quarantined.length + night.inbox.failed.length,
    };
  };
}

export function buildSummarizeStep(
  deps: Pick<WorkflowDeps, 'summarize' | 'runGuard'>,
): StepImplementation<'summarize'> {
  /** Writes and publishes the run summary, then closes the run marker (FAILED lets a re-run proceed). */
  return async function summarize({ run, jobs, aging }) {
    await deps.summarize({
      runId: run.runId,
      environment: run.environment,
      from: run.from,
      to: run.to,
      asOf: run.asOf,
      startedAt: run.startedAt,
      jobs,
      aging,
    });
    const notCompleted = jobs.filter((job) => job.outcome !== 'COMPLETED').length;
    await deps.runGuard.finish(run, run.executionId, notCompleted === 0 ? 'COMPLETED' : 'FAILED');
    return { allCompleted: notCompleted === 0, notCompleted };
  };
}

function jobResult(
  job: Job,
  report: ReportProgress | null | undefined,
  outcome: JobOutcome,
  error: string | undefined,
  batches: readonly BatchResult[],
): JobResult {
  const total = mergeBatches(batches);
  return {
    kind: job.kind,
    configurationId: job.configurationId,
    from: job.from,
    to: job.to,
    reportId: report?.reportId ?? null,
    ...(report?.situacao ? { reportState: report.situacao } : {}),
    ...(report?.resumed ? { resumed: true } : {}),
    ...(report
      ? { attempts: [...(report.attempts ?? []), { reportId: report.reportId, situacao: report.situacao }] }
      : {}),
    outcome,
    ...(error === undefined ? {} : { error }),
    pages: total.pages,
    counts: total.counts,
    providerRequests: (report?.providerRequests ?? 0) + total.providerRequests,
    ...(batches.length > 0 ? { receivables: total.receivables } : {}),
  };
}

/**
 * A Lambda failure's Cause is JSON `{errorType, errorMessage, trace}`; keep the message only (the
 * trace is noise in a summary). A local failure's Cause is the message itself.
 */
const lambdaCauseSchema = z.object({ errorMessage: z.string() });

function causeMessage(cause: string | undefined): string {
  if (!cause) return 'no cause given';
  try {
    const parsed = lambdaCauseSchema.safeParse(JSON.parse(cause));
    return parsed.success ? parsed.data.errorMessage : cause;
  } catch {
    return cause;
  }
}
