/**
 * The end of a job and of the night: reduce a job into its result ("Finish job", also "Record job
 * failure"), age the receivables, export the night's changes, summarize the run.
 */
import { z } from 'zod';
import { mergeBatches } from '../batch-results';
import type {
  BatchResult,
  Job,
  JobOutcome,
  JobResult,
  ReportProgress,
  StepImplementation,
  StepOutput,
} from '../contracts';
import type { WorkflowDeps } from '../deps';

type SummarizeOutput = StepOutput<'summarize'>;

/** What the summarize Lambda returns to the state machine: only the fields the definition uses. */
export function machineView(output: SummarizeOutput): Omit<SummarizeOutput, 'summary'> {
  return { allCompleted: output.allCompleted, notCompleted: output.notCompleted };
}

export function buildFinishSteps(deps: WorkflowDeps) {
  return {
    /** Reduces what the job learned into its {@link JobResult}, whichever way it ended. */
    async finishJob(state) {
      const saved = state.report ? await deps.batchResults.list(state.executionId, state.job) : [];
      const batches = [...saved, ...(state.cursor?.totals ? [state.cursor.totals] : [])];
      if (state.failure) {
        const error = `${state.failure.Error}: ${causeMessage(state.failure.Cause)}`;
        return jobResult(state.job, state.report, 'FAILED', error, batches);
      }
      if (state.end) return jobResult(state.job, state.report, state.end.outcome, state.end.error, batches);
      return jobResult(state.job, state.report, 'COMPLETED', undefined, batches);
    },

    /** Nightly aging: OPEN past due date + grace becomes OVERDUE. */
    async ageReceivables({ asOf }) {
      const { becameOverdue } = await deps.ageReceivables(asOf);
      return { becameOverdue };
    },

    /** One segment of the night's changed receivables, appended to the lake's change log. */
    async exportSnapshot(request) {
      const { rows } = await deps.exportSnapshot(request);
      return { rows };
    },

    /** Writes and publishes the run summary, then closes the run marker (FAILED lets a re-run proceed). */
    async summarize({ run, jobs, aging }) {
      const summary = await deps.summarize({
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
      return { allCompleted: notCompleted === 0, notCompleted, summary };
    },
  } satisfies {
    [S in 'finishJob' | 'ageReceivables' | 'exportSnapshot' | 'summarize']: StepImplementation<S>;
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
