/**
 * Runs the synthesized workflow definition on this machine with aws-local-stepfunctions: every Task
 * state is bound by name (see TASK_STATES in lib/workflow/state-names.ts) to the same step function the
 * Lambda would call, through the same contract wrapper (`bindContract`: input and output parsed with
 * the step's schemas, also when a test hands in a fake step); the poll Wait is shortened; the `.waitForTaskToken` state parks on a local task
 * token until `sendTaskSuccess` (webhook path) or a timeout that raises `States.Timeout`, exactly the
 * error the definition catches to fall back to polling.
 *
 * `local/polyfills.ts` must be imported before this module on Node 20.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import { ExecutionError, StateMachine } from 'aws-local-stepfunctions';
import { z } from 'zod';
import { summaryKeys } from '../../lambdas/core/report/summarizer';
import {
  type BoundStep,
  bindContract,
  type StepImplementations,
} from '../../lambdas/core/workflow/build-steps';
import {
  type ExecutionInput,
  type JobResult,
  jobResultSchema,
  STEP_CONTRACTS,
} from '../../lambdas/core/workflow/contracts';
import type { StepName } from '../../lambdas/core/workflow/step-catalog';
import {
  GENERATION_BACKOFF_STATE,
  POLL_WAIT_STATE,
  STATE,
  TASK_STATES,
  WAIT_FOR_WEBHOOK_STATE,
} from '../../lib/workflow/state-names';
import type { WorkflowDefinition } from './definition';
import { trackInFlight } from './in-flight';
import type { LocalTaskTokens } from './task-tokens';

type Json = Parameters<StateMachine['run']>[0];

export interface LocalRunOptions {
  readonly definition: WorkflowDefinition;
  readonly steps: StepImplementations;
  readonly taskTokens: LocalTaskTokens;
  readonly input?: ExecutionInput;
  /** @default a random name, like the service's default */
  readonly executionName?: string;
  /** Milliseconds the poll Wait state pauses. @default 20 */
  readonly pollWaitMs?: number;
  /** Milliseconds between Retry attempts of any state. @default 10 */
  readonly retryIntervalMs?: number;
  /** How long the webhook wait lasts before `States.Timeout`. @default the definition's TimeoutSeconds */
  readonly webhookTimeoutMs?: number;
  /** Called for every state entered (nested Map iterations included), e.g. to show progress. */
  readonly onStateEntered?: (stateName: string) => void;
  /** Called when the webhook wait parks a token (after registering it), e.g. to log or deliver. */
  readonly onTaskToken?: (token: string, reportId: string) => void;
  /** Sees every event of the execution's log (benchmarks count state transitions with it). */
  readonly onEvent?: (event: { readonly type: string }) => void;
  /** Aborts the execution (Ctrl-C): the result then rejects with the engine's `ExecutionAbortedError`. */
  readonly signal?: AbortSignal;
  /** The bucket the summarize step writes to: the result's `summary` is read from there, as deployed. */
  readonly summaries?: { readonly s3: S3Client; readonly bucket: string };
}

export interface LocalRunResult {
  readonly status: 'SUCCEEDED' | 'FAILED';
  readonly executionId: string;
  readonly output?: unknown;
  /** Error name and cause of a failed execution (e.g. `Recon.ReportsNotCompleted`). */
  readonly error?: { readonly name: string; readonly cause: string };
  /** The run's summary.json from the bucket (absent without `summaries` or when no summary was written). */
  readonly summary?: unknown;
  /** The job results the summarize state was entered with (absent when the run stopped before it). */
  readonly jobs?: readonly JobResult[];
  /** Retries per state name, from the execution's event log. */
  readonly retries: Readonly<Record<string, number>>;
}

export async function runWorkflowLocally(options: LocalRunOptions): Promise<LocalRunResult> {
  // An execution that ends early (a failed Map iteration, Ctrl-C) leaves step calls running, as in
  // AWS; the result waits for them, so the caller never closes the stores under a step still writing.
  const { steps, settled } = trackInFlight(options.steps);
  const executionName = options.executionName ?? randomUUID();
  const executionId = `arn:aws:states:us-east-1:000000000000:execution:recon-local:${executionName}`;
  let jobs: JobResult[] | undefined;

  const handlers: Record<string, (input: Json) => Promise<Json>> = {};
  for (const [state, step] of Object.entries(TASK_STATES)) {
    const run = bound(step, steps);
    handlers[state] = async (input) => toJson(await run(input));
  }
  handlers[WAIT_FOR_WEBHOOK_STATE] = (input) =>
    waitForCallback(input, bound('waitForReport', steps), options);

  const machine = new StateMachine(options.definition, { validationOptions: { noValidate: true } });
  const retryIntervalMs = options.retryIntervalMs ?? 10;
  const execution = machine.run(options.input ?? {}, {
    overrides: {
      taskResourceLocalHandlers: handlers,
      waitTimeOverrides: {
        [POLL_WAIT_STATE]: options.pollWaitMs ?? 20,
        [GENERATION_BACKOFF_STATE]: options.pollWaitMs ?? 20,
      },
      retryIntervalOverrides: Object.fromEntries(
        Object.keys(TASK_STATES).map((state) => [state, retryIntervalMs]),
      ),
    },
    context: { Execution: { Id: executionId, Name: executionName }, Task: { Token: 'bound-locally' } },
  });
  const abort = () => execution.abort();
  if (options.signal?.aborted) abort();
  else options.signal?.addEventListener('abort', abort, { once: true });
  const retries: Record<string, number> = {};
  const counting = (async () => {
    for await (const event of execution.eventLogs) {
      options.onEvent?.(event);
      if (event.type === 'StateEntered') options.onStateEntered?.(event.state.name);
      if (event.type === 'StateRetried') retries[event.state.name] = (retries[event.state.name] ?? 0) + 1;
      // What the execution history shows deployed: the state input the summarize task was entered with.
      if (event.type === 'StateEntered' && event.state.name === STATE.summarizeRun)
        jobs = summarizeStateSchema.parse(event.state.input).jobResults;
    }
  })();
  try {
    const output = await execution.result;
    await counting;
    const summary = await readSummary(options, executionName);
    return { status: 'SUCCEEDED', executionId, output, summary, jobs, retries };
  } catch (error) {
    await counting;
    if (!(error instanceof ExecutionError)) throw error;
    const cause = (error as Error & { cause?: Error }).cause;
    return {
      status: 'FAILED',
      executionId,
      error: { name: cause?.name ?? 'Unknown', cause: cause?.message ?? error.message },
      summary: await readSummary(options, executionName),
      jobs,
      retries,
    };
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await settled();
  }
}

/** A step as its Task state runs it: JSON in, parsed with the step's contract both ways. */
function bound<S extends StepName>(step: S, steps: StepImplementations): BoundStep<S> {
  return bindContract(step, steps[step]);
}

/** What the engine receives: the answer as JSON, as the Lambda integration serializes it. */
function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value));
}

/** The part of the summarize state's input this executor reports: the night's job results. */
const summarizeStateSchema = z.object({ jobResults: z.array(jobResultSchema) });

/** The webhook wait's input: the Lambda integration's request (not payload-only), around the step's input. */
const callbackInputSchema = z.object({
  Payload: STEP_CONTRACTS.waitForReport.input.pick({ reportId: true }),
});

/** The run's summary.json, where the deployed summarize step leaves it (the run id is the execution name). */
async function readSummary(options: LocalRunOptions, runId: string): Promise<unknown> {
  if (!options.summaries) return undefined;
  const { s3, bucket } = options.summaries;
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: summaryKeys(runId).json }));
    const text = await object.Body?.transformToString();
    return text === undefined ? undefined : JSON.parse(text);
  } catch (error) {
    if (error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

class StatesTimeout extends Error {
  constructor() {
    super('the webhook did not resume the task in time');
    this.name = 'States.Timeout';
  }
}

/** The `.waitForTaskToken` state: register a fresh token with the wait step, then await its success. */
async function waitForCallback(
  input: Json,
  waitForReport: BoundStep<'waitForReport'>,
  options: LocalRunOptions,
): Promise<Json> {
  const { Payload } = callbackInputSchema.parse(input);
  const { token, completion } = options.taskTokens.issue();
  await waitForReport({ reportId: Payload.reportId, taskToken: token });
  options.onTaskToken?.(token, Payload.reportId);
  if (options.webhookTimeoutMs === undefined) return toJson(await completion);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      options.taskTokens.expire(token);
      reject(new StatesTimeout());
    }, options.webhookTimeoutMs);
  });
  try {
    return toJson(await Promise.race([completion, timeout]));
  } finally {
    clearTimeout(timer);
  }
}
