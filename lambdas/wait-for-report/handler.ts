import { createStepHandler } from '../runtime/step-handler';

/** Step `waitForReport` of the nightly workflow (see lambdas/core/workflow/steps/report.ts). */
export const handler = createStepHandler('waitForReport');
