import { createStepHandler } from '../runtime/step-handler';

/** Step `checkReport` of the nightly workflow (see lambdas/core/workflow/steps.ts). */
export const handler = createStepHandler('checkReport');
