import { buildWaitForReportStep } from '../core/workflow/steps/report';
import { registerWaitOf } from '../runtime/deps/stores';
import { createStepHandler } from '../runtime/step-handler';
import { sendTaskSuccessFromEnv, tableFromEnv } from '../runtime/workflow-env';

/** Step `waitForReport` of the nightly workflow (see lambdas/core/workflow/steps/report.ts). */
export const handler = createStepHandler('waitForReport', ({ now }) =>
  buildWaitForReportStep({
    registerWait: registerWaitOf({ ...tableFromEnv(), now, sendTaskSuccess: sendTaskSuccessFromEnv() }),
  }),
);
