/**
 * How many Step Functions history events one execution of the nightly machine can write, so the
 * stage refuses a `lookbackDays` that could reach the service's hard limit of 25,000 events per
 * execution (past it the execution fails). Counted from the states of lib/workflow/ (definition.ts,
 * job-chain.ts, batch-download.ts); test/integration/workflow/history-and-state.test.ts runs the
 * synthesized definition with fake steps and checks that the events it writes equal
 * {@link executionEvents} of the path it took. The arithmetic is in docs/report-lifecycle.md.
 */
import { MAX_WINDOW_DAYS } from '../../lambdas/core/provider/windows';
import { chunkPlan } from '../../lambdas/core/workflow/download/batch-results';

export const HISTORY_EVENT_LIMIT = 25_000;
/** Half the limit for the worst path without failures: the other half absorbs retries (3 events each). */
export const HISTORY_EVENT_BUDGET = HISTORY_EVENT_LIMIT / 2;
/** Days of one generation window (`final − inicial ≤ 30`, both ends inclusive). */
export const WINDOW_DAYS = MAX_WINDOW_DAYS + 1;
/** Configurations per window: sales and financial. */
const JOBS_PER_WINDOW = 2;

/** History events per pass through a state, as the service writes them. */
export const EVENTS = {
  /** ExecutionStarted, ExecutionSucceeded (or ExecutionFailed). */
  execution: 2,
  /** TaskStateEntered, TaskScheduled, TaskStarted, TaskSucceeded (or TaskFailed), TaskStateExited. */
  task: 5,
  /** A `.waitForTaskToken` task also writes TaskSubmitted. */
  taskToken: 6,
  /** Pass, Choice, Wait, Succeed, Fail: entered and exited. */
  flow: 2,
  /** MapStateEntered, MapStateStarted, MapStateSucceeded, MapStateExited. */
  map: 4,
  /** MapIterationStarted, MapIterationSucceeded, per item of an inline Map. */
  iteration: 2,
  /** A Distributed Map also writes MapRunStarted, MapRunSucceeded; its children have their own histories. */
  distributedMap: 6,
  /** A Retry: the failure, then the task scheduled and started again. */
  retry: 3,
} as const;

/** How a job downloaded its report. */
export type DownloadPath =
  | { readonly kind: 'none' }
  /** `Download pages until empty`, called `calls` times. */
  | { readonly kind: 'pageLoop'; readonly calls: number }
  /**
   * The inline Map: `chunks` chunks holding `indexes` batch indexes in all (tail no-ops included),
   * then `Confirm page count` and `pastCountCalls` calls of the page loop (default 1: the count held).
   */
  | {
      readonly kind: 'inline';
      readonly chunks: number;
      readonly indexes: number;
      readonly pastCountCalls?: number;
    }
  | { readonly kind: 'distributed' };

/** The states one job (configuration × window) passed through. */
export interface JobPath {
  readonly waitMode: 'none' | 'poll' | 'webhook';
  /** `Check report` calls of each generation (one entry per generation; sandbox: `[0]`). */
  readonly checks: readonly number[];
  readonly download: DownloadPath;
  /** ERRO or deadline: the job ends through a Pass state before Finish job. */
  readonly endedEarly: boolean;
  /** Finish job failed: Record job failure runs too. */
  readonly failed: boolean;
  /** Delete report failed: its catch Pass runs too. */
  readonly deleteFailed: boolean;
}

/** Start page loop (or Confirm page count), then the task and `Past last page?` per call. */
const pageLoopEvents = (calls: number) => EVENTS.flow + calls * (EVENTS.task + EVENTS.flow);

function downloadEvents(download: DownloadPath): number {
  const { task, flow, map, iteration, distributedMap } = EVENTS;
  switch (download.kind) {
    case 'none':
      return 0;
    case 'pageLoop':
      return pageLoopEvents(download.calls);
    case 'inline': // Plan page chunks, Large report?, the Map; per chunk its Pass and inner Map
      return (
        2 * flow +
        map +
        download.chunks * (iteration + flow + map) +
        download.indexes * (iteration + task) +
        pageLoopEvents(download.pastCountCalls ?? 1)
      );
    case 'distributed':
      return 2 * flow + distributedMap + pageLoopEvents(1);
  }
}

/** Events of one job, its jobs-Map iteration included. */
export function jobEvents(path: JobPath): number {
  const { task, taskToken, flow, iteration } = EVENTS;
  const generations = path.checks.reduce(
    // Generate (again), How to wait?, the webhook wait, then each check with `Report ready?` and the
    // poll Wait between checks.
    (sum, checks) =>
      sum +
      task +
      flow +
      (path.waitMode === 'webhook' ? taskToken : 0) +
      checks * (task + flow) +
      Math.max(0, checks - 1) * flow,
    0,
  );
  // The back-off Wait before each generation after the first; a generation ends its own poll loop.
  const backoffs = Math.max(0, path.checks.length - 1) * flow;
  const ending =
    (path.endedEarly ? flow : 0) + task + (path.failed ? task : 0) + task + (path.deleteFailed ? flow : 0);
  return iteration + generations + backoffs + downloadEvents(path.download) + ending;
}

/** Events of one execution whose jobs took `jobs` and exported `segments` snapshot segments. */
export function executionEvents(jobs: readonly JobPath[], segments: number): number {
  const { execution, task, flow, map, iteration } = EVENTS;
  const plan = task + flow; // Plan run, Already ran?
  const jobsMap = map + jobs.reduce((sum, job) => sum + jobEvents(job), 0);
  // Age, Export, Match deposits, Summarize, verdict, end
  const after = task + map + segments * (iteration + task) + 2 * task + 2 * flow;
  return execution + plan + jobsMap + after;
}

/** The stage settings the worst path depends on. */
export interface BudgetSettings {
  readonly environment: 'sandbox' | 'production';
  readonly webhook: boolean;
  readonly pollIntervalSeconds: number;
  readonly reportDeadlineMinutes: number;
  readonly generationAttempts: number;
  readonly pagesPerBatch: number;
  readonly maxUnknownPages: number;
  readonly distributedMapThreshold: number;
  readonly batchesPerChunk: number;
  readonly snapshotSegments: number;
}

/** The longest path one job can take without a failed step (retries are the budget's other half). */
export function worstJobPath(s: BudgetSettings): JobPath {
  // Checks at 0, I, 2I, ... until the first one at or past the deadline: ceil(D / I) + 1.
  const checks = Math.ceil((s.reportDeadlineMinutes * 60) / s.pollIntervalSeconds) + 1;
  // Calls until the page past maxUnknownPages, which fails the job (past a short count: that many
  // pages past it, plus the turn that confirms the count).
  const calls = Math.ceil(s.maxUnknownPages / s.pagesPerBatch) + 1;
  const pageLoop: DownloadPath = { kind: 'pageLoop', calls };
  // At most `distributedMapThreshold` batches stay inline; larger reports are 10 events in this history.
  // A report of b ≤ threshold batches has ceil(b / chunk) chunks and fewer than one no-op per chunk.
  const { chunkSize, lastChunkStart } = chunkPlan(s.distributedMapThreshold, s.batchesPerChunk);
  const chunks = lastChunkStart / chunkSize + 1;
  const indexes = s.distributedMapThreshold + chunks - 1;
  // The worst production path: a report without a count runs the page loop alone, one with a short
  // count runs the inline Map and then the same loop, so the inline path always writes more.
  const inline: DownloadPath = { kind: 'inline', chunks, indexes, pastCountCalls: calls + 1 };
  const ends = { failed: true, deleteFailed: true };
  if (s.environment === 'sandbox')
    return { waitMode: 'none', checks: [0], download: pageLoop, endedEarly: false, ...ends };
  return {
    waitMode: s.webhook ? 'webhook' : 'poll',
    checks: Array.from({ length: s.generationAttempts }, () => checks),
    download: inline,
    endedEarly: false,
    ...ends,
  };
}

/** Worst-case events of one execution covering `windows` generation windows. */
export function worstExecutionEvents(s: BudgetSettings, windows: number): number {
  const job = worstJobPath(s);
  return executionEvents(
    Array.from({ length: windows * JOBS_PER_WINDOW }, () => job),
    s.snapshotSegments,
  );
}

/** The largest `lookbackDays` whose execution stays within {@link HISTORY_EVENT_BUDGET} (0: none). */
export function maxLookbackDays(s: BudgetSettings, limit = 366): number {
  let windows = 0;
  while (windows * WINDOW_DAYS < limit && worstExecutionEvents(s, windows + 1) <= HISTORY_EVENT_BUDGET)
    windows += 1;
  return Math.min(limit, windows * WINDOW_DAYS);
}
