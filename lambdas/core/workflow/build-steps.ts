/**
 * The nightly workflow's steps as plain async functions, JSON in and JSON out, one per entry of the
 * step catalog (step-catalog.ts). The state machine (lib/workflow/definition.ts) decides the order;
 * each Lambda handler calls exactly one of these; the local executor binds the same functions to the
 * same states. Each step is written against its typed contract (contracts.ts `STEP_CONTRACTS`) and
 * bound to it here: the input is parsed before the step runs and the output before it leaves, so a
 * definition that passes the wrong shape, or a step that answers one, fails the same way in AWS,
 * locally and in tests.
 *
 * By capability: steps/plan.ts, steps/report.ts (generate, check, wait, delete), steps/download.ts,
 * steps/finish.ts (finish the job, age, export, match deposits, summarize).
 */
import type { z } from 'zod';
import { STEP_CONTRACTS, type StepImplementation, type StepInput, type StepOutput } from './contracts';
import type { WorkflowDeps } from './deps';
import { surfaceTransient } from './errors';
import type { StepName } from './step-catalog';
import { buildDownloadSteps } from './steps/download';
import { buildFinishSteps } from './steps/finish';
import { buildPlanStep } from './steps/plan';
import { buildReportSteps } from './steps/report';

/** What a step's output parses to (what the state machine receives). */
export type StepResult<S extends StepName> = z.output<(typeof STEP_CONTRACTS)[S]['output']>;

/** A step as the state machine calls it: any JSON in, its contract's output out. */
export type BoundStep<S extends StepName> = (raw: unknown) => Promise<StepResult<S>>;

/** The contracts seen per step name, so a generic step keeps its own input and output types. */
const CONTRACTS: {
  readonly [S in StepName]: {
    readonly input: z.ZodType<StepInput<S>>;
    readonly output: z.ZodType<StepResult<S>, StepOutput<S>>;
  };
} = STEP_CONTRACTS;

/** A step answered something its output schema refuses: a bug, never retried. */
export class StepOutputError extends Error {
  constructor(step: StepName, error: z.ZodError) {
    super(`step ${step} answered outside its contract: ${error.message}`);
    this.name = 'StepOutputError';
  }
}

/**
 * The step wrapper every caller goes through (Lambda handler, local executor, tests): parses the
 * input, runs the step, parses its output; retryable failures surface under the one name the
 * definition retries.
 */
export function bindContract<S extends StepName>(
  step: S,
  implementation: StepImplementation<S>,
): BoundStep<S> {
  const contract = CONTRACTS[step];
  return async (raw) => {
    let output: StepOutput<S>;
    try {
      output = await implementation(contract.input.parse(raw));
    } catch (error) {
      throw surfaceTransient(error);
    }
    const parsed = contract.output.safeParse(output);
    if (!parsed.success) throw new StepOutputError(step, parsed.error);
    return parsed.data;
  };
}

/** Every step as written, or already bound (a bound step takes any input, so it fits too). */
export type StepImplementations = { readonly [S in StepName]: StepImplementation<S> };

/** Every step, bound to its contract. */
export type WorkflowSteps = { readonly [S in StepName]: BoundStep<S> };

export function buildWorkflowSteps(deps: WorkflowDeps): WorkflowSteps {
  const report = buildReportSteps(deps);
  const download = buildDownloadSteps(deps);
  const finish = buildFinishSteps(deps);
  return {
    plan: bindContract('plan', buildPlanStep(deps)),
    generateReport: bindContract('generateReport', report.generateReport),
    waitForReport: bindContract('waitForReport', report.waitForReport),
    checkReport: bindContract('checkReport', report.checkReport),
    downloadUntilEmpty: bindContract('downloadUntilEmpty', download.downloadUntilEmpty),
    downloadPages: bindContract('downloadPages', download.downloadPages),
    finishJob: bindContract('finishJob', finish.finishJob),
    deleteReport: bindContract('deleteReport', report.deleteReport),
    ageReceivables: bindContract('ageReceivables', finish.ageReceivables),
    exportSnapshot: bindContract('exportSnapshot', finish.exportSnapshot),
    matchDeposits: bindContract('matchDeposits', finish.matchDeposits),
    summarize: bindContract('summarize', finish.summarize),
  };
}
