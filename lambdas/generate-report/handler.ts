import { buildGenerateStep } from '../core/workflow/provider-report/generation';
import { keptReportsOf, leasesOf } from '../runtime/deps/stores';
import { providerFromEnv } from '../runtime/provider-env';
import { createStepHandler } from '../runtime/step-handler';
import { tableFromEnv, workflowConfigFromEnv } from '../runtime/workflow-env';

/** Step `generateReport` of the nightly workflow (see lambdas/core/workflow/provider-report/generation.ts). */
export const handler = createStepHandler('generateReport', async ({ now }) => {
  const table = { ...tableFromEnv(), now, workflowConfig: workflowConfigFromEnv() };
  return buildGenerateStep({
    ...(await providerFromEnv(table)),
    leases: leasesOf(table),
    keptReports: keptReportsOf(table),
    config: table.workflowConfig,
    now,
  });
});
