/**
 * The states the definition reads and writes, as zod schemas composed from the steps' contracts
 * (lambdas/core/workflow/contracts.ts), and the JSONPath builders into each: every `$.…` of
 * definition.ts, job-chain.ts and batch-download.ts comes from here, so it names a field the schema
 * has (see json-path.ts).
 */
import { z } from 'zod';
import {
  jobEndSchema,
  jobSchema,
  runSchema,
  STEP_CONTRACTS,
  stateFailureSchema,
} from '../../lambdas/core/workflow/contracts';
import { type FieldsOf, pathsIn } from './json-path';
import type { TASK_STATES, TaskStateName } from './state-names';

const index = z.number().int().min(0);

/** The execution's state: the plan's output, then what the jobs Map, the aging and the summary add. */
const runStateSchema = STEP_CONTRACTS.plan.output.extend({
  jobResults: z.array(STEP_CONTRACTS.finishJob.output),
  aging: STEP_CONTRACTS.ageReceivables.output,
  /** The summarize Task's selected result: the two fields the verdict reads. */
  summary: STEP_CONTRACTS.summarize.output,
});

/**
 * One iteration of the jobs Map: the item the Map selects, then what the job's states set
 * (`false` until set, see contracts.ts `jobStateSchema`).
 */
export const jobStateSchema = z.object({
  job: jobSchema,
  waitMode: runSchema.shape.waitMode,
  asOf: runSchema.shape.asOf,
  executionId: runSchema.shape.executionId,
  report: STEP_CONTRACTS.generateReport.output,
  cursor: STEP_CONTRACTS.downloadUntilEmpty.output,
  end: jobEndSchema,
  failure: stateFailureSchema,
  result: STEP_CONTRACTS.finishJob.output,
  /** "Plan page chunks": the start index of every chunk of batches. */
  chunks: z.object({ starts: z.array(index) }),
  /** What the webhook's task success sent, and the wait's timeout (kept, never read). */
  webhook: z.unknown(),
  webhookTimeout: stateFailureSchema,
  /** A failed "Delete report" (the job's result is kept without the deletion). */
  deleteFailure: stateFailureSchema,
});

/** One chunk of page batches: the download item without its batch, the chunk's span and start. */
export const chunkStateSchema = STEP_CONTRACTS.downloadPages.input.omit({ batchIndex: true }).extend({
  span: index,
  start: index,
  /** "Batches of chunk": the batch indexes of this chunk. */
  chunk: z.object({ indexes: z.array(index) }),
});

/** A Task state's payload: fields of its step's input schema, each a path into the state. */
export type TaskPayload<N extends TaskStateName> = FieldsOf<
  (typeof STEP_CONTRACTS)[(typeof TASK_STATES)[N]]['input']
>;

export const runPath = pathsIn(runStateSchema);
export const jobPath = pathsIn(jobStateSchema);
export const chunkPath = pathsIn(chunkStateSchema);
