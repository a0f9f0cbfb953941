import { buildPlanStep } from '../core/workflow/steps/plan';
import { runGuardOf } from '../runtime/deps/stores';
import { providerFromEnv } from '../runtime/provider-env';
import { createStepHandler } from '../runtime/step-handler';
import { tableFromEnv, workflowConfigFromEnv } from '../runtime/workflow-env';

/** Step `plan` of the nightly workflow (see lambdas/core/workflow/steps/plan.ts). */
export const handler = createStepHandler('plan', async ({ now }) => {
  const table = { ...tableFromEnv(), now };
  const workflowConfig = workflowConfigFromEnv();
  return buildPlanStep({
    ...(await providerFromEnv(table)),
    config: workflowConfig,
    runGuard: runGuardOf({ ...table, workflowConfig }),
    now,
  });
});
