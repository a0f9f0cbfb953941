import { buildDeleteStep } from '../core/workflow/provider-report/report-cleanup';
import { keptReportsOf } from '../runtime/deps/stores';
import { providerFromEnv } from '../runtime/provider-env';
import { createStepHandler } from '../runtime/step-handler';
import { tableFromEnv, workflowConfigFromEnv } from '../runtime/workflow-env';

/** Step `deleteReport` of the nightly workflow (see lambdas/core/workflow/provider-report/report-cleanup.ts). */
export const handler = createStepHandler('deleteReport', async ({ now }) => {
  const table = { ...tableFromEnv(), now, workflowConfig: workflowConfigFromEnv() };
  return buildDeleteStep({
    ...(await providerFromEnv(table)),
    keptReports: keptReportsOf(table),
    config: table.workflowConfig,
  });
});
