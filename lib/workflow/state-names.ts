/**
 * Every state name of the nightly state machine, one constant each: the definition builds its states
 * with them, the local executor binds Task states to steps and shortens waits by them, and tests look
 * for them in templates and execution histories. A rename cannot leave a caller behind.
 */
import { TASK_STATE_CONSTANTS } from '../../lambdas/core/workflow/step-catalog';

export {
  TASK_STATES,
  type TaskStateName,
} from '../../lambdas/core/workflow/step-catalog';

export const STATE = {
  /** The Task states, named in each step's record (lambdas/core/workflow/step-catalog.ts). */
  ...TASK_STATE_CONSTANTS,
  /** The jobs Map: one iteration per configuration and window. */
  fetchReports: 'Fetch reports',
  /** Polling: the wait between two checks of a report's state. */
  waitBeforeNextCheck: 'Wait before next check',
  /** The back-off after a report in ERRO, before "Generate report again". */
  waitBeforeGeneratingAgain: 'Wait before generating again',
  downloadPageBatches: 'Download page batches',
  /** After a counted report's batches: the page loop's entry past the count (short counts go on). */
  confirmPageCount: 'Confirm page count',
  downloadPageBatchesDistributed: 'Download page batches (distributed)',
  alreadyRan: 'Already ran?',
  skipped: 'Skipped: period already ran',
  exportSnapshot: 'Export snapshot',
  allReportsCompleted: 'All reports completed?',
  runSucceeded: 'Run succeeded',
  runFailed: 'Run failed',
  howToWait: 'How to wait?',
  reportReady: 'Report ready?',
  reportFailed: 'Report failed',
  deadlinePassed: 'Deadline passed',
  pastLastPage: 'Past last page?',
  startPageLoop: 'Start page loop',
  keepResultWithoutDeletion: 'Keep result without deletion',
  planPageChunks: 'Plan page chunks',
  largeReport: 'Large report?',
  /** A chunk's batches, in the inline Map and in the Distributed Map's child executions. */
  downloadChunkBatches: 'Download chunk batches',
  downloadChunkBatchesDistributed: 'Download chunk batches (distributed)',
  batchesOfChunk: 'Batches of chunk',
  batchesOfChunkDistributed: 'Batches of chunk (distributed)',
} as const;

/** The `.waitForTaskToken` state; the local executor binds it to a function that awaits the callback. */
export const WAIT_FOR_WEBHOOK_STATE = STATE.waitForReportWebhook;
export const POLL_WAIT_STATE = STATE.waitBeforeNextCheck;
export const GENERATION_BACKOFF_STATE = STATE.waitBeforeGeneratingAgain;
export const INLINE_MAP_STATE = STATE.downloadPageBatches;
export const DISTRIBUTED_MAP_STATE = STATE.downloadPageBatchesDistributed;
/** Error of the final Fail state: the summary was written, but some report did not complete. */
export const RUN_INCOMPLETE_ERROR = 'Recon.ReportsNotCompleted';
