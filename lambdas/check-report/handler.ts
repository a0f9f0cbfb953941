import { buildCheckReportStep } from '../core/workflow/steps/report';
import { providerFromEnv } from '../runtime/provider-env';
import { createStepHandler } from '../runtime/step-handler';
import { tableFromEnv, workflowConfigFromEnv } from '../runtime/workflow-env';

/** Step `checkReport` of the nightly workflow (see lambdas/core/workflow/steps/report.ts). */
export const handler = createStepHandler('checkReport', async ({ now }) =>
  buildCheckReportStep({ ...(await providerFromEnv(tableFromEnv())), config: workflowConfigFromEnv(), now }),
);
