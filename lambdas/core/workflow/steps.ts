/**
 * The nightly workflow's steps as plain async functions, JSON in and JSON out, one per entry of the
 * step catalog (step-catalog.ts). The state machine (lib/workflow/definition.ts) decides the order;
 * each Lambda handler calls exactly one of these; the local executor binds the same functions to the
 * same states. Every input is parsed with its zod contract (contracts.ts), so a definition that
 * passes the wrong shape fails the same way in AWS, locally and in tests.
 *
 * By capability: steps/plan.ts, steps/report.ts (generate, check, wait, delete), steps/download.ts,
 * steps/finish.ts (finish the job, age, export, summarize).
 */
import type { WorkflowDeps } from './deps';
import { surfaceTransient } from './errors';
import type { StepName } from './step-catalog';
import { buildDownloadSteps } from './steps/download';
import { buildFinishSteps } from './steps/finish';
import { buildPlanStep } from './steps/plan';
import { buildReportSteps } from './steps/report';

type Step = (input: unknown) => Promise<unknown>;

/** Wraps every step so retryable failures surface under the one name the definition retries. */
function surfacing<S extends Record<StepName, Step>>(steps: S): S {
  const wrapped: Record<string, Step> = {};
  for (const [name, step] of Object.entries(steps)) {
    wrapped[name] = async (input) => {
      try {
        return await step(input);
      } catch (error) {
        throw surfaceTransient(error);
      }
    };
  }
  return wrapped as S;
}

export function buildWorkflowSteps(deps: WorkflowDeps) {
  return surfacing({
    plan: buildPlanStep(deps),
    ...buildReportSteps(deps),
    ...buildDownloadSteps(deps),
    ...buildFinishSteps(deps),
  });
}

export type WorkflowSteps = ReturnType<typeof buildWorkflowSteps>;
