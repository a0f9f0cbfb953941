import { createStepHandler } from '../runtime/step-handler';

/** Step `checkReport` of the nightly workflow (see lambdas/core/workflow/steps/report.ts). */
export const handler = createStepHandler('checkReport');
